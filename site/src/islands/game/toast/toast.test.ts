import { describe, expect, test } from 'bun:test';
import {
  $notifications,
  $toast,
  $unread,
  dismissToast,
  markNotificationsRead,
  NOTIFICATIONS_KEPT,
  resetNotifications,
  toast,
  TOAST_DURATION_MS,
} from '../../../stores/toast.ts';
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

  test('the notification centre keeps the session’s last 50 toasts, newest first, and counts the unread', () => {
    resetNotifications();
    toast({ title: 'First' }, 1000);
    toast({ title: 'Raid!', description: 'Haven was breached', variant: 'destructive' }, 2000);
    expect($notifications.get()).toMatchObject([
      { title: 'Raid!', description: 'Haven was breached', variant: 'destructive', at: 2000 },
      { title: 'First', variant: 'default', at: 1000 },
    ]);
    expect($unread.get()).toBe(2);
    markNotificationsRead();
    expect($unread.get()).toBe(0);
    for (let i = 0; i < 60; i++) toast({ title: `n${i}` });
    expect($notifications.get()).toHaveLength(NOTIFICATIONS_KEPT);
    expect($notifications.get()[0]!.title).toBe('n59');
    expect($unread.get()).toBe(NOTIFICATIONS_KEPT);
  });

  test('a swipe right of 50 px or more dismisses', () => {
    expect(swipeDismisses(49)).toBe(false);
    expect(swipeDismisses(50)).toBe(true);
    expect(swipeDismisses(-80)).toBe(false);
  });
});
