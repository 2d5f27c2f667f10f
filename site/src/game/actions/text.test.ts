import { describe, expect, test } from 'bun:test';
import { ACTION_TEXT } from '../../../../api/game/actions.ts';
import {
  autoLeftToast,
  ACTION_TOASTS,
  forageToast,
  itemTotal,
  listItems,
  poiTypeLabel,
  scavengeNote,
  scavengeToast,
  searchedOut,
  type ScavengeResult,
} from './text.ts';

const item = (itemName: string, quantity = 1, quality = 50) => ({
  itemName,
  itemType: 'material' as const,
  quantity,
  metadata: { quality },
});
const result = (over: Partial<ScavengeResult> = {}): ScavengeResult => ({
  items: [],
  depleted: false,
  currentSignificance: 4,
  newSignificance: 3,
  npcSpawnCheck: { shouldSpawn: false },
  ...over,
});

describe('scavenge toasts (spec section 8)', () => {
  test('Found Items! names what was found (quantities) and says to click again, or that the place is picked clean', () => {
    const two = [item('Wood Planks', 2), item('Rope')];
    expect(itemTotal(two)).toBe(3);
    expect(scavengeToast(result({ items: two }))).toEqual({
      title: 'Found Items!',
      description: 'Found Wood Planks ×2, Rope. Click again to search more.',
    });
    expect(scavengeToast(result({ items: [item('Rope')], depleted: true, newSignificance: 0 }))).toEqual({
      title: 'Found Items!',
      description: 'Found Rope. This area has been picked clean.',
    });
  });

  test('Nothing Found, with the picked-clean note when the search emptied the place', () => {
    expect(scavengeToast(result())).toEqual({ title: 'Nothing Found', description: 'Found nothing this time. Try again.' });
    expect(scavengeToast(result({ depleted: true, currentSignificance: 1, newSignificance: 0 }))).toEqual({
      title: 'Nothing Found',
      description: 'This area has been picked clean.',
    });
  });

  test('Area Depleted when the server searched nothing (a place at its floor answers with no change)', () => {
    const floor = result({ depleted: true, currentSignificance: 0, newSignificance: 0 });
    expect(searchedOut(floor)).toBe(true);
    expect(scavengeToast(floor)).toEqual(ACTION_TOASTS.areaDepleted);
    expect(ACTION_TOASTS.areaDepleted.description).toBe('This location has been completely searched.');
    expect(scavengeNote(floor)).toBe(ACTION_TEXT.pickedClean);
    expect(scavengeNote(result({ depleted: true, currentSignificance: 1, newSignificance: 0 }))).toBe(
      'Significance 1 → 0 · picked clean',
    );
  });

  test('failure toasts are destructive and carry the spec texts', () => {
    expect(ACTION_TOASTS.scavengeFailed).toEqual({
      title: 'Scavenging Failed',
      description: 'Could not scavenge this location.',
      variant: 'destructive',
    });
    expect(ACTION_TOASTS.forageFailed).toEqual({
      title: 'Foraging Failed',
      description: 'Could not forage for materials.',
      variant: 'destructive',
    });
    expect(ACTION_TOASTS.autoFailed).toEqual({
      title: 'Auto-Scavenge Failed',
      description: 'Could not continue auto-scavenging.',
      variant: 'destructive',
    });
  });
});

describe('forage toasts', () => {
  test('success lists what was found; nothing says how many tiles; none says they were recently foraged', () => {
    expect(forageToast({ items: [item('Wild Berries', 2)], tilesForaged: 25 })).toEqual({
      title: 'Foraging Successful!',
      description: 'Found Wild Berries ×2 in 25 tiles.',
    });
    expect(forageToast({ items: [], tilesForaged: 12 })).toEqual({ title: 'Searched 12 tiles but found nothing this time' });
    expect(forageToast({ items: [], tilesForaged: 0 })).toEqual({ title: 'All nearby tiles were recently foraged' });
  });
});

describe('words', () => {
  test('auto-scavenge that ends by walking away names the place', () => {
    expect(autoLeftToast('Old Gas Station')).toEqual({
      title: 'Auto-Scavenge Stopped',
      description: 'You left Old Gas Station.',
    });
  });

  test('helpers', () => {
    expect(listItems([item('A', 1), item('B', 4)])).toBe('A, B ×4');
    expect(listItems([item('Canned Beans', 1, 87), item('Glass Shards'), item('Canned Beans', 1, 48)])).toBe(
      'Canned Beans ×2, Glass Shards',
    );
    expect(poiTypeLabel('abandoned_house')).toBe('Abandoned house');
    expect(poiTypeLabel('school')).toBe('School');
  });
});
