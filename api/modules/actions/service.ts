import { type NpcSkill, skillsOf } from '../../game/npc-skills.ts';
import { BIOME_NAMES, inPoiReach, poiReach, tileKey, tileOfWorld } from '../../../core-wasm/index.ts';
import { UNKNOWN_WORLD } from '../../contract/http.ts';
import { itemDef, type InventoryItem, type LootItem } from '../../contract/items.ts';
import type { ActionOps } from '../../../db/repos/actions.ts';
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
import { CARRY_TEXT, carryLimit, describeStacks, fitInPack, type PackState, packStateOf } from '../../game/carrying.ts';
import { HttpError, httpError } from '../../http/errors.ts';
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
      const pack = await this.lockPack(ops, user.id, worldId);
      const current = recoveredSignificance(
        state.currentSignificance,
        poi.significance,
        state.changedAt.getTime(),
        now.getTime(),
      );
      // What an earlier search left here (a full pack) is picked up first; the site is searched again once it is gone.
      const waiting = await ops.siteLeftovers(worldId, poi.id);
      if (waiting.length) {
        const fit = fitInPack(waiting, pack);
        await ops.setSiteLeftovers(worldId, poi.id, fit.left);
        await ops.grantItems(user.id, worldId, fit.taken, now);
        return { outcome: null, current, taken: fit.taken.map(toLoot), left: fit.left.map(toLoot), npc: null };
      }
      // A crowbar or scanner in the pack does nothing: tools work only when worn.
      const tools = wornTools(pack.worn.map((itemName) => ({ itemName })));
      const outcome = scavengeStep(poi, current, tools, rng, this.services.config.npcSpawnMinSignificance);
      if (!outcome.searched) {
        if (current !== state.currentSignificance) await ops.setPoiSignificance(worldId, poi.id, current, now);
        return { outcome, current, taken: [], left: [], npc: null };
      }
      await ops.setPoiSignificance(worldId, poi.id, outcome.after, now);
      const fit = fitInPack(outcome.items.map(fromLoot), pack);
      await ops.grantItems(user.id, worldId, fit.taken, now);
      if (fit.left.length) await ops.setSiteLeftovers(worldId, poi.id, fit.left);
      let npc: { name: string; description: string; skills: NpcSkill[] } | null = null;
      if (outcome.npcSpawn) {
        npc = generateNpc(rng);
        await ops.addNpcSignal({
          userId: user.id,
          worldId,
          poiId: poi.id,
          npcName: npc.name,
          npcDescription: npc.description,
          npcSkills: npc.skills,
          createdAt: now,
        });
      }
      return { outcome, current, taken: fit.taken.map(toLoot), left: fit.left.map(toLoot), npc };
    });

    const { outcome, npc, taken, left } = result;
    const leftNote = left.length ? { left, message: CARRY_TEXT.leftBehind(`${describeStacks(left)} at ${poi.name}`) } : {};
    if (!outcome) {
      // Only what lay here was picked up: the site itself was not searched.
      if (taken.length) this.live.send(worldId, { to: 'user', userId: user.id }, { type: 'inventory_updated' });
      return {
        items: taken,
        depleted: false,
        currentSignificance: result.current,
        newSignificance: result.current,
        npcSpawnCheck: { shouldSpawn: false },
        message: left.length ? leftNote.message! : `Picked up what was left at ${poi.name}`,
        ...(left.length ? { left } : {}),
      } satisfies ScavengeResult;
    }
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
    if (taken.length) this.live.send(worldId, { to: 'user', userId: user.id }, { type: 'inventory_updated' });
    return {
      items: taken,
      ...leftNote,
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
      const pack = await this.lockPack(ops, user.id, worldId);
      await ops.setForageSpot(user.id, worldId, here, now);
      const last = await ops.forageTimes(user.id, worldId, tiles);
      const ready = tiles.filter((t) => tileReady(last.get(tileKey(t.tileX, t.tileY))?.getTime() ?? null, now.getTime()));
      const items = forageTilesLoot(
        ready.map((t) => ({ biome: BIOME_NAMES[world.terrain.biomeAtTile(t.tileX, t.tileY)]! })),
        rng,
      );
      await ops.markForaged(user.id, worldId, ready, now);
      // Finds that do not fit stay where they grew: foraged ground keeps no store.
      const fit = fitInPack(items.map(fromLoot), pack);
      await ops.grantItems(user.id, worldId, fit.taken, now);
      return { taken: fit.taken.map(toLoot), left: fit.left.map(toLoot), tilesForaged: ready.length };
    });
    if (!found) return httpError(409, ACTION_TEXT.alreadyScoured);
    if (found.taken.length) this.live.send(worldId, { to: 'user', userId: user.id }, { type: 'inventory_updated' });
    return {
      items: found.taken,
      tilesForaged: found.tilesForaged,
      ...(found.left.length ? { left: found.left, message: CARRY_TEXT.leftBehind(describeStacks(found.left)) } : {}),
    } satisfies ForageResult;
  }

  /** The player's stacks in the world (404 for an unknown world). */
  async inventory(userId: string, worldId: string) {
    if (!(await this.worlds.world(worldId))) return httpError(404, UNKNOWN_WORLD);
    // The stacks read for the answer are the pack's load too: only what is worn is read besides.
    const [rows, worn] = await Promise.all([
      this.services.repos.actions.inventory(userId, worldId),
      this.services.repos.equipment.worn(userId, worldId),
    ]);
    const pack = packStateOf({ carried: rows, worn: worn.map((w) => w.itemName) }, this.services.config.packCapacityG);
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
    return { items, load: pack.load, capacity: pack.capacity };
  }

  /** The pack, taken for the transaction; a survivor at the carry limit picks nothing up (409, nothing spent). */
  private async lockPack(ops: ActionOps, userId: string, worldId: string): Promise<PackState & { worn: string[] }> {
    const contents = await ops.lockPack(userId, worldId);
    const pack = packStateOf(contents, this.services.config.packCapacityG);
    if (pack.load >= carryLimit(pack.capacity)) throw new HttpError(409, CARRY_TEXT.packFull);
    return { ...pack, worn: contents.worn };
  }

  /** A survivor drawn by one of the player's recent scavenges, if any (404 for an unknown world). */
  async npcSpawnCheck(userId: string, worldId: string) {
    if (!(await this.worlds.world(worldId))) return httpError(404, UNKNOWN_WORLD);
    const since = new Date(this.services.now().getTime() - NPC_OFFER_TTL_MS);
    const signal = await this.services.repos.actions.latestNpcSignal(userId, worldId, since);
    if (!signal) return { shouldSpawn: false, settlements: [] };
    return {
      shouldSpawn: true,
      npc: { name: signal.npcName, description: signal.npcDescription, skills: skillsOf(signal.npcSkills, 0) },
      settlements: await recruitableSettlements(this.services.repos, userId, worldId),
    };
  }
}

const fromLoot = (i: LootItem) => ({
  itemName: i.itemName,
  quality: i.metadata.quality,
  quantity: i.quantity,
  itemType: i.itemType,
});
const toLoot = (i: { itemName: string; quality: number; quantity: number }): LootItem => ({
  itemName: i.itemName,
  itemType: itemDef(i.itemName)?.type ?? 'misc',
  quantity: i.quantity,
  metadata: { quality: i.quality },
});
