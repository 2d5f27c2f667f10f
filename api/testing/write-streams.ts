import { costToBuild } from '../game/settlement-levels.ts';
import { expect } from 'bun:test';
import type { Poi } from '../../core-wasm/index.ts';
import { BUILDING_TYPES, CONTAINER_SUBTYPES, type BuildingType, type ContainerSubtype } from '../game/settlements.ts';
import type { TestClient } from './client.ts';
import type { Player } from './settlements.ts';

/**
 * Streams of acknowledged writes for the crash test (api/crash-safety.test.ts): each player sends one write after
 * another and books every answer. A 2xx is acknowledged and must survive any crash; a write whose answer never came
 * (the server died under it) may or may not have happened, but never in part. Each stream knows how to check its
 * player's ledger against what the database holds after a restart.
 */

const W = 'default';
type Kind = { type: BuildingType; subtype: ContainerSubtype | null };
/**
 * Every kind a Camp can build, in turn, so the cost of each depends on how many of its kind already stand (a Workshop
 * and Walls wait for an Outpost: settlement-levels.ts).
 */
const KINDS: Kind[] = [
  ...BUILDING_TYPES.filter((t) => t === 'bed').map((type) => ({ type, subtype: null })),
  ...CONTAINER_SUBTYPES.map((subtype) => ({ type: 'container' as const, subtype })),
];

type Items = Record<string, number>;

function add(into: Items, name: string, n: number): Items {
  into[name] = (into[name] ?? 0) + n;
  if (into[name] === 0) delete into[name];
  return into;
}

/** The same browser, talking to another server process (same cookies). */
export function via(c: Player, url: string): TestClient {
  return c.at(url);
}

export async function inventory(c: TestClient): Promise<Items> {
  const items = (await c.json(c.get('/api/player/inventory?worldId=default'))).items as { itemName: string; quantity: number }[];
  return items.reduce((m, i) => add(m, i.itemName, i.quantity), {} as Items);
}

export abstract class WriteStream<Op> {
  readonly acked: { op: Op; body: unknown }[] = [];
  /** The write whose answer never came (the server went away under it or before it), if one was sent. */
  unknown: { op: Op } | null = null;
  refused = 0;

  constructor(
    readonly player: Player,
    readonly label: string,
  ) {}

  protected abstract next(i: number): Op;
  protected abstract send(c: TestClient, op: Op): Promise<Response>;

  /** Writes until the server stops answering; `onAck` is told after each acknowledged one. */
  async run(url: string, onAck: () => void): Promise<void> {
    const c = via(this.player, url);
    for (let i = 0; ; i++) {
      const op = this.next(i);
      let res: Response;
      let body: unknown;
      try {
        res = await this.send(c, op);
        body = await res.json();
      } catch {
        this.unknown = { op };
        return;
      }
      if (res.status >= 200 && res.status < 300) {
        this.acked.push({ op, body });
        onAck();
      } else {
        this.refused += 1;
        throw new Error(`${this.label}: ${res.status} ${JSON.stringify(body)}`);
      }
    }
  }

  /** Checks the ledger (expect) and answers whether the write without an answer happened after all. */
  abstract check(c: TestClient): Promise<boolean>;
}

/** Builds every kind in turn in its own settlement, paying from a large pack. */
export class BuildStream extends WriteStream<Kind> {
  constructor(
    player: Player,
    readonly settlementId: string,
    readonly pack: Items,
  ) {
    super(player, 'builder');
  }

  protected next(i: number): Kind {
    return KINDS[i % KINDS.length]!;
  }

  protected send(c: TestClient, k: Kind): Promise<Response> {
    return c.post('/api/buildings', { ...k, name: 'Shed', settlementId: this.settlementId, worldId: W });
  }

  /** Every acknowledged building stands, at most the one in flight besides, and the pack paid for exactly those. */
  async check(c: TestClient): Promise<boolean> {
    const standing = (
      (await c.json(c.get(`/api/settlements/${this.settlementId}/buildings`))).buildings as (Kind & { id: string })[]
    )
      .map((b) => ({ id: b.id, type: b.type, subtype: b.subtype }))
      .sort((a, b) => Number(a.id) - Number(b.id));
    const ids = new Set(standing.map((b) => b.id));
    const ackedIds = this.acked.map((a) => (a.body as { building: { id: string } }).building.id);
    for (const id of ackedIds) expect(ids.has(id)).toBe(true);
    const extra = standing.filter((b) => !ackedIds.includes(b.id));
    expect(extra.length).toBeLessThanOrEqual(this.unknown ? 1 : 0);
    if (extra[0]) expect({ type: extra[0].type, subtype: extra[0].subtype }).toEqual(this.unknown!.op);
    const expected: Items = { ...this.pack };
    standing.forEach((b, i) => {
      for (const [name, n] of Object.entries(costToBuild(b.type, b.subtype, standing.slice(0, i)))) add(expected, name, -n);
    });
    expect(await inventory(c)).toEqual(expected);
    return extra.length === 1;
  }
}

