/**
 * Crafting: the recipe book and the bench's rules. One home: the server judges every craft with these
 * (api/modules/crafting), the Crafting tab shows costs, have/need and times with the same functions, the simulation
 * delivers with them and the wiki quotes them. Pure: no server imports.
 *
 * A settlement has one bench and one queue. Queuing a job takes its inputs at once (pack first, then storage, the
 * lowest quality first, as building does) and the job keeps a record of where each unit came from, so a cancel puts
 * every unit back. Jobs run one after another; a job's pace is fixed when it starts, by the settlement's crafting
 * NPCs at home and fit at that moment (each one adds CRAFTER_SPEEDUP, counted up to CRAFTERS_COUNTED_MAX).
 */
import { TOOL_ITEMS } from './actions.ts';
import { itemDef } from './items.ts';
import { SCAVENGE_RULES } from './scavenge.ts';
import type { Materials } from './settlements.ts';
import { crafterWeight, MECHANIC_CRAFT_WEIGHT } from './npc-skills.ts';
import { WORKSHOP_TIME_FACTOR } from './settlement-levels.ts';

export interface Recipe {
  id: string;
  name: string;
  output: { itemName: string; quantity: number };
  /** Item name → units per craft. */
  inputs: Materials;
  /** Bench time per craft at NPC_TIME_SCALE 1, without crafting NPCs. */
  seconds: number;
  /** Made only where a Workshop stands (api/game/settlement-levels.ts). */
  needsWorkshop?: true;
}

const recipe = (id: string, itemName: string, quantity: number, inputs: Materials, seconds: number, name = itemName): Recipe => ({
  id,
  name,
  output: { itemName, quantity },
  inputs,
  seconds,
});

/**
 * The book. Every material and Batteries go into something; every piece of equipment, Bandages and each kind of
 * ammunition come out of something. Rare gear costs Electronic Parts, which a bench can also salvage from Batteries,
 * so a Portable Radio is within reach of a new player's first scavenging trips (bench: `bun run bench crafting`).
 */
export const RECIPES: readonly Recipe[] = [
  // Medicine.
  recipe('bandages', 'Bandages', 2, { 'Cloth Scraps': 2 }, 15),
  recipe('painkillers', 'Painkillers', 1, { 'Medicinal Herbs': 3, 'Glass Shards': 1 }, 45),
  // Ammunition.
  recipe('pistol-rounds', 'Pistol Rounds', 6, { 'Scrap Metal': 2, Batteries: 1 }, 30),
  recipe('shotgun-shells', 'Shotgun Shells', 4, { 'Scrap Metal': 2, 'Cloth Scraps': 1, Batteries: 1 }, 30),
  recipe('rifle-rounds', 'Rifle Rounds', 4, { 'Steel Pipes': 1, 'Scrap Metal': 2, Batteries: 1 }, 45),
  // Materials.
  recipe('rope', 'Rope', 2, { 'Cloth Scraps': 3 }, 15),
  recipe('electronic-parts', 'Electronic Parts', 1, { Batteries: 3, 'Scrap Metal': 2 }, 60, 'Salvaged Electronics'),
  recipe('reinforcement-kit', 'Reinforcement Kit', 1, { 'Scrap Metal': 3, Rope: 2, 'Wood Planks': 2 }, 60),
  // Food.
  recipe('smoked-fish', 'Dried Meat', 2, { 'Fresh Fish': 2, 'Wood Planks': 1 }, 30, 'Smoked Fish'),
  // Equipment.
  recipe('flashlight', 'Flashlight', 1, { Batteries: 2, 'Electronic Parts': 1, 'Scrap Metal': 1 }, 60),
  { ...recipe('backpack', 'Backpack', 1, { 'Cloth Scraps': 6, Rope: 2, 'Duct Tape': 1 }, 90), needsWorkshop: true },
  recipe('lockpick-set', 'Lockpick Set', 1, { 'Scrap Metal': 2, 'Duct Tape': 1 }, 45),
  recipe('crowbar', 'Crowbar', 1, { 'Steel Pipes': 2, 'Duct Tape': 1 }, 60),
  recipe('binoculars', 'Binoculars', 1, { 'Glass Shards': 4, 'Steel Pipes': 1, 'Duct Tape': 1 }, 90),
  recipe('portable-radio', 'Portable Radio', 1, { 'Electronic Parts': 1, Batteries: 3, 'Scrap Metal': 3, Rope: 2 }, 120),
  recipe('multitool', 'Multitool', 1, { 'Steel Pipes': 1, 'Electronic Parts': 1, 'Duct Tape': 2 }, 120),
  recipe('scanner', 'Scanner', 1, { 'Electronic Parts': 3, Batteries: 2, 'Glass Shards': 1, 'Scrap Metal': 2 }, 180),
  recipe(
    'night-vision-goggles',
    'Night Vision Goggles',
    1,
    { 'Electronic Parts': 3, 'Glass Shards': 2, Batteries: 2, 'Duct Tape': 1 },
    180,
  ),
];

/** One request queues 1–10 crafts of a recipe. */
export const CRAFT_QUANTITY_MAX = 10;
/** Jobs waiting at one settlement's bench at most (a bound on what one request can reserve and on the queue's rows). */
export const CRAFT_QUEUE_MAX = 10;
/** Each crafting NPC at home and fit adds this much pace: 1 crafter doubles it. */
export const CRAFTER_SPEEDUP = 1;
export const CRAFTERS_COUNTED_MAX = 3;
/** A Scanner worn by the crafter raises the output's quality as it raises loot's (+15%). */
export const SCANNER_CRAFT_BONUS = SCAVENGE_RULES.scannerQualityBonus;

