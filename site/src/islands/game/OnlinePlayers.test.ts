import { describe, expect, test } from 'bun:test';
import { nextPopover, type PopoverEvent, type PopoverState } from './OnlinePlayers.tsx';

const run = (events: PopoverEvent[], from: PopoverState = 'closed') => events.reduce(nextPopover, from);

describe('the online popover', () => {
  test('one click or tap opens it, even though the pointer arrived (hover) first; the next closes it', () => {
    expect(run(['enter', 'click'])).toBe('pinned');
    expect(run(['click'])).toBe('pinned');
    expect(run(['enter', 'click', 'click'])).toBe('closed');
  });

  test('hover alone previews it; leaving closes a preview but not a pinned popover', () => {
    expect(run(['enter'])).toBe('hover');
    expect(run(['enter', 'leave'])).toBe('closed');
    expect(run(['enter', 'click', 'leave'])).toBe('pinned');
  });

  test('closed by its click, it stays closed while the pointer is still over it; Escape or a press outside closes it', () => {
    expect(run(['enter', 'click', 'click', 'leave'])).toBe('closed');
    expect(run(['click', 'dismiss'])).toBe('closed');
    expect(run(['enter', 'dismiss'])).toBe('closed');
  });
});