type Move = { kind: 'deposit' } | { kind: 'withdraw'; quantity: number };

/** Moves one food between the pack and the settlement's larder: deposit it all, take some back, again. */
export class StorageStream extends WriteStream<Move> {
  constructor(
    player: Player,
    readonly settlementId: string,
    readonly item: string,
    readonly total: number,
  ) {
    super(player, 'storage');
  }

  protected next(i: number): Move {
    return i % 2 === 0 ? { kind: 'deposit' } : { kind: 'withdraw', quantity: 1 + (i % 7) };
  }

  protected send(c: TestClient, m: Move): Promise<Response> {
    const path = `/api/settlements/${this.settlementId}/`;
    return m.kind === 'deposit'
      ? c.post(`${path}deposit-by-category`, { worldId: W, category: 'food' })
      : c.post(`${path}transfer-from-storage`, { worldId: W, itemName: this.item, quantity: m.quantity });
  }

  /** What the pack holds after a move (the rest is in storage). */
  private after(pack: number, m: Move): number {
    return m.kind === 'deposit' ? 0 : pack + m.quantity;
  }

  /** The total is conserved, and the split is the one the acknowledged moves left (or one more move). */
  async check(c: TestClient): Promise<boolean> {
    const inPack = (await inventory(c))[this.item] ?? 0;
    const storage = (await c.json(c.get(`/api/settlements/${this.settlementId}/storage`))).storage as {
      items: { itemName: string; quantity: number }[];
    }[];
    const stored = storage
      .flatMap((e) => e.items)
      .filter((i) => i.itemName === this.item)
      .reduce((s, i) => s + i.quantity, 0);
    expect(inPack + stored).toBe(this.total);
    const acked = this.acked.reduce((pack, a) => this.after(pack, a.op), this.total);
    const possible = this.unknown ? [acked, this.after(acked, this.unknown.op)] : [acked];
    expect(possible).toContain(inPack);
    return inPack !== acked;
  }
}

/** Searches one place over and over (past picked clean, where a search writes nothing). */
export class ScavengeStream extends WriteStream<null> {
  constructor(
    player: Player,
    readonly poi: Poi,
  ) {
    super(player, 'scavenger');
  }

  protected next(): null {
    return null;
  }

  protected send(c: TestClient): Promise<Response> {
    return c.post(`/api/poi/${this.poi.id}/scavenge`, { worldId: W });
  }

  /**
   * The place lost one significance per search that happened: the acknowledged ones, perhaps the one in flight.
   * If that one happened, the pack may hold its finds besides; if it did not, the pack holds the acknowledged
   * finds exactly.
   */
  async check(c: TestClient): Promise<boolean> {
    const results = this.acked.map(
      (a) => a.body as { items: { itemName: string; quantity: number }[]; newSignificance: number; currentSignificance: number },
    );
    const searched = results.filter((r) => r.newSignificance < r.currentSignificance).length;
    const region = await c.json(
      c.get(`/api/world/default/chunks?centerChunkX=${this.poi.chunkX}&centerChunkY=${this.poi.chunkY}&chunkRadius=0`),
    );
    const now = (region.pois as { id: string; currentSignificance: number }[]).find((p) => p.id === this.poi.id)!;
    const happened = this.poi.significance - now.currentSignificance;
    const found = results.flatMap((r) => r.items).reduce((m, i) => add(m, i.itemName, i.quantity), {} as Items);
    const pack = await inventory(c);
    if (happened === searched) {
      expect(pack).toEqual(found);
      return false;
    }
    expect(this.unknown !== null && happened === searched + 1).toBe(true);
    for (const [name, n] of Object.entries(found)) expect(pack[name] ?? 0).toBeGreaterThanOrEqual(n);
    return true;
  }
}
