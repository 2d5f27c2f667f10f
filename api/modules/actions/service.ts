import { BIOME_NAMES, inPoiReach, poiReach, tileKey, tileOfWorld } from '../../../core-wasm/index.ts';
import { UNKNOWN_WORLD } from '../../contract/http.ts';
import { itemDef, type InventoryItem } from '../../contract/items.ts';
import {
  ACTION_TEXT,
  type ForageResult,
  POSITION_OUT_OF_SYNC,
  sameForageArea,
  type ScavengeResult,
} from '../../contract/actions.ts';
import { wornTools } from '../../game/equipment.ts';
import { forageTiles, forageTilesLoot, tileReady } from '../../game/forage.ts';
import { generateNpc } from '../../game/npc-names.ts';
import { NPC_OFFER_TTL_MS } from '../../game/npcs.ts';
import { freshRng, type Rng } from '../../game/random.ts';
import { recoveredSignificance, scavengeStep } from '../../game/scavenge.ts';
import { httpError } from '../../http/errors.ts';
import { recruitableSettlements } from '../npcs/service.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Services } from '../../services.ts';
import type { UserRow } from '../../../db/repos/accounts.ts';
import type { WorldService } from '../world/service.ts';

/** A reported position further than this from the server's is out of sync (the server's is used either way). */
export const POSITION_SANITY_UNITS = 250;

export const POI_NOT_FOUND = 'POI does not exist';
/** Scavenging, foraging and the inventory: parse → load → pure rule → one transaction → publish. */
export class ActionsService {
  constructor(
    private readonly services: Services,
    private readonly worlds: WorldService,
    private readonly live: LiveHub,
    private readonly rng: () => Rng = freshRng,
  ) {}

  /** One search of a POI: the result, or the error to answer (404 unknown world or POI, 403 out of reach). */
  async scavenge(user: UserRow, worldId: string, poiId: string) {
    if (!(await this.worlds.world(worldId))) return httpError(404, UNKNOWN_WORLD);
    const poi = await this.worlds.findPoi(worldId, poiId);
    if (!poi) return httpError(404, POI_NOT_FOUND);
    const at = await this.live.locate(await this.live.walker(user, worldId));
    if (!inPoiReach(poi, at.x, at.y)) {
      return httpError(403, `You are too far away to search ${poi.name} (within ${poiReach(poi)} units)`);
    }
    const rng = this.rng();
    const now = this.services.now();
    const result = await this.services.repos.actions.transaction(async (ops) => {
      const state = await ops.lockPoi(worldId, poi.id, poi.significance, now);
      // A crowbar or scanner in the pack does nothing: tools work only when worn.
      const tools = wornTools((await ops.wornItemNames(user.id, worldId)).map((itemName) => ({ itemName })));
      const current = recoveredSignificance(
        state.currentSignificance,
        poi.significance,
        state.changedAt.getTime(),
        now.getTime(),
      );
      const outcome = scavengeStep(poi, current, tools, rng, this.services.config.npcSpawnMinSignificance);
      if (!outcome.searched) {
        if (current !== state.currentSignificance) await ops.setPoiSignificance(worldId, poi.id, current, now);
        return { outcome, npc: null };
      }
      await ops.setPoiSignificance(worldId, poi.id, outcome.after, now);
      await ops.grantItems(
        user.id,
        worldId,
        outcome.items.map((i) => ({ itemName: i.itemName, quality: i.metadata.quality, quantity: i.quantity })),
        now,
      );
      let npc: { name: string; description: string } | null = null;
      if (outcome.npcSpawn) {
        npc = generateNpc(rng);
        await ops.addNpcSignal({
          userId: user.id,
          worldId,
          poiId: poi.id,
          npcName: npc.name,
          npcDescription: npc.description,
          createdAt: now,
        });
      }
      return { outcome, npc };
    });

    const { outcome, npc } = result;
    if (!outcome.searched) {
      return {
        items: [],
        depleted: true,
        currentSignificance: outcome.significance,
        newSignificance: outcome.significance,
        npcSpawnCheck: { shouldSpawn: false },
      } satisfies ScavengeResult;
    }
    this.live.send(
      worldId,
      { to: 'chunk', cx: poi.chunkX, cy: poi.chunkY },
      {
        type: 'poi_updated',
        poi: { id: poi.id, currentSignificance: outcome.after },
      },
    );
    if (outcome.items.length) this.live.send(worldId, { to: 'user', userId: user.id }, { type: 'inventory_updated' });
    return {
      items: outcome.items,
      depleted: outcome.depleted,
      currentSignificance: outcome.before,
      newSignificance: outcome.after,
      ...(npc
        ? { npcRecruitment: { npc, settlements: await recruitableSettlements(this.services.repos, user.id, worldId) } }
        : {}),
      npcSpawnCheck: { shouldSpawn: outcome.npcSpawn },
    } satisfies ScavengeResult;
  }