export const CRAFT_TEXT = {
  queued: (quantity: number, r: Recipe) => `Crafting ${quantity * r.output.quantity} ${r.output.itemName}`,
  cancelled: (r: Recipe) => `Cancelled ${r.name}: every input went back where it came from`,
  unknownRecipe: 'Unknown recipe',
  jobNotFound: 'No such job in this queue',
  queueFull: `The bench's queue is full (${CRAFT_QUEUE_MAX} jobs): wait for one to finish or cancel one`,
  failed: 'Failed to craft',
} as const;

const BY_ID = new Map(RECIPES.map((r) => [r.id, r]));
export function recipeById(id: string): Recipe | undefined {
  return BY_ID.get(id);
}

/** Item names some recipe makes: the inventory and the wiki mark them "Craftable". */
export const CRAFTABLE_NAMES: ReadonlySet<string> = new Set(RECIPES.map((r) => r.output.itemName));

/** What `quantity` crafts of a recipe take. */
export function craftInputs(r: Recipe, quantity: number): Materials {
  return Object.fromEntries(Object.entries(r.inputs).map(([name, n]) => [name, n * quantity]));
}

/**
 * The bench work of a job (ms at pace 1): the recipe's time per craft, scaled as NPC times are, and by a Workshop's
 * factor when one stands where it is queued.
 */
export function craftWorkMs(r: Recipe, quantity: number, timeScale: number, workshop = false): number {
  return Math.max(1, Math.round(r.seconds * 1000 * quantity * timeScale * (workshop ? WORKSHOP_TIME_FACTOR : 1)));
}

/** Why a recipe cannot be made at a settlement (no Workshop for a recipe that needs one), or null. */
export function recipeRefusal(r: Recipe, workshop: boolean): string | null {
  return r.needsWorkshop && !workshop ? `${r.name} needs a Workshop at the settlement` : null;
}

/**
 * The bench's pace for `crafters` crafter units (crafterUnits: each crafting NPC counts 1, a mechanic more, the best
 * CRAFTERS_COUNTED_MAX of them counted).
 */
export function craftPace(crafters: number): number {
  return 1 + CRAFTER_SPEEDUP * Math.min(Math.max(0, crafters), CRAFTERS_COUNTED_MAX * MECHANIC_CRAFT_WEIGHT);
}

/** The crafter units of the crafting NPCs at the bench, from each one's skills: the best CRAFTERS_COUNTED_MAX count. */
export function crafterUnits(skills: readonly (readonly string[])[]): number {
  return skills
    .map(crafterWeight)
    .sort((a, b) => b - a)
    .slice(0, CRAFTERS_COUNTED_MAX)
    .reduce((sum, w) => sum + w, 0);
}

/** How long a job takes once started with `crafters` NPCs at the bench. */
export function craftDurationMs(workMs: number, crafters: number): number {
  return Math.ceil(workMs / craftPace(crafters));
}

// ── Paying: the pack first, then storage (api/game/settlements.ts planPayment, as every settlement cost) ──────

export type { Take, TakenFrom } from './settlements.ts';

/** The output's quality: the inputs' average, weighted by units, raised by a worn Scanner; 1–100. */
export function craftQuality(takes: readonly { quality: number; quantity: number }[], scanner: boolean): number {
  const units = takes.reduce((n, t) => n + t.quantity, 0);
  const mean = units ? takes.reduce((n, t) => n + t.quality * t.quantity, 0) / units : 50;
  return Math.max(1, Math.min(100, Math.round(mean * (scanner ? 1 + SCANNER_CRAFT_BONUS : 1))));
}

export const wearsScanner = (worn: readonly { itemName: string }[]) => worn.some((w) => w.itemName === TOOL_ITEMS.scanner);

// ── The queue ────────────────────────────────────────────────────────────────────────────────────────────────────

export interface QueuedJob {
  id: number;
  workMs: number;
  /** Set when the job reached the bench; its readyAt is fixed then. */
  startedAt: number | null;
  readyAt: number | null;
}

/**
 * When each job of a queue (in order) will be ready: a started job at its fixed time, the others one after another
 * at the pace of the crafters there now (a projection: the pace is fixed when each starts).
 */
export function projectQueue<J extends QueuedJob>(
  jobs: readonly J[],
  now: number,
  crafters: number,
): (J & { readyAt: number })[] {
  let free = now;
  return jobs.map((j) => {
    const readyAt =
      j.startedAt !== null && j.readyAt !== null ? j.readyAt : Math.max(free, now) + craftDurationMs(j.workMs, crafters);
    free = readyAt;
    return { ...j, readyAt };
  });
}

/** A job's progress (0–1) at `now`, for the queue's bars. */
export function craftProgress(job: { startedAt: number | null; readyAt: number }, now: number): number {
  if (job.startedAt === null || job.readyAt <= job.startedAt) return job.startedAt === null ? 0 : 1;
  return Math.max(0, Math.min(1, (now - job.startedAt) / (job.readyAt - job.startedAt)));
}

/** Whether an item is made by some recipe (the "Craftable" mark). */
export function isCraftable(itemName: string): boolean {
  return CRAFTABLE_NAMES.has(itemName);
}

/** Every recipe's output and input names are catalogue items (checked by the tests). */
export function unknownNames(): string[] {
  const names = RECIPES.flatMap((r) => [r.output.itemName, ...Object.keys(r.inputs)]);
  return [...new Set(names)].filter((n) => !itemDef(n));
}
