import type { PoiType } from './constants.ts';

/**
 * POI names: a pure function of the type, the landmark flag and the 32-bit name seed the core computes for each POI,
 * so the server and the browser name every POI the same way.
 */

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
  abandoned_house: ['Abandoned House on {street}', '{surname} Mansion'],
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

const pick = <T>(list: readonly T[], bits: number): T => list[bits % list.length] as T;

export function poiName(type: PoiType, landmark: boolean, nameSeed: number): string {
  const s = nameSeed >>> 0;
  const template = TEMPLATES[type][landmark ? 1 : 0];
  const letter = String.fromCharCode(65 + ((s >>> 20) % 26));
  return template
    .replace('{place}', pick(PLACES, s & 0xff))
    .replace('{surname}', pick(SURNAMES, (s >>> 8) & 0xff))
    .replace('{street}', pick(STREETS, (s >>> 4) & 0xff))
    .replace('{saint}', pick(SAINTS, (s >>> 12) & 0xff))
    .replace('{code}', `${letter}-${((s >>> 8) % 90) + 10}`)
    .replace('{n}', String(((s >>> 16) % 900) + 100));
}
