import { bioFor, drawSkills, type NpcSkill } from './npc-skills.ts';
import { pickWeighted, type Rng } from './random.ts';

const FIRST = [
  'Ada',
  'Boone',
  'Cass',
  'Dex',
  'Ezra',
  'Fern',
  'Gus',
  'Hollis',
  'Ivy',
  'Jonah',
  'Kit',
  'Lena',
  'Mack',
  'Nell',
  'Otis',
  'Pru',
  'Quinn',
  'Rosa',
  'Silas',
  'Tess',
  'Vera',
  'Wade',
  'Yara',
  'Zeke',
];
const LAST = [
  'Ashford',
  'Barlow',
  'Crane',
  'Dunmore',
  'Ellis',
  'Frost',
  'Graves',
  'Hale',
  'Ives',
  'Kerr',
  'Locke',
  'Marsh',
  'Nash',
  'Orr',
  'Pike',
  'Reyes',
  'Stone',
  'Thorne',
  'Voss',
  'Wren',
];

/** A survivor drawn to the player's scavenging: a name, one or two skills, and a line about them written from those. */
export function generateNpc(rng: Rng): { name: string; description: string; skills: NpcSkill[] } {
  const pick = <T>(list: readonly T[]) =>
    pickWeighted(
      rng,
      list.map((v) => [v, 1] as const),
    );
  const name = `${pick(FIRST)} ${pick(LAST)}`;
  const skills = drawSkills(rng);
  return { name, description: bioFor(skills, rng), skills };
}
