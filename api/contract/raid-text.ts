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
