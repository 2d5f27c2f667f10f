/**
 * The nginx site for N server processes behind one address (api/ops/nginx.conf.template; README "Several processes
 * behind one address"):
 *
 *   bun api/ops/nginx.ts --listen 80 127.0.0.1:3001 127.0.0.1:3002 > /etc/nginx/conf.d/wasteland.conf
 *
 * prints the template with the listen address and one `server` line per process. api/ops/proxy.test.ts runs what
 * it renders in front of two real processes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const NGINX_TEMPLATE = resolve(import.meta.dir, 'nginx.conf.template');

/** A backend address nginx accepts: host:port (a name, IPv4 or [IPv6]) or unix:/path. */
const BACKEND = /^(unix:\/[^\s;{}]+|(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5})$/;
/** A listen value: a port, or address:port. */
const LISTEN = /^((\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):)?\d{1,5}$/;

/** The site for these backends, listening on `listen` (a port or address:port). */
export function renderNginxSite(listen: string, backends: readonly string[]): string {
  if (!LISTEN.test(listen)) throw new Error(`--listen must be a port or address:port, got "${listen}"`);
  if (backends.length === 0) throw new Error('name at least one server process (host:port)');
  for (const b of backends) if (!BACKEND.test(b)) throw new Error(`not a host:port: "${b}"`);
  // A process that fails is left out for 5 s, then tried again.
  const servers = backends.map((b) => `    server ${b} max_fails=1 fail_timeout=5s;`).join('\n');
  return readFileSync(NGINX_TEMPLATE, 'utf8').replaceAll('@SERVERS@', servers).replaceAll('@LISTEN@', listen);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--listen');
  const listen = at >= 0 ? args[at + 1] : undefined;
  const backends = args.filter((_, i) => i !== at && i !== at + 1);
  if (!listen) {
    console.error('usage: bun api/ops/nginx.ts --listen PORT|ADDRESS:PORT HOST:PORT [HOST:PORT ...]');
    process.exit(2);
  }
  try {
    process.stdout.write(renderNginxSite(listen, backends));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
}
