/**
 * The floor for the HTTP benchmark: a bare Bun.serve answering GET /api/health with the same database ping and body
 * as the game's, and nothing else (no framework, no logging, no metrics). `bun api/bench/health-floor.ts <port>`,
 * on DATABASE_URL, else embedded PGlite in DATA_DIR.
 */
import { resolve } from 'node:path';
import { openDatabase } from '../../db/index.ts';

const port = Number(process.argv[2] ?? 3998);
const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: resolve(process.env.DATA_DIR ?? './data') },
);

Bun.serve({
  port,
  hostname: '127.0.0.1',
  async fetch(req) {
    if (new URL(req.url).pathname !== '/api/health') return new Response('not found', { status: 404 });
    const ok = await database.ping();
    return Response.json({ ok, database: database.kind }, { status: ok ? 200 : 503 });
  },
});
console.log(`health floor up on ${port}`);
