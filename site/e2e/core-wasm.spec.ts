import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './fixtures.ts';

/**
 * Browser parity of the WASM core: Chromium computes the same chunks as Bun.
 *
 * No test page ships for this. The built site already contains what the game uses: the chunk worker bundle
 * (core-wasm/worker.ts, started by core-wasm/worker-client.ts from the game island) and the .wasm asset it streams.
 * The spec finds the worker's URL where the site's own bundle names it, starts that worker on a page of the running
 * server (same origin, served by `bun api/server.ts`), asks it for every golden chunk, hashes the transferred bytes
 * with WebCrypto in the page, and compares hashes and POI lists with core-wasm/fixtures/golden.json, the file the
 * Bun tests (core-wasm/golden.test.ts) check too.
 */
const root = resolve(import.meta.dirname, '../..');
const assets = resolve(root, 'dist/_astro');
const golden = JSON.parse(readFileSync(resolve(root, 'core-wasm/fixtures/golden.json'), 'utf8')) as {
  chunks: { seed: number; chunkX: number; chunkY: number; sha256: string; pois: unknown[] }[];
};

/** The worker URL as the site's bundle writes it: new Worker(new URL(`/_astro/worker-….js`, …), {… name: 'wasteland-core' }). */
function coreWorkerUrl(): string {
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(resolve(assets, file), 'utf8');
    if (!code.includes('wasteland-core')) continue;
    const match = code.match(/new Worker\(new URL\(`(\/_astro\/[^`]+\.js)`/);
    if (match?.[1]) return match[1];
  }
  throw new Error('no bundle starts the core worker: run `bun run build` (the game island imports site/src/lib/core.ts)');
}

/** The .wasm URL the worker streams. */
function coreWasmUrl(workerUrl: string): string {
  const code = readFileSync(resolve(root, 'dist', `.${workerUrl}`), 'utf8');
  const match = code.match(/\/_astro\/[^`"']+\.wasm/);
  if (!match) throw new Error(`${workerUrl} names no .wasm asset`);
  return match[0];
}

test.describe('WASM core in Chromium', () => {
  test('the chunk worker generates the golden chunks: same hashes and POIs as Bun', async ({ page, server }) => {
    const workerUrl = coreWorkerUrl();
    await page.goto(`${server.url}/`);
    const requests = golden.chunks.map(({ seed, chunkX, chunkY }) => ({ seed, chunkX, chunkY }));
    const results = await page.evaluate(
      async ({ url, requests }) => {
        const worker = new Worker(url, { type: 'module' });
        const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
        try {
          const out = [];
          for (const [i, r] of requests.entries()) {
            const response = await new Promise<{
              type: string;
              chunk?: { biomes: Uint8Array<ArrayBuffer>; pois: unknown[] };
              message?: string;
            }>((resolve) => {
              worker.onmessage = (e) => resolve(e.data);
              worker.onerror = (e) => resolve({ type: 'error', message: e.message });
              worker.postMessage({ id: i + 1, type: 'chunk', ...r });
            });
            if (response.type !== 'chunk' || !response.chunk) throw new Error(`worker: ${response.message}`);
            const { biomes, pois } = response.chunk;
            out.push({ ...r, length: biomes.length, sha256: hex(await crypto.subtle.digest('SHA-256', biomes)), pois });
          }
          return out;
        } finally {
          worker.terminate();
        }
      },
      { url: `${server.url}${workerUrl}`, requests },
    );
    expect(results).toHaveLength(golden.chunks.length);
    for (const [i, expected] of golden.chunks.entries()) {
      const got = results[i]!;
      expect(got.length).toBe(128 * 128);
      expect({ seed: got.seed, chunkX: got.chunkX, chunkY: got.chunkY, sha256: got.sha256 }).toEqual({
        seed: expected.seed,
        chunkX: expected.chunkX,
        chunkY: expected.chunkY,
        sha256: expected.sha256,
      });
      expect(got.pois).toEqual(expected.pois);
    }
  });

  test('the worker rejects bad input with the core’s errors', async ({ page, server }) => {
    const workerUrl = coreWorkerUrl();
    await page.goto(`${server.url}/`);
    const response = await page.evaluate(async (url) => {
      const worker = new Worker(url, { type: 'module' });
      const reply = await new Promise<{ type: string; name?: string; message?: string }>((resolve) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.postMessage({ id: 1, type: 'chunk', seed: 1, chunkX: Number.NaN, chunkY: 0 });
      });
      worker.terminate();
      return reply;
    }, `${server.url}${workerUrl}`);
    expect(response).toEqual({ id: 1, type: 'error', name: 'TypeError', message: 'chunkX must be a number, got NaN' });
  });

  test('the server streams the emitted .wasm as application/wasm; raw exports in the page agree', async ({ page, server }) => {
    const wasmUrl = coreWasmUrl(coreWorkerUrl());
    const head = await page.request.get(`${server.url}${wasmUrl}`);
    expect(head.ok()).toBe(true);
    expect(head.headers()['content-type']).toContain('application/wasm');
    await page.goto(`${server.url}/`);
    const first = golden.chunks[0]!;
    const sha = await page.evaluate(
      async ({ url, seed, chunkX, chunkY }) => {
        const { instance } = await WebAssembly.instantiateStreaming(fetch(url));
        const raw = instance.exports as {
          memory: WebAssembly.Memory;
          generateChunk(s: number, x: number, y: number): number;
          chunkBiomesPtr(): number;
        };
        raw.generateChunk(seed | 0, chunkX, chunkY);
        const bytes = new Uint8Array(raw.memory.buffer, raw.chunkBiomesPtr(), 128 * 128).slice();
        return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
          .map((b) => b.toString(16).padStart(2, '0'))
          .join('');
      },
      { url: `${server.url}${wasmUrl}`, seed: first.seed, chunkX: first.chunkX, chunkY: first.chunkY },
    );
    expect(sha).toBe(first.sha256);
  });
});
