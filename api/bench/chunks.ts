/**
 * Chunks benchmark: GET /api/world/{id}/chunks for a radius-2 region (25 chunks, ~630 KiB of JSON)
 * with one seated player's cookie and `accept-encoding: gzip`, over real HTTP through the whole server (session,
 * lobby seat check, validation, POI states, settlements, shelters, encoding), and the page's light read,
 * GET /api/world/{id}/poi-state (radius 1, what the page asks on entering a sector). One POI of the region has been
 * searched, so one chunk's POIs are rebuilt on every call, as in a lived-in world.
 *   uncached: CHUNK_WIRE_CACHE_SIZE=0, every answer built and compressed afresh (the path before the cache);
 *   cached:   the same region again and again (pieces from the cache);
 *   new region: (the encoding alone, below) a region nobody read before, with and without the cache: over HTTP a
 *             player reads regions around their own survivor only, so a new region every call is no longer asked;
 * Each case runs CONCURRENCY calls at a time for MEASURE_MS, and prints calls/s, p50 / p99, the bytes sent and the
 * CPU of this process (server and client share it: the machine is shared, so compare ratios). Then the encoding
 * alone (WorldService.regionBody and its gzip, with no HTTP and a database that answers at once), single file, and
 * the memory a full cache holds. PGlite always; Postgres too when DATABASE_URL is set. Measures; never fails.
 */
import { loadCoreForBun, type Poi } from '../../core-wasm/index.ts';
import { loadConfig } from '../config.ts';
import { IMPASSABLE } from '../contract/world.ts';
import { CHUNK_WIRE_CACHE_SIZE, ChunkWireCache } from '../modules/world/chunk-wire.ts';
import { WorldService } from '../modules/world/service.ts';
import { CoreTerrain } from '../modules/world/terrain.ts';
import type { Services } from '../services.ts';
import { backends } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';
import { pct, seatedClientAt } from './seated.ts';

const SEED = 4242;
const CONCURRENCY = 4;
const WARMUP_MS = 1000;
const MEASURE_MS = Number(process.env.BENCH_CHUNKS_MS ?? 5000);

const core = await loadCoreForBun();

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
  cpu: number;
}

/** CONCURRENCY loops calling `path(i)` until the time is up; the bodies are read as sent (no decoding). */
async function measure(base: string, cookie: string, path: (i: number) => string): Promise<Figures> {
  let i = 0;
  const call = async () => {
    const t0 = performance.now();
    const res = await fetch(base + path(i++), {
      headers: { cookie, 'accept-encoding': 'gzip' },
      decompress: false,
    } as RequestInit);
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    return { ms: performance.now() - t0, bytes };
  };
  const run = async (ms: number) => {
    const times: number[] = [];
    let bytes = 0;
    const until = performance.now() + ms;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const r = await call();
          times.push(r.ms);
          bytes = r.bytes;
        }
      }),
    );
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    times.sort((a, b) => a - b);
    return {
      perSecond: (times.length * 1000) / wall,
      p50: pct(times, 50),
      p99: pct(times, 99),
      bytes,
      cpu: (cpu.user + cpu.system) / 1000 / wall,
    };
  };
  await run(WARMUP_MS);
  return run(MEASURE_MS);
}

const line = (label: string, f: Figures) =>
  `${label.padEnd(34)} ${f.perSecond.toFixed(0).padStart(5)} calls/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99
    .toFixed(1)
    .padStart(6)} ms  ${(f.bytes / 1024).toFixed(1).padStart(6)} KiB sent  CPU ${(f.cpu * 100).toFixed(0)}%`;

/** A seated player standing on a searchable POI of chunk (0, 0), who has searched it once. */
async function seatedPlayer(server: TestServer): Promise<{ cookie: string; poi: Poi }> {
  const poi = core
    .pois(SEED, 0, 0)
    .find((p) => !p.landmark && p.significance >= 4 && !IMPASSABLE.has(core.biomeAt(SEED, p.tileX, p.tileY)))!;
  const c = await seatedClientAt(server, poi.worldX, poi.worldY, 'bench');
  const searched = await c.post(`/api/poi/${poi.id}/scavenge`, { worldId: 'default' });
  if (searched.status !== 200) throw new Error(`scavenge: ${searched.status} ${await searched.text()}`);
  return { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), poi };
}

