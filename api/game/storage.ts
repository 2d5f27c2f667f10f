/**
 * Storage planning: which units go where when a survivor deposits, takes, consolidates or tidies a settlement's
 * containers. Pure: the service reads the locked rows, asks these for a plan and writes exactly the plan, so item
 * totals (inventory + storage) are conserved by construction: every move takes from one place what it gives another.
 */
import type { StorageCategory } from './items.ts';
import { categoryOf, containerCapacity, type Stack, transferLimit } from './settlements.ts';

export interface ContainerState {
  id: number;
  subtype: StorageCategory;
  level: number;
  /** Its stacks (id is the storage row's). */
  stacks: Stack[];
}

/** One move of `quantity` units of an item of a quality from a place to a container (or to the inventory). */
export interface Move {
  itemName: string;
  quality: number;
  quantity: number;
  /** The stack taken from (inventory or storage row id). */
  fromStackId: number;
  /** The container it goes into; null = the survivor's inventory. */
  toContainerId: number | null;
}

/** A settlement's containers with their stacks, from its buildings (beds are left out) and its storage rows. */
export function containerStates(
  buildings: readonly { id: number; type: string; subtype: StorageCategory | null; level: number }[],
  rows: readonly (Stack & { buildingId: number })[],
): ContainerState[] {
  return buildings
    .filter((b) => b.type === 'container' && b.subtype !== null)
    .map((b) => ({ id: b.id, subtype: b.subtype!, level: b.level, stacks: rows.filter((r) => r.buildingId === b.id) }));
}

export function used(c: ContainerState): number {
  return c.stacks.reduce((s, x) => s + x.quantity, 0);
}

export function room(c: ContainerState): number {
  return Math.max(0, containerCapacity(c.level) - used(c));
}

/**
 * Deposits inventory stacks into the containers of their category, in container id order, as much as fits.
 * `left` counts units that stayed in the inventory because every matching container was full (or none exists).
 */
export function planDeposit(
  inventory: readonly Stack[],
  containers: readonly ContainerState[],
  only?: StorageCategory,
): { moves: Move[]; left: number; noContainer: StorageCategory[] } {
  const free = new Map(containers.map((c) => [c.id, room(c)]));
  const moves: Move[] = [];
  let left = 0;
  const noContainer = new Set<StorageCategory>();
  for (const s of inventory) {
    const category = categoryOf(s.itemName);
    if (only && category !== only) continue;
    const targets = containers.filter((c) => c.subtype === category).sort((a, b) => a.id - b.id);
    if (targets.length === 0) {
      noContainer.add(category);
      continue;
    }
    let rest = s.quantity;
    for (const c of targets) {
      const fits = Math.min(rest, free.get(c.id)!);
      if (fits <= 0) continue;
      moves.push({ itemName: s.itemName, quality: s.quality, quantity: fits, fromStackId: s.id, toContainerId: c.id });
      free.set(c.id, free.get(c.id)! - fits);
      rest -= fits;
      if (rest === 0) break;
    }
    left += rest;
  }
  return { moves, left, noContainer: [...noContainer] };
}

/**
 * The order an NPC hands its load in (planDeposit takes stacks in the order given): the best quality first, then by
 * item name. Fixed by the stacks themselves, never by when or how they were picked up, so when storage has room for
 * only part of a load the same units go in whether the NPC's phases ran live (its pack reloaded from the database
 * between them) or in one catch-up (its pack held in memory throughout).
 */
export function handInOrder<T extends { itemName: string; quality: number }>(stacks: readonly T[]): T[] {
  return [...stacks].sort((a, b) => b.quality - a.quality || (a.itemName < b.itemName ? -1 : a.itemName > b.itemName ? 1 : 0));
}

/** Takes up to the click's limit of an item out of storage, the best quality first. */
export function planWithdraw(
  containers: readonly ContainerState[],
  itemName: string,
  requested: number,
): { moves: Move[]; capped: boolean } {
  const limit = transferLimit(itemName);
  let want = Math.min(requested, limit);
  const rows = containers
    .flatMap((c) => c.stacks.filter((s) => s.itemName === itemName && s.quantity > 0))
    .sort((a, b) => b.quality - a.quality || a.id - b.id);
  const moves: Move[] = [];
  for (const s of rows) {
    if (want <= 0) break;
    const take = Math.min(want, s.quantity);
    moves.push({ itemName, quality: s.quality, quantity: take, fromStackId: s.id, toContainerId: null });
    want -= take;
  }
  return { moves, capped: requested > limit };
}

/** Everything in storage back to the inventory. */
export function planPickupAll(containers: readonly ContainerState[]): Move[] {
  return containers.flatMap((c) =>
    c.stacks
      .filter((s) => s.quantity > 0)
      .map((s) => ({ itemName: s.itemName, quality: s.quality, quantity: s.quantity, fromStackId: s.id, toContainerId: null })),
  );
}

/**
 * Packs each subtype's items into its first containers (id order): units in later containers move forward while
 * earlier ones have room. Stacks of the same item and quality merge where they land.
 */
export function planConsolidate(containers: readonly ContainerState[]): Move[] {
  const moves: Move[] = [];
  const bySubtype = new Map<StorageCategory, ContainerState[]>();
  for (const c of containers) bySubtype.set(c.subtype, [...(bySubtype.get(c.subtype) ?? []), c]);
  for (const group of bySubtype.values()) {
    const sorted = [...group].sort((a, b) => a.id - b.id);
    const free = new Map(sorted.map((c) => [c.id, room(c)]));
    for (let j = sorted.length - 1; j > 0; j--) {
      for (const s of sorted[j]!.stacks) {
        let rest = s.quantity;
        for (let i = 0; i < j && rest > 0; i++) {
          const target = sorted[i]!;
          const fits = Math.min(rest, free.get(target.id)!);
          if (fits <= 0) continue;
          moves.push({ itemName: s.itemName, quality: s.quality, quantity: fits, fromStackId: s.id, toContainerId: target.id });
          free.set(target.id, free.get(target.id)! - fits);
          free.set(sorted[j]!.id, free.get(sorted[j]!.id)! + fits);
          rest -= fits;
        }
      }
    }
  }
  return moves;
}

/** Moves items sitting in a container of another category to a container of their own, as far as room allows. */
export function planFixCategorization(containers: readonly ContainerState[]): { moves: Move[]; stuck: number } {
  const free = new Map(containers.map((c) => [c.id, room(c)]));
  const moves: Move[] = [];
  let stuck = 0;
  for (const c of containers) {
    for (const s of c.stacks) {
      const category = categoryOf(s.itemName);
      if (category === c.subtype) continue;
      let rest = s.quantity;
      for (const target of containers.filter((t) => t.subtype === category).sort((a, b) => a.id - b.id)) {
        const fits = Math.min(rest, free.get(target.id)!);
        if (fits <= 0) continue;
        moves.push({ itemName: s.itemName, quality: s.quality, quantity: fits, fromStackId: s.id, toContainerId: target.id });
        free.set(target.id, free.get(target.id)! - fits);
        rest -= fits;
        if (rest === 0) break;
      }
      stuck += rest;
    }
  }
  return { moves, stuck };
}

export function units(moves: readonly Move[]): number {
  return moves.reduce((s, m) => s + m.quantity, 0);
}
