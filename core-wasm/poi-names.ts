import type { PoiType } from './constants.ts';

import { CHUNK_SIZE, TILE_SIZE } from './constants.ts';

/**
 * POI names: a pure function of each POI's type, landmark flag and 32-bit name seed (computed by the core) and of
 * its chunk's position and the other POIs of that chunk, so the server and the browser name every POI the same way.
 *
 * Why names are unique in a neighbourhood: each template (say "{place} Gas Station") has a space of fillings. The
 * chunks are coloured in a 2 × 2 pattern (chunkX and chunkY parity) and a chunk of colour c draws only fillings whose
 * index is ≡ c (mod 4). Inside one chunk, POIs of the same template take distinct fillings (a later one steps on from
 * its drawn filling to the next free one), and only when all of a colour's fillings are taken does a name get a
 * "No. 2", "No. 3" suffix. Two chunks of the same colour are two chunks apart, so two POIs with the same name are
 * always more than a chunk's width apart: POI_NAME_UNIQUE_DISTANCE. Neighbouring chunks are never consulted, so the
 * cost stays one chunk's POIs.
 */
export const POI_NAME_UNIQUE_DISTANCE = CHUNK_SIZE * TILE_SIZE;

const PLACES = [
  'Ashford',
  'Millbrook',
  'Red Creek',
  'Dustwater',
  'Cold Spring',
  'Hollow Pine',
  'Iron Ridge',
  'Cedar Falls',
  'Blackwood',
  'Sandy Hollow',
  'Greyhaven',
  'Fairview',
  'Lone Oak',
  'Copper Flats',
  'Harmony',
  'Bleakmoor',
  'Willow Bend',
  'Stonebridge',
  'Rustvale',
  'Clearwater',
  "Deadman's Gulch",
  'Pinecrest',
  'Saltmarsh',
  'Eastgate',
  'New Hope',
  'Brightwater',
  'Kingsley',
  'Oakhurst',
  'Maple Grove',
  'Riverside',
  'Shady Acres',
  'Thornbury',
] as const;
const SURNAMES = [
  'Miller',
  'Carver',
  'Hayes',
  'Dawson',
  'Keller',
  'Brennan',
  'Okafor',
  'Lindqvist',
  'Moreno',
  'Tanaka',
  'Walsh',
  'Novak',
  'Fischer',
  'Duarte',
  'Abbott',
  'Grady',
  'Holt',
  'Ibarra',
  'Jensen',
  'Kowalski',
  'Mercer',
  'Price',
  'Quinn',
  'Roth',
  'Sutter',
  'Vance',
  'Whitaker',
  'Yates',
  'Zimmer',
  'Barlow',
  'Crane',
  'Finch',
] as const;
const STREETS = [
  'Elm Street',
  'Oak Lane',
  'Cedar Road',
  'Maple Avenue',
  'Birch Way',
  'Willow Court',
  'Main Street',
  'Mill Road',
  'Church Street',
  'Station Road',
  'Highland Drive',
  'Lakeview Terrace',
  'Park Avenue',
  'Sunset Boulevard',
  'Hickory Lane',
  'Quarry Road',
] as const;
const SAINTS = ['Agnes', 'Jude', 'Christopher', 'Brigid', 'Francis', 'Anne', 'Michael', 'Clare'] as const;

/** Name templates per type: [ordinary, landmark]. {place} {surname} {street} {saint} {code} {n} are filled in. */
const TEMPLATES: Record<PoiType, readonly [string, string]> = {
  abandoned_house: ['Abandoned House at {n} {street}', '{surname} Mansion'],
  gas_station: ['{place} Gas Station', '{place} Truck Stop'],
  supermarket: ['{place} Supermarket', '{place} Mega-Mart'],
  hospital: ['{place} Clinic', '{place} General Hospital'],
  police_station: ['{place} Police Station', '{place} Police Headquarters'],
  factory: ['{place} Factory', '{place} Steelworks'],
  military_outpost: ['Outpost {code}', 'Fort {surname}'],
  ranger_station: ['{place} Ranger Station', '{place} Fire Lookout'],
  farmstead: ['{surname} Farmstead', '{surname} Ranch'],
  radio_tower: ['Radio Tower {code}', '{place} Transmitter'],
  pharmacy: ['{place} Pharmacy', '{place} Drug Depot'],
  school: ['{place} Elementary School', '{place} High School'],
  church: ['St. {saint} Church', 'St. {saint} Cathedral'],
  motel: ['{place} Motel', '{place} Grand Hotel'],
  warehouse: ['{place} Warehouse', '{place} Distribution Center'],
  hunting_cabin: ['{surname} Hunting Cabin', '{surname} Lodge'],
  mine: ['{place} Mine', '{place} Quarry'],
  fishing_shack: ['{surname} Fishing Shack', '{place} Cannery'],
  pumping_station: ['{place} Pumping Station', '{place} Waterworks'],
  water_tower: ['{place} Water Tower', '{place} Reservoir'],
  bunker: ['Bunker {code}', 'Vault {n}'],
  crash_site: ['Crash Site {code}', 'Flight {n} Wreck'],
  campground: ['{place} Campground', '{place} Summer Camp'],
  diner: ["{surname}'s Diner", "{surname}'s Roadhouse"],
  basic_shelter: ['Basic Shelter', 'Basic Shelter'],
};

