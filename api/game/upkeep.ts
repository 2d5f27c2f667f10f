/**
 * Upkeep and injuries as pure rules: recruited NPCs eat from the settlement's food containers once per
 * in-game day, go hungry without, and leave after several unfed days; injured NPCs rest until medicine or time heals
 * them. Players never starve. The numbers live here once; the simulation, the panels and the wiki read them.
 */

/** Food units each recruited NPC eats at the start of each in-game day. */
export const NPC_FOOD_PER_DAY = 1;
/** A hungry NPC's journeys and rests take this many times as long. */
export const HUNGRY_WORK_FACTOR = 2;
/** An NPC unfed for this many in-game days in a row leaves: its bed is freed, its gear goes into storage. */
export const UNFED_DAYS_TO_LEAVE = 3;
/** Medicine units one treatment uses; an untreated injury heals by itself after this many in-game days. */
export const MEDICINE_PER_INJURY = 1;
export const INJURY_HEAL_DAYS = 1;
/** Treated with the settlement's medicine, a wound takes this long instead (real time at NPC_TIME_SCALE 1, scaled). */
export const TREATED_HEAL_MS = 10 * 60 * 1000;
/** Where an Infirmary stands (a Town's building: api/game/settlement-levels.ts) an injury takes this share of its time… */
export const INFIRMARY_HEAL_SHARE = 0.5;
/** …and one dose of medicine treats this many of the injured. */
export const INFIRMARY_PATIENTS_PER_DOSE = 2;

export const NPC_CONDITIONS = ['fit', 'injured', 'hungry'] as const;
export type NpcCondition = (typeof NPC_CONDITIONS)[number];

export interface Fed {
  npcId: string;
  /** In-game days in a row without food, after this meal (0 when fed). */
  unfedDays: number;
}

export interface Stock {
  itemName: string;
  quality: number;
  quantity: number;
}

/**
 * One day's meals: NPCs eat in the order given (longest unfed first, so nobody starves while another eats twice),
 * lowest quality food first (the best keeps). Answers what each NPC's unfed count becomes, what was eaten and who
 * leaves.
 */
export function dailyMeals(
  npcs: readonly { npcId: string; unfedDays: number }[],
  food: readonly Stock[],
): { fed: Fed[]; eaten: Stock[]; leaving: string[] } {
  const pantry = [...food]
    .filter((f) => f.quantity > 0)
    .sort((a, b) => a.quality - b.quality)
    .map((f) => ({ ...f }));
  const eaten = new Map<string, Stock>();
  const fed: Fed[] = [];
  for (const n of [...npcs].sort((a, b) => b.unfedDays - a.unfedDays)) {
    let need = NPC_FOOD_PER_DAY;
    for (const f of pantry) {
      if (need === 0) break;
      const bite = Math.min(need, f.quantity);
      if (bite === 0) continue;
      f.quantity -= bite;
      need -= bite;
      const key = `${f.itemName}\u0000${f.quality}`;
      const e = eaten.get(key) ?? { itemName: f.itemName, quality: f.quality, quantity: 0 };
      e.quantity += bite;
      eaten.set(key, e);
    }
    fed.push({ npcId: n.npcId, unfedDays: need === 0 ? 0 : n.unfedDays + 1 });
  }
  const leaving = fed.filter((f) => f.unfedDays >= UNFED_DAYS_TO_LEAVE).map((f) => f.npcId);
  return { fed, eaten: [...eaten.values()], leaving };
}

/** An NPC's condition as the panels show it: injured outranks hungry. */
export function conditionOf(npc: { injuredUntil: number | null; unfedDays: number }, now: number): NpcCondition {
  if (npc.injuredUntil !== null && npc.injuredUntil > now) return 'injured';
  return npc.unfedDays > 0 ? 'hungry' : 'fit';
}

/** The medicine a treatment uses: best quality first (the settlement's own stock treats its wounded well). */
export function treatment(medicine: readonly Stock[]): Stock | null {
  const best = [...medicine].filter((m) => m.quantity >= MEDICINE_PER_INJURY).sort((a, b) => b.quality - a.quality)[0];
  return best ? { itemName: best.itemName, quality: best.quality, quantity: MEDICINE_PER_INJURY } : null;
}
