import { describe, expect, test } from 'bun:test';
import type { ToastInput } from '../../stores/toast.ts';
import { createDisplayNameEdit, DISPLAY_NAME_TEXT } from './display-name.ts';

function harness(fail?: Error) {
  const saved: string[] = [];
  const toasts: ToastInput[] = [];
  const renamed: string[] = [];
  let unauthorized = 0;
  const submit = createDisplayNameEdit({
    save: async (name) => {
      saved.push(name);
      if (fail) throw fail;
    },
    toast: (t) => toasts.push(t),
    unauthorized: () => unauthorized++,
    renamed: (name) => renamed.push(name),
  });
  return { submit, saved, toasts, renamed, unauthorized: () => unauthorized };
}

describe('the display-name editor', () => {
  test('a trimmed name is saved, the spec’s toast shows and the page takes the new name without reloading', async () => {
    const h = harness();
    expect(await h.submit('  Dusty Pete ', 'Ash')).toBe('saved');
    expect(h.saved).toEqual(['Dusty Pete']);
    expect(h.toasts).toEqual([{ title: DISPLAY_NAME_TEXT.updated }]);
    expect(h.renamed).toEqual(['Dusty Pete']);
  });

  test('empty after trimming, or the same name, sends nothing', async () => {
    const h = harness();
    expect(await h.submit('   ', 'Ash')).toBe('unchanged');
    expect(await h.submit(' Ash ', 'Ash')).toBe('unchanged');
    expect(h.saved).toEqual([]);
    expect(h.toasts).toEqual([]);
    expect(h.renamed).toEqual([]);
  });

  test('a refusal shows “Failed to update display name” with the server’s reason and does not reload', async () => {
    const h = harness(new Error('400: display name must be at most 32 characters'));
    expect(await h.submit('x', 'Ash')).toBe('failed');
    expect(h.toasts).toEqual([
      {
        title: DISPLAY_NAME_TEXT.failed,
        description: 'display name must be at most 32 characters',
        variant: 'destructive',
      },
    ]);
    expect(h.renamed).toEqual([]);
  });

  test('logged out: the session’s unauthorised flow, no toast of its own', async () => {
    const h = harness(new Error('401: Unauthorized'));
    expect(await h.submit('Ann', 'Ash')).toBe('failed');
    expect(h.unauthorized()).toBe(1);
    expect(h.toasts).toEqual([]);
  });
});
