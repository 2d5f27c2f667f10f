/**
 * What an NPC is good at: one or two skills drawn when the survivor first appears, its bio written from them, and
 * what each one changes. One home: the simulation, the raids and the bench apply these (api/modules/npcs), the
 * recruit dialog and the NPC list show them, and the wiki quotes the numbers. Pure: no server imports.
 */
import { pickWeighted, type Rng, seededRng } from './random.ts';

export const NPC_SKILLS = ['mechanic', 'medic', 'scout', 'guard', 'farmer', 'hauler'] as const;
export type NpcSkill = (typeof NPC_SKILLS)[number];

/** A crafting mechanic counts this much at the bench (a crafter without it: 1). */
export const MECHANIC_CRAFT_WEIGHT = 1.5;
/** A guard defends this much harder than other defenders. */
export const GUARD_DEFENCE_FACTOR = 1.5;
/** A scout's searches and forages find this much more (each stack, rounded). */
export const SCOUT_FIND_FACTOR = 1.5;
/** A farmer's forages find this much more food. */
export const FARMER_FOOD_FACTOR = 1.5;
/** A hauler makes this many more attempts per work cycle before it heads home with what it found. */
export const HAULER_EXTRA_ATTEMPTS = 1;
/** A medic in a settlement heals its injured this much sooner (injuries last this share of their time). */
export const MEDIC_INJURY_SHARE = 0.5;

export const SKILL_LABELS: Readonly<Record<NpcSkill, string>> = {
  mechanic: 'Mechanic',
  medic: 'Medic',
  scout: 'Scout',
  guard: 'Guard',
  farmer: 'Farmer',
  hauler: 'Hauler',
};

export const SKILL_EFFECTS: Readonly<Record<NpcSkill, string>> = {
  mechanic: `counts ×${MECHANIC_CRAFT_WEIGHT} as a crafter at the bench`,
  medic: `the settlement's injured heal in ${MEDIC_INJURY_SHARE * 100}% of the time`,
  scout: `finds ×${SCOUT_FIND_FACTOR} on every search and forage`,
  guard: `defends ×${GUARD_DEFENCE_FACTOR} against raids`,
  farmer: `forages ×${FARMER_FOOD_FACTOR} food`,
  hauler: `makes ${HAULER_EXTRA_ATTEMPTS} more stop per trip, bringing more home`,
};

/** How the bio puts each skill: "a former mechanic who can fix almost anything". */
const PASTS: Readonly<Record<NpcSkill, readonly string[]>> = {
  mechanic: ['a former mechanic who can fix almost anything', 'a machinist who still carries her own tools'],
  medic: ['an ex-nurse who still carries a field kit', 'a paramedic who never lost the habit'],
  scout: ['a scavenger who has walked every road in the region', 'a quiet drifter with sharp eyes'],
  guard: ['a former guard from the old depot', 'a hunter who keeps watch by night'],
  farmer: ['a farmer who lost everything in the dust storms', 'a gardener who can grow food in ash'],
  hauler: ['a dock worker who can carry twice his weight', 'a courier who ran the long routes'],
};

/** One skill, or two one time in three, never the same twice. */
export function drawSkills(rng: Rng): NpcSkill[] {
  const first = NPC_SKILLS[Math.floor(rng() * NPC_SKILLS.length)]!;
  if (rng() >= 1 / 3) return [first];
  const rest = NPC_SKILLS.filter((s) => s !== first);
  return [first, rest[Math.floor(rng() * rest.length)]!];
}

/** The bio from the skills: the first as what they were, the second as what else they know. */
export function bioFor(skills: readonly NpcSkill[], rng: Rng): string {
  const pick = <T>(list: readonly T[]) =>
    pickWeighted(
      rng,
      list.map((v) => [v, 1] as const),
    );
  const [first, second] = skills;
  const past = first ? pick(PASTS[first]) : 'a survivor with nothing left to lose';
  const also = second ? `; also a fair ${SKILL_LABELS[second].toLowerCase()}` : '';
  return `A survivor seeking shelter: ${past}${also}.`;
}

/**
 * The skills of an NPC as stored; an NPC recruited before skills existed has none stored and gets them from its seed
 * (the same ones every time).
 */
export function skillsOf(stored: readonly string[] | null | undefined, seed: number): NpcSkill[] {
  const known = (stored ?? []).filter((s): s is NpcSkill => (NPC_SKILLS as readonly string[]).includes(s));
  if (known.length) return known;
  return drawSkills(seededRng(seed));
}

export const has = (skills: readonly string[] | undefined, skill: NpcSkill): boolean => !!skills?.includes(skill);

/** What a journey found, scaled for the NPC's skills (a scout finds more of everything, a farmer more food). */
export function skilledFinds<T extends { itemType: string; quantity: number }>(
  found: readonly T[],
  skills: readonly string[] | undefined,
): T[] {
  if (!skills?.length) return [...found];
  return found.map((f) => {
    let q = f.quantity;
    if (has(skills, 'scout')) q = Math.round(q * SCOUT_FIND_FACTOR);
    if (has(skills, 'farmer') && f.itemType === 'food') q = Math.round(q * FARMER_FOOD_FACTOR);
    return q === f.quantity ? f : { ...f, quantity: q };
  });
}

/** How much one crafting NPC counts at the bench. */
export const crafterWeight = (skills: readonly string[] | undefined): number =>
  has(skills, 'mechanic') ? MECHANIC_CRAFT_WEIGHT : 1;
