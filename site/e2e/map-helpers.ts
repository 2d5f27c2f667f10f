/**
 * What the game specs read of the world and the map, once: the map's debug snapshot, the terrain round a point (the
 * chunks call), world-to-page positions, and walking over the API under the movement budget.
 */
import { expect, type Page } from '@playwright/test';
import { CHUNK_SIZE, TILE_SIZE } from '../../core-wasm/constants.ts';
import type { MapSnapshot } from '../src/game/session/debug-hook.ts';
import type { E2EServer } from './fixtures.ts';

export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export const snapshot = (page: Page) => page.evaluate(() => window.__wastelandMap!.snapshot()) as Promise<MapSnapshot>;

export interface RegionPoi {
  id: string;
  name: string;
  landmark: boolean;
  worldX: number;
  worldY: number;
  significance: number;
  currentSignificance: number;
}
export interface Region {
  chunks: { x: number; y: number; tiles: string }[];
  legend: string[];
  pois: RegionPoi[];
}

/** The 3 × 3 chunks round the chunk of `at`, as the server's chunks call gives them (tiles, legend, POIs). */
export async function regionAround(page: Page, server: E2EServer, at: Point): Promise<Region> {
  const cx = Math.floor(at.x / (CHUNK_SIZE * TILE_SIZE));
  const cy = Math.floor(at.y / (CHUNK_SIZE * TILE_SIZE));
  const res = await page.request.get(
    `${server.url}/api/world/default/chunks?centerChunkX=${cx}&centerChunkY=${cy}&chunkRadius=1`,
  );
  expect(res.status()).toBe(200);
  return (await res.json()) as Region;
}

/** The biome under a world position, from the chunks call's tiles (base64 of 128 × 128 codes, row-major). */
export function biomeLookup(region: Region): (x: number, y: number) => string | undefined {
  const chunks = new Map(region.chunks.map((c) => [`${c.x},${c.y}`, Buffer.from(c.tiles, 'base64')]));
  return (x, y) => {
    const tx = Math.floor(x / TILE_SIZE);
    const ty = Math.floor(y / TILE_SIZE);
    const cx = Math.floor(tx / CHUNK_SIZE);
    const cy = Math.floor(ty / CHUNK_SIZE);
    const code = chunks.get(`${cx},${cy}`)?.[(ty - cy * CHUNK_SIZE) * CHUNK_SIZE + (tx - cx * CHUNK_SIZE)];
    return code === undefined ? undefined : region.legend[code];
  };
}

/** Whether a biome can be walked on (known, neither water nor mountains). */
export const passableBiome = (name: string | undefined) => name !== undefined && name !== 'water' && name !== 'mountains';

/** A straight walk from `a` to `b` crosses no water or mountains (sampled every world unit). */
export function clearPath(biome: (x: number, y: number) => string | undefined, a: Point, b: Point): boolean {
  const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y));
  for (let i = 0; i <= steps; i++) {
    const t = steps ? i / steps : 0;
    if (!passableBiome(biome(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))) return false;
  }
  return true;
}

/** Where a world position is on the page (the camera centres the map element). */
export function toPage(snap: MapSnapshot, box: Box, x: number, y: number): Point {
  return {
    x: box.x + box.width / 2 + (x - snap.camera.x) * snap.zoom,
    y: box.y + box.height / 2 + (y - snap.camera.y) * snap.zoom,
  };
}

/** Clear of the minimap (top right), the readout (bottom left) and the edges. */
export function clickable(p: Point, box: Box): boolean {
  const inside = p.x > box.x + 20 && p.x < box.x + box.width - 20 && p.y > box.y + 20 && p.y < box.y + box.height - 20;
  const underMinimap = p.x > box.x + box.width - 200 && p.y < box.y + 200;
  const underReadout = p.x < box.x + 280 && p.y > box.y + box.height - 70;
  return inside && !underMinimap && !underReadout;
}

/** Where the server says the page's survivor stands. */
export async function whereIs(page: Page, server: E2EServer): Promise<Point & { id: string }> {
  const res = await page.request.get(`${server.url}/api/player/current?worldId=default`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Point & { id: string };
}

export type Step = { accepted: boolean; reason?: string } & Point;

/** One step toward `to` (POST /api/player/move): where the server says we stand. */
export async function step(page: Page, server: E2EServer, to: Point): Promise<Step> {
  const res = await page.request.post(`${server.url}/api/player/move?worldId=default`, { data: to });
  expect(res.status()).toBe(200);
  return res.json();
}

/** The refusal of a step longer than the movement budget (api/game/movement.ts): the budget refills as time passes. */
const OVER_BUDGET = 'Too far to have walked there';

/**
 * One step toward `to`, taken as soon as the movement budget allows it (it refills at 75 units a second): a step the
 * budget refuses is sent again until it is accepted or refused for another reason (water, rock), which is answered.
 */
export async function stepWhenAllowed(page: Page, server: E2EServer, to: Point, timeoutMs = 10_000): Promise<Step> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await step(page, server, to);
    if (r.accepted || r.reason !== OVER_BUDGET) return r;
    if (Date.now() > deadline) throw new Error(`the movement budget never allowed a step to ${to.x}, ${to.y}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Walks to `to` along the server's own path round water and rock (GET /api/world/default/path), point by point
 * (each at most 3 tiles from the last: a longer straight line could cut a corner through water) as the movement
 * budget allows; answers where it stands.
 */
export async function walkTo(page: Page, server: E2EServer, to: Point): Promise<Point> {
  const from = await whereIs(page, server);
  const res = await page.request.get(
    `${server.url}/api/world/default/path?fromX=${from.x}&fromY=${from.y}&toX=${to.x}&toY=${to.y}`,
  );
  expect(res.status()).toBe(200);
  const { path } = (await res.json()) as { path: Point[] };
  let at: Point = from;
  for (const p of path) {
    const r = await stepWhenAllowed(page, server, p);
    expect(r.accepted, `a step along the server's path, to ${p.x}, ${p.y}: ${r.reason}`).toBe(true);
    at = r;
  }
  expect(Math.hypot(at.x - to.x, at.y - to.y)).toBeLessThan(6);
  return at;
}

const TURNS = [0, 1, -1, 2, -2, 3, -3, 4].map((t) => (t * Math.PI) / 4);

/**
 * Strides from where `page`'s survivor stands (the last of `path`) while `go` gives a heading and a length (null:
 * there), each as soon as the budget allows, turning by 45° steps where water or rock is in the way; appends every
 * place it stood to `path` (each one reached from the one before, so the way back is walkable).
 */
export async function strides(
  page: Page,
  server: E2EServer,
  path: Point[],
  go: (at: Point) => { heading: number; length: number } | null,
  maxStrides = 20,
): Promise<void> {
  for (let n = 0; n < maxStrides; n++) {
    const at = path.at(-1)!;
    const next = go(at);
    if (!next) return;
    for (const turn of TURNS) {
      const h = next.heading + turn;
      const r = await stepWhenAllowed(page, server, {
        x: at.x + Math.cos(h) * next.length,
        y: at.y + Math.sin(h) * next.length,
      });
      if (!r.accepted) continue;
      path.push({ x: r.x, y: r.y });
      break;
    }
  }
}
