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
const PAST = [
  'a former mechanic who can fix almost anything',
  'an ex-nurse who still carries a field kit',
  'a trapper who knows the forests',
  'a radio operator from the old relay station',
  'a farmer who lost everything in the dust storms',
  'a scavenger who has walked every road in the region',
  'a teacher keeping the old stories alive',
  'a quiet drifter with sharp eyes',
];

/** A survivor drawn to the player's scavenging: a name and a line about them. */
export function generateNpc(rng: Rng): { name: string; description: string } {
  const pick = <T>(list: readonly T[]) =>
    pickWeighted(
      rng,
      list.map((v) => [v, 1] as const),
    );
  return { name: `${pick(FIRST)} ${pick(LAST)}`, description: `A survivor seeking shelter: ${pick(PAST)}.` };
}
