/**
 * Settlement region benchmark: GET /api/world/{id}/settlements for a radius-3 region (7 × 7 chunks) in a
 * world holding 1,000 settlements, each with two beds (one held) and a container, over real HTTP through the whole
 * server (session, lobby seat check, validation, the region query, the caller's status and empty beds).
 *   spread: the 1,000 settlements over 33 × 33 chunks (about one per chunk, ~45 in a region), random centres;
 *   dense:  all 1,000 inside one region (the worst case: every answer lists all of them).
 * PGlite always; Postgres too when DATABASE_URL is set. Prints p50 / p99 / max in ms. Measures; never fails.
 */
import { sql } from 'drizzle-orm';
import { CHUNK_WORLD_UNITS } from '../../core-wasm/index.ts';
import { bedAssignments, buildings, settlements, shelters, users } from '../../db/schema/index.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import { backends } from '../testing/databases.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';
import { pct } from './seated.ts';

const SETTLEMENTS = 1000;
const REQUESTS = 400;

async function seed(server: TestServer, span: number): Promise<void> {
  const db = server.database.db;
  const founders = Array.from({ length: 50 }, (_, i) => ({
    id: `bench-founder-${i}`,
    username: `founder${i}`,
    usernameKey: `founder${i}`,
    passwordHash: 'x',
  }));
  await db.insert(users).values(founders).onConflictDoNothing();
  await db.execute(sql`truncate ${settlements}, ${shelters} cascade`);
  for (let i = 0; i < SETTLEMENTS; i += 100) {
    const batch = Array.from({ length: 100 }, (_, j) => {
      const k = i + j;
      const cx = (k % span) - Math.floor(span / 2);
      const cy = (Math.floor(k / span) % span) - Math.floor(span / 2);
      const slot = Math.floor(k / (span * span));
      const x = cx * CHUNK_WORLD_UNITS + 20 + (slot % 6) * 100;
      const y = cy * CHUNK_WORLD_UNITS + 20 + Math.floor(slot / 6) * 100;
      return { k, cx, cy, x, y };
    });
    const sh = await db
      .insert(shelters)
      .values(
        batch.map((b) => ({
          worldId: 'default',
          tileX: Math.floor(b.x / 5),
          tileY: Math.floor(b.y / 5),
          x: b.x,
          y: b.y,
          chunkX: b.cx,
          chunkY: b.cy,
        })),
      )
      .returning({ id: shelters.id });
    const st = await db
      .insert(settlements)
      .values(
        batch.map((b, j) => ({
          worldId: 'default',
          name: `Bench ${b.k}`,
          shelterId: sh[j]!.id,
          x: b.x,
          y: b.y,
          chunkX: b.cx,
          chunkY: b.cy,
          biome: 'plains',
          founderId: founders[b.k % founders.length]!.id,
        })),
      )
      .returning({ id: settlements.id });
    for (const [j, s] of st.entries()) {
      const bs = await db
        .insert(buildings)
        .values([
          { settlementId: s.id, type: 'bed' as const, name: 'Bed' },
          { settlementId: s.id, type: 'bed' as const, name: 'Bed' },
          { settlementId: s.id, type: 'container' as const, subtype: 'food' as const, name: 'Larder' },
        ])
        .returning({ id: buildings.id });
      const k = i + j;
      if (k < founders.length) {
        await db
          .insert(bedAssignments)
          .values({ bedId: bs[0]!.id, settlementId: s.id, worldId: 'default', userId: founders[k]!.id });
      }
    }
  }
}

async function measure(client: TestClient, span: number): Promise<string> {
  const times: number[] = [];
  let listed = 0;
  for (let i = 0; i < REQUESTS + 20; i++) {
    const half = Math.floor(span / 2);
    const cx = span === 1 ? 0 : Math.floor(Math.random() * span) - half;
    const cy = span === 1 ? 0 : Math.floor(Math.random() * span) - half;
    const t0 = performance.now();
    const res = await client.get(`/api/world/default/settlements?centerChunkX=${cx}&centerChunkY=${cy}&chunkRadius=3`);
    const body = (await res.json()) as unknown[];
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    if (i >= 20) {
      times.push(ms);
      listed += body.length;
    }
  }
  times.sort((a, b) => a - b);
  return `p50 ${pct(times, 50).toFixed(2)} ms  p99 ${pct(times, 99).toFixed(2)} ms  max ${times.at(-1)!.toFixed(2)} ms  (${(listed / REQUESTS).toFixed(0)} settlements per answer)`;
}

for (const backend of backends()) {
  const server = await startTestServer(backend, { seatTimeoutMs: 3600_000 });
  try {
    const c = new TestClient(server.url);
    await c.register(uniqueName('bench'));
    await c.post('/api/lobby/join-game');
    await c.get('/api/world/default');
    for (const [label, span] of [
      ['spread', 33],
      ['dense', 7],
    ] as const) {
      await seed(server, span);
      console.log(
        `${backend.padEnd(8)} ${label.padEnd(6)} ${SETTLEMENTS} settlements, radius 3: ${await measure(c, span === 7 ? 1 : span)}`,
      );
    }
  } finally {
    await server.stop();
  }
}
