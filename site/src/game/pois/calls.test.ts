import { afterEach, expect, test } from 'bun:test';
import { POI_STATE_RADIUS, poiStateRead } from './calls.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

test('entering a sector reads the light poi-state around it, never the chunks call and its terrain', async () => {
  const asked: string[] = [];
  const pois = [{ id: 'poi_1_2_3', currentSignificance: 2, hasShelter: true }];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    asked.push(`${req.method} ${url.pathname}?${url.searchParams}`);
    return new Response(JSON.stringify({ pois }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;

  expect(await poiStateRead('default')(3, -4)).toEqual(pois);
  expect(POI_STATE_RADIUS).toBe(1);
  expect(asked).toEqual(['GET /api/world/default/poi-state?centerChunkX=3&centerChunkY=-4&chunkRadius=1']);
});

test('a refused read fails with the spec error text', async () => {
  globalThis.fetch = (async () =>
    new Response(JSON.stringify({ message: 'Unknown world' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    })) as unknown as typeof fetch;
  await expect(poiStateRead('nowhere')(0, 0)).rejects.toThrow('404: Unknown world');
});
