/**
 * Time to a first Portable Radio, played with the real rules: a scripted new player without a starter kit
 * spawns near the origin of a generated world (the WASM core's terrain and POIs), walks to the nearest unsearched site,
 * auto-scavenges it until it is picked clean (api/game/scavenge.ts, one search every AUTO_SCAVENGE_INTERVAL_MS), and
 * goes on until the pack pays for a shelter, a settlement and a radio (salvaging Electronic Parts from Batteries at
 * the bench when none turned up); then it builds, queues and waits for the bench (api/game/crafting.ts, default
 * NPC_TIME_SCALE 1, no crafting NPC). Walking is a straight line at the survivor's speed with a 25% detour for terrain
 * (pathfinding comes later). Many worlds, so the figures are a distribution, not one lucky seed.
 * `bun run bench crafting`. Prints figures; never fails.
 */
import { loadCoreForBun, type Poi } from '../../core-wasm/index.ts';
import { AUTO_SCAVENGE_INTERVAL_MS, NO_TOOLS } from '../game/actions.ts';
import { craftDurationMs, craftInputs, craftWorkMs, recipeById } from '../game/crafting.ts';
import { seededRng } from '../game/random.ts';
import { scavengeStep } from '../game/scavenge.ts';
import { SHELTER_COST } from '../game/settlements.ts';
import { IMPASSABLE, PLAYER_SPEED_UNITS_PER_SECOND } from '../game/world.ts';

const WORLDS = 200;
const DETOUR = 1.25;
/** Clicks and panels: building the shelter, founding, queuing (a few seconds each for a new player). */
const UI_MS = 30_000;
const TIME_SCALE = 1;
const LIMIT_MS = 90 * 60_000;

const core = await loadCoreForBun();
const radio = recipeById('portable-radio')!;
const salvage = recipeById('electronic-parts')!;

type Pack = Map<string, number>;
const has = (pack: Pack, needs: Record<string, number>) => Object.entries(needs).every(([n, q]) => (pack.get(n) ?? 0) >= q);
const add = (a: Record<string, number>, b: Record<string, number>) => {
  const out = { ...a };
  for (const [n, q] of Object.entries(b)) out[n] = (out[n] ?? 0) + q;
  return out;
};

/** What the radio costs from this pack: the radio, plus salvaged Electronic Parts when none were found. */
function radioPlan(pack: Pack): { needs: Record<string, number>; salvaged: number } {
  const missingParts = Math.max(0, (radio.inputs['Electronic Parts'] ?? 0) - (pack.get('Electronic Parts') ?? 0));
  const { 'Electronic Parts': _, ...rest } = radio.inputs;
  const base = missingParts
    ? add(rest, { 'Electronic Parts': (radio.inputs['Electronic Parts'] ?? 0) - missingParts })
    : radio.inputs;
  return { needs: add(add(SHELTER_COST, base), craftInputs(salvage, missingParts)), salvaged: missingParts };
}

function play(seed: number): { ms: number; sites: number; searches: number; salvaged: number } | null {
  const rng = seededRng(seed * 7919 + 1);
  const pois: Poi[] = [];
  for (let cy = -3; cy <= 3; cy++) for (let cx = -3; cx <= 3; cx++) pois.push(...core.pois(seed, cx, cy));
  const open = pois.filter((p) => !IMPASSABLE.has(core.biomeAt(seed, p.tileX, p.tileY)));
  const pack: Pack = new Map();
  // Spawns land within about 100 units of the origin (api/modules/world/terrain.ts spawnPoint).
  const angle = rng() * 2 * Math.PI;
  const r = rng() * 100;
  let at = { x: Math.cos(angle) * r, y: Math.sin(angle) * r };
  let ms = 0;
  let sites = 0;
  let searches = 0;
  const searched = new Set<string>();
  while (ms < LIMIT_MS) {
    const plan = radioPlan(pack);
    if (has(pack, plan.needs)) {
      const bench =
        craftDurationMs(craftWorkMs(salvage, plan.salvaged, TIME_SCALE), 0) * (plan.salvaged ? 1 : 0) +
        craftDurationMs(craftWorkMs(radio, 1, TIME_SCALE), 0);
      return { ms: ms + UI_MS + bench, sites, searches, salvaged: plan.salvaged };
    }
    const next = open
      .filter((p) => !searched.has(p.id))
      .sort((a, b) => Math.hypot(a.worldX - at.x, a.worldY - at.y) - Math.hypot(b.worldX - at.x, b.worldY - at.y))[0];
    if (!next) return null;
    ms +=
      (Math.max(0, Math.hypot(next.worldX - at.x, next.worldY - at.y) - next.radius) * DETOUR * 1000) /
      PLAYER_SPEED_UNITS_PER_SECOND;
    at = { x: next.worldX, y: next.worldY };
    searched.add(next.id);
    sites++;
    let significance = next.significance;
    for (;;) {
      const out = scavengeStep(next, significance, NO_TOOLS, rng);
      if (!out.searched) break;
      searches++;
      ms += AUTO_SCAVENGE_INTERVAL_MS;
      significance = out.after;
      for (const i of out.items) pack.set(i.itemName, (pack.get(i.itemName) ?? 0) + i.quantity);
      if (out.depleted) break;
    }
  }
  return null;
}

const results = Array.from({ length: WORLDS }, (_, i) => play(1000 + i * 37));
const done = results.filter((r) => r !== null).sort((a, b) => a.ms - b.ms);
const q = (p: number) => done[Math.min(done.length - 1, Math.floor(p * done.length))]!;
const min = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
console.log(`time to a first Portable Radio, new player without a starter kit, ${WORLDS} worlds (default settings):`);
console.log(`  reached within ${min(LIMIT_MS)}: ${done.length}/${WORLDS}`);
console.log(`  median ${min(q(0.5).ms)}, p90 ${min(q(0.9).ms)}, worst ${min(done.at(-1)!.ms)} (goal: within 20 min)`);
console.log(`  within 20 min: ${((100 * done.filter((r) => r.ms <= 20 * 60_000).length) / WORLDS).toFixed(0)}% of worlds`);
console.log(`  median sites searched ${q(0.5).sites}, searches ${q(0.5).searches}`);
console.log(
  `  Electronic Parts salvaged from Batteries at the bench: ${((100 * done.filter((r) => r.salvaged > 0).length) / done.length).toFixed(0)}% of players`,
);
console.log(
  `  bench time: radio ${radio.seconds} s, salvage ${salvage.seconds} s per part; plus ${UI_MS / 1000} s of clicks; walking ×${DETOUR} for detours`,
);
