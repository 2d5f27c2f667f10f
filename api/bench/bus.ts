/**
 * The bus's ceiling: two PostgresBus instances (two "processes") on one Postgres database; one publishes move
 * batches shaped like the live layer's (W worlds ticking every 25 ms, E moves each) at rising rates, the other
 * receives. Prints, per offered rate, the events and payloads per second that arrived and the publish→receive lag
 * (p50/p99). Where delivered falls behind offered, or the lag grows, is the ceiling. Needs DATABASE_URL.
 */
import { openDatabase } from '../../db/index.ts';
import { MOVE_FANOUT_MS } from '../contract/protocol.ts';
import type { BusEvent } from '../live/bus.ts';
import { type Notifier, PostgresBus } from '../live/pg-bus.ts';
import { freshPostgresUrl } from '../testing/databases.ts';

if (!process.env.DATABASE_URL) {
  console.log('bus: skipped (needs DATABASE_URL)');
  process.exit(0);
}
const url = await freshPostgresUrl();
/** A "process": its own connection pool and LISTEN connection, through the database client the server uses. */
async function notifier(): Promise<{ n: Notifier; end: () => Promise<void> }> {
  const db = await openDatabase({ url });
  return { n: db.notifier!, end: () => db.close() };
}
const a = await notifier();
const b = await notifier();
const sender = await PostgresBus.start('sender', a.n, (w, e) => console.error(w, e));
const receiver = await PostgresBus.start('receiver', b.n, (w, e) => console.error(w, e));

let received = 0;
let lags: number[] = [];
receiver.onBatch((batch) => {
  for (const ev of batch.events) {
    if (ev.k !== 'moves') continue;
    received += ev.m.length;
    lags.push(performance.now() - ev.m[0]![1]);
  }
});

const SECONDS = Number(process.env.BENCH_BUS_SECONDS ?? 5);
console.log(`worlds tick every ${MOVE_FANOUT_MS} ms; each tick one batch per world with 10 moves (one world = 400 moves/s)`);
for (const worlds of [25, 50, 100, 200, 400, 800]) {
  received = 0;
  lags = [];
  const notifies0 = sender.stats.notifies;
  const t0 = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    for (let w = 0; w < worlds; w++) {
      const moves: [string, number, number][] = Array.from({ length: 10 }, (_, i) => [
        `player-${w}-${i}-0123456789abcdef`,
        now,
        i,
      ]);
      sender.publish(`world-${w}`, [{ k: 'moves', m: moves } as BusEvent]);
    }
  }, MOVE_FANOUT_MS);
  await Bun.sleep(SECONDS * 1000);
  clearInterval(timer);
  await Bun.sleep(1000);
  const elapsed = (performance.now() - t0) / 1000 - 1;
  lags.sort((x, y) => x - y);
  const q = (p: number) => lags[Math.min(lags.length - 1, Math.floor(p * lags.length))] ?? Number.NaN;
  const offered = worlds * 10 * (1000 / MOVE_FANOUT_MS);
  console.log(
    `${String(worlds).padStart(4)} worlds: offered ${offered.toFixed(0)} moves/s, delivered ${(received / elapsed).toFixed(0)}/s; ` +
      `NOTIFY ${((sender.stats.notifies - notifies0) / elapsed).toFixed(0)}/s; lag p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms`,
  );
  if (q(0.5) > 1000) break;
}
await sender.close();
await receiver.close();
await a.end();
await b.end();
process.exit(0);
