import { expect } from '@playwright/test';
import { enterMap, gameTest } from './fixtures.ts';

const test = gameTest;

/** The page makes its own terrain with the WASM core and reads only the POIs' state from the server. */
test('entering the world reads the light poi-state around the survivor and never the chunks call', async ({
  page,
  gameServer: server,
}) => {
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/world/')) asked.push(`${url.pathname}?${url.searchParams}`);
  });
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/world/default/poi-state');

  await enterMap(page, server, { viaForm: true });

  const res = await answered;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { pois: { id: string; currentSignificance: number; hasShelter: boolean }[] };
  expect(body.pois.length).toBeGreaterThan(0);
  expect(body.pois[0]).toEqual({
    id: expect.stringMatching(/^poi_12345_/),
    currentSignificance: expect.any(Number),
    hasShelter: false,
  });
  expect(asked.some((a) => /\/poi-state\?centerChunkX=-?\d+&centerChunkY=-?\d+&chunkRadius=1$/.test(a))).toBe(true);
  expect(asked.filter((a) => a.includes('/chunks'))).toEqual([]);
});
