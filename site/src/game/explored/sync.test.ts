import { describe, expect, test } from 'bun:test';
import { ExploredMap } from './explored.ts';
import { beaconExplored, EXPLORED_PATH, saveExplored } from './sync.ts';

function explored(chunks: number) {
  const e = new ExploredMap();
  for (let i = 0; i < chunks; i++)
    e.mergeVisibility({ originTileX: i * 128, originTileY: 0, side: 1, mask: new Uint8Array([1]) });
  return e;
}

describe('saving explored tiles', () => {
  test('posts the changed chunks in batches of 16; a failed batch stays unsaved', async () => {
    const e = explored(20);
    const posted: number[] = [];
    await saveExplored(e, 'default', {
      post: async (body) => {
        posted.push(body.exploredTiles.length);
        expect(body.worldId).toBe('default');
        if (posted.length === 2) throw new Error('503: down');
      },
      onUnauthorized: () => {
        throw new Error('not expected');
      },
    });
    expect(posted).toEqual([16, 4]);
    expect(e.unsavedCount).toBe(4);
  });

  test('a 401 stops saving and hands over to the unauthorized flow', async () => {
    const e = explored(20);
    let unauthorized = 0;
    await saveExplored(e, 'default', {
      post: async () => {
        throw new Error('401: Unauthorized');
      },
      onUnauthorized: () => unauthorized++,
    });
    expect(unauthorized).toBe(1);
    expect(e.unsavedCount).toBe(16);
  });

  test('on leaving, beacons carry JSON as text and refused ones stay unsaved', () => {
    const e = explored(17);
    const sent: { url: string; body: { worldId: string; exploredTiles: unknown[] } }[] = [];
    let accept = true;
    beaconExplored(e, 'default', {
      beacon: (url, body) => {
        sent.push({ url, body: JSON.parse(body) });
        const ok = accept;
        accept = false;
        return ok;
      },
    });
    expect(sent.map((s) => s.url)).toEqual([EXPLORED_PATH, EXPLORED_PATH]);
    expect(sent.map((s) => s.body.exploredTiles.length)).toEqual([16, 1]);
    expect(e.unsavedCount).toBe(1);
  });
});