const CODE_LETTERS = 26;
const CODE_NUMBERS = 90;
/** The values each placeholder can take (every count a multiple of 4, so each chunk colour gets a quarter). */
const FILLERS: Record<string, { size: number; text: (i: number) => string }> = {
  place: { size: PLACES.length, text: (i) => PLACES[i] as string },
  surname: { size: SURNAMES.length, text: (i) => SURNAMES[i] as string },
  street: { size: STREETS.length, text: (i) => STREETS[i] as string },
  saint: { size: SAINTS.length, text: (i) => SAINTS[i] as string },
  code: {
    size: CODE_LETTERS * CODE_NUMBERS,
    text: (i) => `${String.fromCharCode(65 + Math.floor(i / CODE_NUMBERS))}-${(i % CODE_NUMBERS) + 10}`,
  },
  n: { size: 900, text: (i) => String(i + 100) },
};
const CHUNK_COLOURS = 4;

interface Template {
  text: string;
  placeholders: string[];
  /** How many fillings the template has (the product of its placeholders' sizes). */
  size: number;
}
function compile(text: string): Template {
  const placeholders = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  return { text, placeholders, size: placeholders.reduce((n, p) => n * (FILLERS[p] as { size: number }).size, 1) };
}
const COMPILED = {} as Record<PoiType, readonly [Template, Template]>;
for (const [type, [ordinary, landmark]] of Object.entries(TEMPLATES) as [PoiType, readonly [string, string]][])
  COMPILED[type] = [compile(ordinary), compile(landmark)];

/** The template filled with filling number `index` (mixed radix over its placeholders: a bijection). */
function fill(t: Template, index: number): string {
  let rest = index;
  let out = t.text;
  for (const p of t.placeholders) {
    const filler = FILLERS[p] as { size: number; text: (i: number) => string };
    out = out.replace(`{${p}}`, filler.text(rest % filler.size));
    rest = Math.floor(rest / filler.size);
  }
  return out;
}

/** Which quarter of every template's fillings chunk (chunkX, chunkY) draws from (negative coordinates included). */
const chunkColour = (chunkX: number, chunkY: number) => ((chunkX & 1) << 1) | (chunkY & 1);

export interface PoiToName {
  type: PoiType;
  landmark: boolean;
  nameSeed: number;
}

/** Names of one chunk's POIs, given in the core's order (that order is part of the seed's world). */
export function chunkPoiNames(chunkX: number, chunkY: number, pois: readonly PoiToName[]): string[] {
  const colour = chunkColour(chunkX, chunkY);
  /** Per template: fillings (by slot in the colour's quarter) taken in the current round, and the round. */
  const taken = new Map<Template, { slots: Set<number>; round: number }>();
  return pois.map(({ type, landmark, nameSeed }) => {
    const t = COMPILED[type][landmark ? 1 : 0];
    if (t.size === 1) return t.text;
    const slots = t.size / CHUNK_COLOURS;
    let state = taken.get(t);
    if (!state) taken.set(t, (state = { slots: new Set(), round: 0 }));
    if (state.slots.size === slots) state = { slots: new Set(), round: state.round + 1 };
    taken.set(t, state);
    let slot = (nameSeed >>> 0) % slots;
    while (state.slots.has(slot)) slot = (slot + 1) % slots;
    state.slots.add(slot);
    const name = fill(t, slot * CHUNK_COLOURS + colour);
    return state.round === 0 ? name : `${name} No. ${state.round + 1}`;
  });
}
