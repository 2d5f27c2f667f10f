/** Spec section 8: an unauthorised game action shows a toast, then goes to /api/login after 0.5 s. */
import { toast } from '../../stores/toast.ts';

export const LOGIN_REDIRECT_MS = 500;
let redirecting = false;

export function handleUnauthorized(navigate: (url: string) => void = (url) => location.assign(url)): void {
  if (redirecting) return;
  redirecting = true;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => navigate('/api/login'), LOGIN_REDIRECT_MS);
}

/** Tests only. */
export function resetUnauthorized(): void {
  redirecting = false;
}
