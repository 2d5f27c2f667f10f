/** The toast system: `toast({ title, description, variant })` from anywhere, `<Toaster />` once per page. */
export {
  toast,
  dismissToast,
  $toast,
  TOAST_DURATION_MS,
  TOAST_SWIPE_DISMISS_PX,
  type Toast,
  type ToastInput,
  type ToastVariant,
} from '../../../stores/toast.ts';
export { Toaster, swipeDismisses } from './Toaster.tsx';
