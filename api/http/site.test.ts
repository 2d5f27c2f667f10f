import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../testing/server.ts';
import { preferredEncoding } from './site.ts';

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

  test("scripts go out in brotli to a browser that takes it (Chromium's header), gzip to one that takes only gzip", async () => {
    const dir = join(server.config.siteDir, '_astro');
    // The largest script: where brotli's gain over gzip is plain.
    const script = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .sort((a, b) => Bun.file(join(dir, b)).size - Bun.file(join(dir, a)).size)[0]!;
    const original = await Bun.file(join(dir, script)).bytes();
    const url = `${server.url}/_astro/${script}`;
    const raw = (encoding: string) => fetch(url, { headers: { 'accept-encoding': encoding }, decompress: false } as RequestInit);

    const br = await raw('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('accept-encoding');
    const brBytes = new Uint8Array(await br.arrayBuffer());
    expect(new Uint8Array(brotliDecompressSync(brBytes))).toEqual(original);

    const gz = await raw('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const gzBytes = new Uint8Array(await gz.arrayBuffer());
    expect(Bun.gunzipSync(gzBytes)).toEqual(original);
    expect(brBytes.length).toBeLessThan(gzBytes.length);

    expect((await raw('br;q=0, gzip')).headers.get('content-encoding')).toBe('gzip');
  });

  test('the accepted encodings are read as the header means them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
  });

  test('paths cannot escape the site directory', async () => {
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/_astro/..%2f..%2fpackage.json', '/%00']) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('root:');
    }
  });
});
