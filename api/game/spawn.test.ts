import { describe, expect, test } from 'bun:test';
import { Biome } from '../../core-wasm/constants.ts';
import { IMPASSABLE } from './world.ts';
import { chooseSpawn, nearSiteIds, nearSiteIdsWithin, SPAWN_GROUND, SPAWN_RULES, type SpawnCandidate } from './spawn.ts';

const usual = { x: 10, y: -20 };
/** A site `d` units east of the usual spot. */
const site = (id: string, d: number, significance: number, ground: number = Biome.plains): SpawnCandidate => ({
  id,
  x: usual.x + d,
  y: usual.y,
  ground,
  significance,
});

describe('where a newcomer appears', () => {
  test('the usual spot stands while one of its nearest sites has significance left, in any order given', () => {
    const fresh = [site('c', 300, 4), site('a', 100, 4), site('b', 200, 5), site('d', 400, 4)];
    expect(chooseSpawn(usual, fresh)).toEqual(usual);
    // The first players took two of the three nearest: the third still has something.
    expect(chooseSpawn(usual, [site('a', 100, 0), site('b', 200, -2), site('c', 300, 1), site('d', 400, 4)])).toEqual(usual);
    expect(SPAWN_RULES.nearSites).toBe(3);
  });

  test('with its nearest sites picked clean, the newcomer appears at the nearest site with significance left', () => {
    const taken = [site('far', 900, 6), site('a', 100, 0), site('b', 200, 0), site('c', 300, -3), site('next', 450, 2)];
    expect(chooseSpawn(usual, taken)).toEqual({ x: usual.x + 450, y: usual.y, siteId: 'next' });
  });

  test('sites on water or mountains are neither near sites nor places to appear; forest and ruins only count as near', () => {
    // A full site out on the water does not keep the usual spot.
    const wet = [site('lake', 50, 8, Biome.water), site('a', 100, 0), site('b', 200, 0), site('c', 300, 0), site('d', 500, 4)];
    expect(chooseSpawn(usual, wet)).toEqual({ x: usual.x + 500, y: usual.y, siteId: 'd' });
    // A full site in the forest keeps it (it can be walked to) ...
    const woods = [site('a', 100, 0), site('wood', 150, 4, Biome.forest), site('b', 200, 0), site('c', 300, 0)];
    expect(chooseSpawn(usual, woods)).toEqual(usual);
    // ... but nobody appears in the forest, the ruins or on a peak: on safe ground further out.
    const rough = [
      site('a', 100, 0),
      site('b', 200, 0),
      site('c', 300, 0),
      site('wood', 400, 4, Biome.forest),
      site('ruin', 450, 9, Biome.ruins),
      site('peak', 460, 9, Biome.mountains),
      site('dune', 700, 3, Biome.desert),
    ];
    expect(chooseSpawn(usual, rough)).toEqual({ x: usual.x + 700, y: usual.y, siteId: 'dune' });
  });

  test('every site picked clean, or none known: the usual spot after all; equal distances go by id', () => {
    expect(chooseSpawn(usual, [site('a', 100, 0), site('b', 200, 0), site('c', 300, 0), site('d', 400, -1)])).toEqual(usual);
    expect(chooseSpawn(usual, [])).toEqual(usual);
    const tie = [
      site('a', 10, 0),
      site('b', 20, 0),
      site('c', 30, 0),
      site('z', 40, 4),
      { ...site('y', 0, 4), x: usual.x, y: usual.y + 40 },
    ];
    expect(chooseSpawn(usual, tie).siteId).toBe('y');
    expect(chooseSpawn(usual, tie.toReversed()).siteId).toBe('y');
  });
});

describe('nearSiteIds', () => {
  test('the nearest walkable sites; while one has significance left chooseSpawn keeps the usual spot', () => {
    const at = { x: 37, y: -12 };
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const grounds = [...SPAWN_GROUND, ...IMPASSABLE];
    const dist = (c: SpawnCandidate) => Math.hypot(c.x - at.x, c.y - at.y);
    let stood = 0;
    for (let round = 0; round < 500; round++) {
      const candidates: SpawnCandidate[] = Array.from({ length: Math.floor(rand() * 12) }, (_, i) => ({
        id: `s${i}`,
        x: at.x + Math.round((rand() - 0.5) * 600),
        y: at.y + Math.round((rand() - 0.5) * 600),
        ground: grounds[Math.floor(rand() * grounds.length)]!,
        significance: rand() < 0.6 ? 0 : Math.round(rand() * 50),
      }));
      const near = new Set(nearSiteIds(at, candidates));
      const walkable = candidates.filter((c) => !IMPASSABLE.has(c.ground));
      expect(near.size).toBe(Math.min(SPAWN_RULES.nearSites, walkable.length));
      const farthestNear = Math.max(0, ...walkable.filter((c) => near.has(c.id)).map(dist));
      for (const c of walkable) if (!near.has(c.id)) expect(dist(c)).toBeGreaterThanOrEqual(farthestNear);
      // The hub reads only these sites' states first: when one has significance left, the answer is the usual spot.
      if (near.size === 0 || candidates.some((c) => near.has(c.id) && c.significance > 0)) {
        expect(chooseSpawn(at, candidates)).toEqual(at);
        stood += 1;
      } else if (walkable.some((c) => c.significance > 0 && SPAWN_GROUND.has(c.ground))) {
        expect(chooseSpawn(at, candidates).siteId).toBeDefined();
      }
    }
    expect(stood).toBeGreaterThan(50);
    expect(stood).toBeLessThan(450);
  });
});

describe('nearSiteIdsWithin', () => {
  test('a smaller area answers as the whole search does whenever it answers, and defers when a nearer site may lie outside', () => {
    const at = { x: 20, y: 30 };
    let seed = 11;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const grounds = [...SPAWN_GROUND, ...IMPASSABLE];
    let answered = 0;
    for (let round = 0; round < 500; round++) {
      const all = Array.from({ length: Math.floor(rand() * 20) }, (_, i) => ({
        id: `s${i}`,
        x: at.x + Math.round((rand() - 0.5) * 1200),
        y: at.y + Math.round((rand() - 0.5) * 1200),
        ground: grounds[Math.floor(rand() * grounds.length)]!,
      }));
      // The smaller area: a square of half-width `covered` round the spot.
      const covered = 100 + rand() * 400;
      const inside = all.filter((c) => Math.abs(c.x - at.x) <= covered && Math.abs(c.y - at.y) <= covered);
      const ids = nearSiteIdsWithin(at, inside, covered);
      if (ids === null) continue;
      answered += 1;
      expect(ids).toEqual(nearSiteIds(at, all));
    }
    expect(answered).toBeGreaterThan(50);
    // Too few sites, or the third beyond the covered distance: grow the area.
    expect(nearSiteIdsWithin(at, [{ id: 'a', x: at.x + 10, y: at.y, ground: Biome.plains }], 500)).toBeNull();
    const three = ['a', 'b', 'c'].map((id, i) => ({ id, x: at.x + 100 * (i + 1), y: at.y, ground: Biome.plains }));
    expect(nearSiteIdsWithin(at, three, 301)).toEqual(['a', 'b', 'c']);
    expect(nearSiteIdsWithin(at, three, 300)).toBeNull();
  });
});