/** What a full cache keeps alive: memory with it filled, less memory once it is dropped (the core's growth stays). */
function cacheMemory(): string {
  const view = (p: Poi) => ({ ...p, x: p.worldX, y: p.worldY, currentSignificance: p.significance, hasShelter: false });
  let cache: ChunkWireCache | null = new ChunkWireCache();
  let bytes = 0;
  for (let i = 0; i < CHUNK_WIRE_CACHE_SIZE; i++) {
    // A throwaway terrain per chunk: only the cache keeps anything alive.
    const w = cache.chunk(new CoreTerrain(core, SEED), (i % 32) - 16, Math.floor(i / 32) - 16, view);
    bytes +=
      w.tiles.raw.length + w.tiles.deflated!.length + (w.pristine ? w.pristine.raw.length + w.pristine.deflated!.length : 0);
  }
  const size = cache.size;
  // Bun's heapUsed already counts typed arrays' bytes (they show in `external` as well: adding both counts twice).
  const used = () => {
    Bun.gc(true);
    return process.memoryUsage().heapUsed;
  };
  const full = used();
  cache = null;
  const held = full - used();
  const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
  return `full cache (${size} chunks): ${mib(bytes)} MiB of encoded bytes (${(bytes / size / 1024).toFixed(1)} KiB a chunk), ${mib(held)} MiB held in all (heap)`;
}

/**
 * What the cache saves, alone: the answer's text and gzip for the same radius-2 region (one POI searched), from a
 * WorldService whose repositories answer at once, cache on and off, one call after another.
 */
async function encodingOnly(): Promise<string> {
  const searched = core.pois(SEED, 0, 0)[0]!;
  const world = (chunkWireCacheSize: number) => {
    const services = {
      config: { ...loadConfig({}), worldSeed: SEED, chunkWireCacheSize },
      now: () => new Date(),
      repos: {
        world: { ensureWorld: async () => ({ id: 'default', name: 'W', seed: SEED }) },
        actions: {
          poiStates: async (_w: string, ids: string[]) =>
            ids.includes(searched.id)
              ? [{ poiId: searched.id, currentSignificance: searched.significance - 1, hasShelter: false, changedAt: new Date() }]
              : [],
        },
        settlements: { settlementsInChunks: async () => [], sheltersInChunks: async () => [] },
      },
    };
    return new WorldService(services as unknown as Services, core);
  };
  const perCall = async (w: WorldService, center: (i: number) => number, n: number) => {
    await (await w.regionBody('default', 0, center(-1), 2))!.gzip();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) (await w.regionBody('default', 0, center(i), 2))!.gzip();
    return (performance.now() - t0) / n;
  };
  const same = () => 0;
  const fresh = (base: number) => (i: number) => base + 5 * (i + 1);
  const [before, after] = [world(0), world(CHUNK_WIRE_CACHE_SIZE)];
  const ms = {
    before: await perCall(before, same, 100),
    after: await perCall(after, same, 100),
    beforeNew: await perCall(before, fresh(-3000), 20),
    afterNew: await perCall(after, fresh(1000), 20),
  };
  const f = (n: number) => `${n.toFixed(2)} ms`;
  return (
    `encoding only, radius 2, per call: uncached ${f(ms.before)}, cached ${f(ms.after)} (${(ms.before / ms.after).toFixed(0)}× less); ` +
    `new region: uncached ${f(ms.beforeNew)}, cached ${f(ms.afterNew)}`
  );
}

const chunks = (cx: number, cy: number) => `/api/world/default/chunks?centerChunkX=${cx}&centerChunkY=${cy}&chunkRadius=2`;

// The per-user budget of terrain reads is off: one player's calls as fast as they come is what is measured.
const NO_TERRAIN_BUDGET = { terrainReadLimitPerUser: { perSecond: 0, burst: 1 } };
for (const backend of backends()) {
  const server = await startTestServer(backend, { worldSeed: SEED, seatTimeoutMs: 3600_000, ...NO_TERRAIN_BUDGET });
  const uncached = await startTestServer(backend, {
    worldSeed: SEED,
    seatTimeoutMs: 3600_000,
    ...NO_TERRAIN_BUDGET,
    database: server.database,
    chunkWireCacheSize: 0,
  });
  try {
    const { cookie, poi } = await seatedPlayer(server);
    const here = chunks(poi.chunkX, poi.chunkY);
    const before = await measure(uncached.url, cookie, () => here);
    const after = await measure(server.url, cookie, () => here);
    const light = await measure(
      server.url,
      cookie,
      () => `/api/world/default/poi-state?centerChunkX=${poi.chunkX}&centerChunkY=${poi.chunkY}&chunkRadius=1`,
    );
    console.log(`${backend}: one seated player, ${CONCURRENCY} calls in flight, gzip accepted`);
    console.log(line('  chunks r2, uncached (before)', before));
    console.log(line('  chunks r2, cached', after));
    console.log(line('  poi-state r1 (the page)', light));
    console.log(
      `  ratios: cached/uncached ${(after.perSecond / before.perSecond).toFixed(1)}× calls/s, p50 ${(before.p50 / after.p50).toFixed(1)}× lower; ` +
        `CPU per call ${(before.cpu / before.perSecond / (after.cpu / after.perSecond)).toFixed(1)}× less; ` +
        `poi-state/uncached chunks ${(light.perSecond / before.perSecond).toFixed(1)}× calls/s, ${(before.bytes / light.bytes).toFixed(0)}× fewer bytes`,
    );
  } finally {
    await uncached.stop();
    await server.stop();
  }
}
console.log(await encodingOnly());
console.log(cacheMemory());
