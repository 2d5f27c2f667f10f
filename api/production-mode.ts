/**
 * The server started as a program (`bun api/server.ts`, which `bun run start` and `bun run play` run) is a production
 * server unless NODE_ENV says otherwise. Elysia reads NODE_ENV once, when it loads: outside production it writes the
 * whole request body, pretty-printed, into every validation error (quadratic in the body's nesting: a 20 KiB body
 * held the event loop for seconds). So this module is server.ts's first import, evaluated before anything loads
 * Elysia; a test or a tool that imports server.ts keeps its own NODE_ENV.
 */
import { resolve } from 'node:path';

if (!process.env.NODE_ENV && resolve(Bun.main) === resolve(import.meta.dir, 'server.ts')) {
  process.env.NODE_ENV = 'production';
}
