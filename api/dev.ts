import { prettyPrint } from './ops/pretty.ts';

/**
 * `bun run dev`: the API with reload (bun --watch) on API_PORT and Astro's dev server on PORT, which proxies
 * /api and /ws to it, so the browser sees one origin. The API's JSON log lines are shown readably. Ctrl-C stops both.
 */
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', API_PORT: apiPort };

const build = Bun.spawnSync(['bun', 'core-wasm/build.ts'], { stdout: 'inherit', stderr: 'inherit' });
if (build.exitCode !== 0) process.exit(1);

// Development unless said otherwise: api/server.ts, run as a program, would take itself for production.
const api = Bun.spawn(['bun', '--watch', 'api/server.ts'], {
  env: {
    ...env,
    NODE_ENV: process.env.NODE_ENV || 'development',
    PORT: apiPort,
    PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
  },
  stdout: 'pipe',
  stderr: 'inherit',
});
void prettyPrint(api.stdout);
const children = [
  api,
  Bun.spawn(['bunx', '--bun', 'astro', 'dev', '--port', port], { env, stdout: 'inherit', stderr: 'inherit' }),
];
console.log(`Wasteland dev: open http://localhost:${port}`);
const stop = () => {
  for (const c of children) c.kill();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await Promise.race(children.map((c) => c.exited));
stop();
