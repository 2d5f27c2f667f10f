/**
 * "While you were away": what happened at a survivor's settlements between their last departure from the world and
 * their return, summed from what the simulation stored as it happened — its notices (an NPC home with finds, a raid,
 * a condition, a craft, a building that lost a level) and the storage ledger (meals, medicine, upkeep, raid losses).
 * Nothing is counted twice or kept twice: a notice says who and what happened, the ledger says every unit that left
 * storage. Pure.
 */
import { NOTICE_RETENTION_MS } from './retention.ts';
/** Away this long or more, the page shows the report on entering; shorter, it stays in the notification centre. */
export const AWAY_REPORT_SHOW_MS = 10 * 60_000;
/** A report looks back this far at most: the notices' retention. */
export const AWAY_REPORT_MAX_MS = NOTICE_RETENTION_MS;
/** A report names this many kinds of item per line at most, the most first; the fewer ones are left out. */
export const AWAY_REPORT_ITEMS_MAX = 8;

export type StoredNotice =
  | { kind: 'returned'; at: number; npcName: string; items: { itemName: string; quantity: number }[] }
  | {
      kind: 'result';
      at: number;
      outcome: 'repelled' | 'breached';
      strength: number;
      defence: number;
      losses: { itemName: string; quantity: number }[];
      injured: string[];
    }
  | { kind: 'condition'; at: number; npcName: string; condition: 'fit' | 'injured' | 'hungry' | 'left' }
  | { kind: 'craft'; at: number; itemName: string; quantity: number }
  | { kind: 'decayed'; at: number; buildingName: string; level: number };

export interface LedgerEntry {
  at: number;
  reason: string;
  itemName: string;
  quantity: number;
}

export interface ItemCount {
  itemName: string;
  quantity: number;
}

export interface RaidSummary {
  at: number;
  outcome: 'repelled' | 'breached';
  strength: number;
  defence: number;
  losses: ItemCount[];
  injured: string[];
}

export interface SettlementReport {
  settlementId: string;
  settlementName: string;
  /** What NPCs brought home, by item. */
  hauls: ItemCount[];
  /** NPC journeys that came home with something. */
  journeys: number;
  /** Food eaten, by item. */
  meals: ItemCount[];
  /** NPCs who went hungry, were hurt, or walked away (by name, once each). */
  hungry: string[];
  injured: string[];
  left: string[];
  /** Medicine used on the wounded, by item. */
  treatments: ItemCount[];
  crafts: ItemCount[];
  raids: RaidSummary[];
  /** Materials the buildings' upkeep took, by item. */
  upkeep: ItemCount[];
  /** Buildings that lost a level for want of upkeep: the level each stands at now. */
  decayed: { buildingName: string; level: number }[];
}

/** Adds counts by item, the most first (ties by name), at most AWAY_REPORT_ITEMS_MAX kinds. */
export function byItem(lines: Iterable<ItemCount>): ItemCount[] {
  const sum = new Map<string, number>();
  for (const l of lines) if (l.quantity > 0) sum.set(l.itemName, (sum.get(l.itemName) ?? 0) + l.quantity);
  return [...sum]
    .map(([itemName, quantity]) => ({ itemName, quantity }))
    .sort((a, b) => b.quantity - a.quantity || a.itemName.localeCompare(b.itemName))
    .slice(0, AWAY_REPORT_ITEMS_MAX);
}

const unique = (names: Iterable<string>) => [...new Set(names)];

/** One settlement's part of the report, from its notices and ledger lines within the window. */
export function settlementReport(
  s: { id: string; name: string },
  notices: readonly StoredNotice[],
  ledger: readonly LedgerEntry[],
): SettlementReport {
  const of = <K extends StoredNotice['kind']>(kind: K) =>
    notices.filter((n): n is Extract<StoredNotice, { kind: K }> => n.kind === kind);
  const spent = (reason: string) => byItem(ledger.filter((l) => l.reason === reason));
  const returned = of('returned').filter((n) => n.items.length > 0);
  const conditions = of('condition');
  const raids = of('result').map((r) => ({
    at: r.at,
    outcome: r.outcome,
    strength: r.strength,
    defence: r.defence,
    losses: byItem(r.losses),
    injured: r.injured,
  }));
  return {
    settlementId: s.id,
    settlementName: s.name,
    hauls: byItem(returned.flatMap((n) => n.items)),
    journeys: returned.length,
    meals: spent('meal'),
    hungry: unique(conditions.filter((c) => c.condition === 'hungry').map((c) => c.npcName)),
    injured: unique([
      ...conditions.filter((c) => c.condition === 'injured').map((c) => c.npcName),
      ...raids.flatMap((r) => r.injured),
    ]),
    left: unique(conditions.filter((c) => c.condition === 'left').map((c) => c.npcName)),
    treatments: spent('medicine'),
    crafts: byItem(of('craft')),
    raids,
    upkeep: spent('upkeep'),
    decayed: of('decayed').map((d) => ({ buildingName: d.buildingName, level: d.level })),
  };
}

export function isQuiet(r: SettlementReport): boolean {
  const lines = [r.hauls, r.meals, r.hungry, r.injured, r.left, r.treatments, r.crafts, r.raids, r.upkeep, r.decayed];
  return lines.every((l) => l.length === 0);
}

/**
 * The window a report covers: from the survivor's last departure from the world (its "left" line in the game log)
 * to their return after it, or now while they are still away; no further back than AWAY_REPORT_MAX_MS, nor before
 * the survivor existed. Null for a survivor who never left.
 */
export function awayWindow(
  lastLeaveAt: number | null,
  returnedAt: number | null,
  createdAt: number,
  now: number,
): { since: number; until: number } | null {
  if (lastLeaveAt === null) return null;
  const since = Math.max(lastLeaveAt, createdAt, now - AWAY_REPORT_MAX_MS);
  const until = returnedAt !== null && returnedAt >= lastLeaveAt ? Math.min(returnedAt, now) : now;
  return { since, until: Math.max(since, until) };
}
