/** Raid words and values without arktype: the page imports these on its main thread (schemas run in its worker). */

export const THREAT_LEVELS = ['none', 'low', 'high'] as const;
export type ThreatLevel = (typeof THREAT_LEVELS)[number];
export const RAID_OUTCOMES = ['repelled', 'breached'] as const;

/** What the panels and toasts say, in one place. */
export const RAID_TEXT = {
  warning: (settlement: string) => `Raiders are coming to ${settlement}!`,
  repelled: (settlement: string) => `${settlement} repelled the raiders`,
  breached: (settlement: string) => `Raiders breached ${settlement}`,
  left: (npc: string, settlement: string) => `${npc} left ${settlement}: nobody fed them`,
  notInjured: (npc: string) => `${npc} is not injured`,
  noMedicine: 'You carry no medicine (Bandages, Medicinal Herbs, Painkillers, Antibiotics or a First Aid Kit)',
  treated: (npc: string) => `${npc} is treated and fit again`,
} as const;

/** One lost stack as the server records it (per container and quality: the same item may come many times). */
export interface LostStack {
  itemName: string;
  quality: number;
  quantity: number;
}

/** What a breach took of one item: its units in all and, for whoever expands it, each quality's share (best first). */
export interface LossByItem {
  itemName: string;
  quantity: number;
  qualities: { quality: number; quantity: number }[];
}

/** How many items a summary names before "and N more": a toast must stay a few lines on a phone. */
export const LOSS_ITEMS_NAMED = 4;

export const unitsLost = (losses: readonly LostStack[]): number => losses.reduce((sum, l) => sum + Math.max(0, l.quantity), 0);

/** Losses by item, the most units first (then by name), each item's qualities merged across containers. */
export function lossesByItem(losses: readonly LostStack[]): LossByItem[] {
  const by = new Map<string, Map<number, number>>();
  for (const l of losses) {
    if (l.quantity <= 0) continue;
    const qualities = by.get(l.itemName) ?? new Map<number, number>();
    qualities.set(l.quality, (qualities.get(l.quality) ?? 0) + l.quantity);
    by.set(l.itemName, qualities);
  }
  return [...by]
    .map(([itemName, qualities]) => ({
      itemName,
      quantity: [...qualities.values()].reduce((a, b) => a + b, 0),
      qualities: [...qualities].map(([quality, quantity]) => ({ quality, quantity })).sort((a, b) => b.quality - a.quality),
    }))
    .sort((a, b) => b.quantity - a.quantity || a.itemName.localeCompare(b.itemName));
}

/**
 * The one sentence of a breach's losses that the toast, the game log and the raid history all show:
 * 'Lost 82 units: 14 Edible Roots, 9 Medicinal Herbs, 8 Scrap Metal, 7 Cloth Scraps and 5 more items'; '' for none.
 */
export function lossesSummary(losses: readonly LostStack[], named = LOSS_ITEMS_NAMED): string {
  const items = lossesByItem(losses);
  if (items.length === 0) return '';
  const units = items.reduce((sum, i) => sum + i.quantity, 0);
  const shown = items.length > named + 1 ? items.slice(0, named) : items;
  const rest = items.length - shown.length;
  const list = shown.map((i) => `${i.quantity} ${i.itemName}`).join(', ');
  return `Lost ${units} unit${units === 1 ? '' : 's'}: ${list}${rest > 0 ? ` and ${rest} more items` : ''}`;
}

/** One item's qualities: 'Q80 ×3, Q40 ×11'. */
export const qualitiesText = (item: LossByItem): string => item.qualities.map((q) => `Q${q.quality} ×${q.quantity}`).join(', ');
