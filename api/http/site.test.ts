import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../testing/server.ts';

/** Serving the built site (run `bun run build` first; test:all does). */
describe('the built site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.stop());

  test('pages are gzipped for browsers that accept it and revalidate; hashed assets are immutable', async () => {
    const zipped = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit);
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('cache-control')).toBe('no-cache');
    const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer())));
    expect(html).toContain('Post-Apocalyptic Survival MMO');

    const plain = await fetch(`${server.url}/wiki`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('Getting Started');

    const asset = readdirSync(join(server.config.siteDir, '_astro')).find((f) => f.endsWith('.css') || f.endsWith('.js'))!;
    const res = await fetch(`${server.url}/_astro/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  test('paths cannot escape the site directory', async () => {
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/_astro/..%2f..%2fpackage.json', '/%00']) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('root:');
    }
  });
});