  /**
   * Forages the 5 × 5 tiles around the player: the result, or the error to answer (404 unknown world, 409 when
   * the reported position is far from the server's or the area is the same as the last forage's).
   */
  async forage(user: UserRow, worldId: string, reported: { x: number; y: number }) {
    const world = await this.worlds.world(worldId);
    if (!world) return httpError(404, UNKNOWN_WORLD);
    const at = await this.live.locate(await this.live.walker(user, worldId));
    if (Math.hypot(reported.x - at.x, reported.y - at.y) > POSITION_SANITY_UNITS) {
      return httpError(409, POSITION_OUT_OF_SYNC);
    }
    const here = { tileX: tileOfWorld(at.x), tileY: tileOfWorld(at.y) };
    const tiles = forageTiles(here.tileX, here.tileY);
    const rng = this.rng();
    const now = this.services.now();
    const found = await this.services.repos.actions.transaction(async (ops) => {
      await ops.lockPlayerAction(user.id, worldId, 'forage');
      const lastSpot = await ops.lastForageSpot(user.id, worldId);
      if (lastSpot && sameForageArea(lastSpot, here)) return null;
      await ops.setForageSpot(user.id, worldId, here, now);
      const last = await ops.forageTimes(user.id, worldId, tiles);
      const ready = tiles.filter((t) => tileReady(last.get(tileKey(t.tileX, t.tileY))?.getTime() ?? null, now.getTime()));
      const items = forageTilesLoot(
        ready.map((t) => ({ biome: BIOME_NAMES[world.terrain.biomeAtTile(t.tileX, t.tileY)]! })),
        rng,
      );
      await ops.markForaged(user.id, worldId, ready, now);
      await ops.grantItems(
        user.id,
        worldId,
        items.map((i) => ({ itemName: i.itemName, quality: i.metadata.quality, quantity: i.quantity })),
        now,
      );
      return { items, tilesForaged: ready.length };
    });
    if (!found) return httpError(409, ACTION_TEXT.alreadyScoured);
    if (found.items.length) this.live.send(worldId, { to: 'user', userId: user.id }, { type: 'inventory_updated' });
    return found satisfies ForageResult;
  }

  /** The player's stacks in the world (404 for an unknown world). */
  async inventory(userId: string, worldId: string) {
    if (!(await this.worlds.world(worldId))) return httpError(404, UNKNOWN_WORLD);
    const rows = await this.services.repos.actions.inventory(userId, worldId);
    const items = rows.map((r): InventoryItem => {
      const def = itemDef(r.itemName);
      return {
        id: String(r.id),
        itemName: r.itemName,
        itemType: def?.type ?? 'misc',
        category: def?.category ?? 'misc',
        quantity: r.quantity,
        metadata: { quality: r.quality },
      };
    });
    return { items };
  }

  /** A survivor drawn by one of the player's recent scavenges, if any (404 for an unknown world). */
  async npcSpawnCheck(userId: string, worldId: string) {
    if (!(await this.worlds.world(worldId))) return httpError(404, UNKNOWN_WORLD);
    const since = new Date(this.services.now().getTime() - NPC_OFFER_TTL_MS);
    const signal = await this.services.repos.actions.latestNpcSignal(userId, worldId, since);
    if (!signal) return { shouldSpawn: false, settlements: [] };
    return {
      shouldSpawn: true,
      npc: { name: signal.npcName, description: signal.npcDescription },
      settlements: await recruitableSettlements(this.services.repos, userId, worldId),
    };
  }
}
