import { describe, expect, test } from 'bun:test';
import { $toast, dismissToast, toast, TOAST_DURATION_MS } from '../../../stores/toast.ts';
import { swipeDismisses } from './Toaster.tsx';

describe('toasts', () => {
  test('one at a time: a new toast replaces the current one; 5 s and the default variant unless told', () => {
    const first = toast({ title: 'One' });
    expect($toast.get()).toMatchObject({ id: first, title: 'One', variant: 'default', duration: TOAST_DURATION_MS });
    const second = toast({
      title: 'Movement Failed',
      description: 'Could not move to that position',
      variant: 'destructive',
      duration: 100,
    });
    expect($toast.get()).toMatchObject({ id: second, variant: 'destructive', duration: 100 });
    dismissToast(first); // already replaced: nothing happens
    expect($toast.get()?.id).toBe(second);
    dismissToast(second);
    expect($toast.get()).toBeNull();
  });

  test('a swipe right of 50 px or more dismisses', () => {
    expect(swipeDismisses(49)).toBe(false);
    expect(swipeDismisses(50)).toBe(true);
    expect(swipeDismisses(-80)).toBe(false);
  });
});
