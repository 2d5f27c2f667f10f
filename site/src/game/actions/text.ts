/**
 * The words of scavenging and foraging: which toast (spec section 8) a result earns, and its note under Scavenge
 * Results. Pure. (The Activity Log is the server's world log: personal results stay out of it.)
 */
import type { LootItem } from '../../../../api/contract/items.ts';
import type { ForageResult, ScavengeResult } from '../../../../api/contract/actions.ts';
import { DEFAULT_NPC } from '../../../../api/game/npcs.ts';
import type { ToastInput } from '../../stores/toast.ts';

export type { ForageResult, ScavengeResult };

export const ACTION_TOASTS = {
  scavengeFailed: { title: 'Scavenging Failed', description: 'Could not scavenge this location.', variant: 'destructive' },
  forageFailed: { title: 'Foraging Failed', description: 'Could not forage for materials.', variant: 'destructive' },
  autoFailed: { title: 'Auto-Scavenge Failed', description: 'Could not continue auto-scavenging.', variant: 'destructive' },
  areaDepleted: { title: 'Area Depleted', description: 'This location has been completely searched.' },
} as const satisfies Record<string, ToastInput>;

/** Auto-scavenge started: it keeps searching on its own until the place is picked clean, you leave or stop it. */
export const autoStartedToast = (place: string): ToastInput => ({
  title: 'Auto-Scavenge Running',
  description: `Searching ${place} every few seconds until it is picked clean, you walk away or press Stop.`,
});

/** Auto-scavenge ended because the survivor walked out of the place's reach. */
export const autoLeftToast = (place: string): ToastInput => ({
  title: 'Auto-Scavenge Stopped',
  description: `You left ${place}.`,
});

export const PICKED_CLEAN_NOTE = 'This area has been picked clean.';

/** Items found, counting quantities: 'Wood Planks ×2, Rope' is 3 items. */
export function itemTotal(items: readonly LootItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

export function countItems(n: number): string {
  return `${n} item${n === 1 ? '' : 's'}`;
}

/** 'Wood Planks ×2, Rope' (stacks of one name but different quality counted together). */
export function listItems(items: readonly { itemName: string; quantity: number }[]): string {
  const byName = new Map<string, number>();
  for (const i of items) byName.set(i.itemName, (byName.get(i.itemName) ?? 0) + i.quantity);
  return [...byName].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
}

/** The server's answer for a place already at its floor: nothing was searched, nothing changed. */
export function searchedOut(r: ScavengeResult): boolean {
  return r.depleted && r.items.length === 0 && r.currentSignificance === r.newSignificance;
}

export function scavengeToast(r: ScavengeResult): ToastInput {
  if (searchedOut(r)) return ACTION_TOASTS.areaDepleted;
  // A full pack: what stayed at the site (or that what lay there was picked up) matters more than searching on.
  if (r.message)
    return {
      title: r.items.length ? 'Found Items!' : 'Nothing Fits',
      description: r.items.length ? `Found ${listItems(r.items)}. ${r.message}.` : `${r.message}.`,
    };
  if (r.items.length > 0) {
    const found = `Found ${listItems(r.items)}.`;
    return { title: 'Found Items!', description: `${found} ${r.depleted ? PICKED_CLEAN_NOTE : 'Click again to search more.'}` };
  }
  return { title: 'Nothing Found', description: r.depleted ? PICKED_CLEAN_NOTE : 'Found nothing this time. Try again.' };
}

export function forageToast(r: ForageResult): ToastInput {
  if (r.items.length > 0) {
    return {
      title: 'Foraging Successful!',
      description: `Found ${listItems(r.items)} in ${r.tilesForaged} tiles.${r.message ? ` ${r.message}.` : ''}`,
    };
  }
  if (r.message) return { title: 'Nothing Fits', description: `${r.message}.` };
  if (r.tilesForaged > 0) return { title: `Searched ${r.tilesForaged} tiles but found nothing this time` };
  return { title: 'All nearby tiles were recently foraged' };
}

/** Under the items in Scavenge Results. */
export function scavengeNote(r: ScavengeResult): string {
  if (searchedOut(r)) return 'Area picked clean';
  const sig = `Significance ${r.currentSignificance} → ${r.newSignificance}`;
  return r.depleted ? `${sig} · picked clean` : sig;
}

export function forageNote(r: ForageResult): string {
  return r.tilesForaged > 0 ? `Searched ${r.tilesForaged} tiles` : 'All nearby tiles were recently foraged';
}

/** 'abandoned_house' → 'Abandoned house'. */
export function poiTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The recruit dialog's survivor (spec section 4's defaults when the server names none): api/game/npcs.ts. */
export const UNKNOWN_SURVIVOR = DEFAULT_NPC;
