import { expect } from 'bun:test';
import { sql } from 'drizzle-orm';
import { type Core, MAX_POI_REACH, tileCentre, tileOfWorld } from '../../core-wasm/index.ts';
import { inventoryItems, players } from '../../db/schema/index.ts';
import { IMPASSABLE } from '../contract/world.ts';
import { SETTLEMENT_MIN_DISTANCE, SHELTER_COST } from '../game/settlements.ts';
import { TestClient, uniqueName } from './client.ts';
import type { TestServer } from './server.ts';

export type Player = TestClient & { id: string; username: string };
const W = 'default';

/**
 * Open ground far from every POI, spaced well past the settlement minimum distance: one spot per founder, so tests
 * that found settlements never stand in each other's way.
 */
export function openSpots(core: Core, seed: number, wanted = 40): { x: number; y: number }[] {
  const pois = [];
  for (let cy = -6; cy <= 6; cy++) for (let cx = -6; cx <= 6; cx++) pois.push(...core.pois(seed, cx, cy));
  const spots: { x: number; y: number }[] = [];
  for (let y = -3600; y <= 3600 && spots.length < wanted; y += 100) {
    for (let x = -3600; x <= 3600 && spots.length < wanted; x += 100) {
      const t = { x: tileCentre(tileOfWorld(x)), y: tileCentre(tileOfWorld(y)) };
      const open = [-10, 0, 10, 20, 30].every((d) => !IMPASSABLE.has(core.biomeAt(seed, tileOfWorld(t.x + d), tileOfWorld(t.y))));
      const farFromPois = pois.every((p) => Math.hypot(p.worldX - t.x, p.worldY - t.y) > MAX_POI_REACH + 60);
      const apart = spots.every((o) => Math.hypot(o.x - t.x, o.y - t.y) > SETTLEMENT_MIN_DISTANCE * 2.5);
      if (open && farFromPois && apart) spots.push(t);
    }
  }
  return spots;
}

/** Players placed where a test wants them, items handed out through the database, settlements founded over HTTP. */
export class SettlementFixture {
  private next = 0;
  constructor(
    readonly server: TestServer,
    readonly spots: { x: number; y: number }[],
  ) {}

  spot(): { x: number; y: number } {
    const s = this.spots[this.next++];
    if (!s) throw new Error('out of open spots');
    return s;
  }

  /** A seated player standing at (x, y) before first entering the world. */
  async playerAt(p: { x: number; y: number }, extra: Record<string, string> = {}): Promise<Player> {
    const c = new TestClient(this.server.url) as Player;
    c.username = uniqueName('st');
    c.id = (await c.register(c.username, extra)).id;
    await c.post('/api/lobby/join-game');
    await c.get('/api/world/default');
    await this.server.database.db
      .insert(players)
      .values({ userId: c.id, worldId: W, name: c.username, x: p.x, y: p.y, color: '#fff' });
    return c;
  }

  async give(c: Player, itemName: string, quantity: number, quality = 50): Promise<void> {
    await this.server.database.db
      .insert(inventoryItems)
      .values({ userId: c.id, worldId: W, itemName, quality, quantity })
      .onConflictDoUpdate({
        target: [inventoryItems.userId, inventoryItems.worldId, inventoryItems.itemName, inventoryItems.quality],
        set: { quantity: sql`${inventoryItems.quantity} + ${quantity}` },
      });
  }

  async giveAll(c: Player, m: Record<string, number>): Promise<void> {
    for (const [name, n] of Object.entries(m)) await this.give(c, name, n);
  }

  /** A founder standing at a fresh spot with a settlement there (shelter materials given and spent), plus `extra`. */
  async founded(extra: Record<string, number> = {}) {
    const at = this.spot();
    const c = await this.playerAt(at);
    await this.giveAll(c, SHELTER_COST);
    await this.giveAll(c, extra);
    const shelter = await c.post('/api/build-shelter', { worldId: W, ...at, materials: SHELTER_COST });
    expect(shelter.status).toBe(200);
    const res = await c.post('/api/settlements', { worldId: W, name: uniqueName('Haven'), ...at });
    expect(res.status).toBe(200);
    const settlement = (await res.json()) as { id: string; name: string; status: string; x: number; y: number };
    return { c, at, settlement };
  }

  build(c: Player, settlementId: string, type: string, subtype: string | null, name = 'B') {
    return c.post('/api/buildings', { type, subtype, name, materials: {}, settlementId, worldId: W });
  }
}
