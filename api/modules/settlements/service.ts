import { CONDITION_MAX } from '../../game/building-upkeep.ts';
import {
  BIOME_NAMES,
  chunkOfWorld,
  inPoiReach,
  nearestPoiInReach,
  tileCentre,
  tileOfWorld,
  type Poi,
} from '../../../core-wasm/index.ts';
import type { ChunkRange, SettlementFacts, SettlementOps, ShelterRow } from '../../../db/repos/settlements.ts';
import type { LedgerReason } from '../../../db/repos/settlement-sim.ts';
import type { UserRow } from '../../../db/repos/accounts.ts';
import { UNKNOWN_WORLD } from '../../contract/http.ts';
import {
  SETTLEMENT_NOT_FOUND,
  SETTLEMENT_TEXT,
  type SettlementView,
  type ShelterBuilt,
  type ShelterView,
} from '../../contract/settlements.ts';
import type { ServerMessage, SettlementSummary } from '../../contract/protocol.ts';
import {
  type BuildingType,
  canManage,
  type ContainerSubtype,
  insufficientMessage,
  type Materials,
  planPayment,
  REINFORCE_COST,
  REINFORCE_PAYMENTS,
  type Take,
  CONTAINER_MAX_LEVEL,
  containerCapacity,
  SETTLEMENT_MIN_DISTANCE,
  SETTLEMENT_REACH,
  SHELTER_COST,
  SHELTER_REACH,
  shelterNotYours,
} from '../../game/settlements.ts';
import { HttpError } from '../../http/errors.ts';
import { requireSeatedIn } from '../game-access.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Services } from '../../services.ts';
import { POSITION_OUT_OF_SYNC } from '../../contract/actions.ts';
import { POI_ID, type WorldService } from '../world/service.ts';
import { toBuildingView } from './views.ts';
import {
  costToBuild,
  levelName,
  isUnlockedBuilding,
  UNLOCKED_BUILDING_DEFS,
  type UnlockedBuilding,
  unlockedBuildingCost,
  unlockRefusal,
} from '../../game/settlement-levels.ts';

/** The chunks whose contents could lie within `distance` of (x, y). */
function rangeAround(x: number, y: number, distance: number): ChunkRange {
  return {
    cx0: chunkOfWorld(x - distance),
    cx1: chunkOfWorld(x + distance),
    cy0: chunkOfWorld(y - distance),
    cy1: chunkOfWorld(y + distance),
  };
}
const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

export function toShelterView(s: ShelterRow, settlementId: number | null): ShelterView {
  return {
    id: String(s.id),
    x: s.x,
    y: s.y,
    tileX: s.tileX,
    tileY: s.tileY,
    poiId: s.poiId,
    settlementId: settlementId === null ? null : String(settlementId),
    builtBy: s.builtBy,
  };
}

export function toSettlementView(s: SettlementFacts, userId: string): SettlementView {
  return {
    id: String(s.id),
    worldId: s.worldId,
    name: s.name,
    x: s.x,
    y: s.y,
    biome: s.biome as SettlementView['biome'],
    status: canManage(userId, s) ? 'manageable' : 'visible',
    emptyBeds: Math.max(0, s.beds - s.occupied),
    beds: s.beds,
    founderId: s.founderId,
    founderName: s.founderName,
    poiId: s.poiId,
    createdAt: s.createdAt.toISOString(),
    level: s.level,
    levelName: levelName(s.level),
  };
}

export function toSummary(s: { id: number; worldId: string; name: string; x: number; y: number }): SettlementSummary {
  return { id: String(s.id), worldId: s.worldId, name: s.name, x: s.x, y: s.y };
}

/**
 * Shelters, settlements and buildings: parse → load → the rules of api/game/settlements.ts → one transaction with
 * the rows it reads locked → tell the live layer. Errors inside a transaction are thrown as HttpError, which rolls
 * it back: a refused action spends nothing.
 */
export class SettlementService {
  constructor(
    private readonly services: Services,
    private readonly worlds: WorldService,
    readonly live: LiveHub,
  ) {}

  private get repo() {
    return this.services.repos.settlements;
  }

  /** What a survivor carries at full speed before gear (the server's PACK_CAPACITY_KG). */
  get packCapacity(): number {
    return this.services.config.packCapacityG;
  }

  /** The world's terrain, or 404. */
  async world(worldId: string) {
    const w = await this.worlds.world(worldId);
    if (!w) throw new HttpError(404, UNKNOWN_WORLD);
    return w;
  }

  /** Where the server has the survivor. */
  async position(user: UserRow, worldId: string): Promise<{ x: number; y: number }> {
    return this.live.locate(await this.live.walker(user, worldId));
  }

  /** The server's position, provided the client's idea of it is within reach (else it is out of sync: 409). */
  private async standingAt(user: UserRow, worldId: string, asked: { x: number; y: number }) {
    const pos = await this.position(user, worldId);
    if (dist(pos, asked) > SHELTER_REACH) throw new HttpError(409, POSITION_OUT_OF_SYNC);
    return pos;
  }

  /**
   * How `needs` would be paid from the player's pack first, then the settlement's storage (none away from a
   * settlement), the lowest quality first (api/game/settlements.ts planPayment), with the rows locked: every settlement
   * cost and the bench pay this way.
   */
  async planPackAndStorage(ops: SettlementOps, userId: string, worldId: string, settlementId: number | null, needs: Materials) {
    const names = Object.keys(needs);
    const pack = await ops.lockInventory(userId, worldId, names);
    const storage =
      settlementId === null
        ? []
        : (await ops.lockStorage(settlementId))
            .filter((r) => names.includes(r.itemName))
            .map((r) => ({
              id: r.id,
              itemName: r.itemName,
              quality: r.quality,
              quantity: r.quantity,
              containerId: r.buildingId,
            }));
    return planPayment(pack, storage, needs);
  }

  /** Carries out a plan of planPackAndStorage. */
  async spend(ops: SettlementOps, takes: readonly Take[]): Promise<void> {
    for (const t of takes) {
      if (t.from === 'pack') await ops.takeFromInventory([{ id: t.stackId, quantity: t.quantity }]);
      else await ops.takeFromStorage(t.stackId, t.quantity);
    }
  }

  /**
   * Spends a plan's units for a rule and writes each one to the ledger in the same transaction: pack units under the
   * player, storage units under the settlement, so packs + storage + ledger stay what went in.
   */
  async consume(
    ops: SettlementOps,
    who: { userId: string; worldId: string; settlementId: number | null },
    reason: LedgerReason,
    takes: readonly Take[],
  ): Promise<void> {
    await this.spend(ops, takes);
    const at = this.services.now();
    await ops.record(
      takes.map((t) => ({
        settlementId: who.settlementId,
        worldId: who.worldId,
        at,
        reason,
        source: t.from,
        userId: t.from === 'pack' ? who.userId : null,
        itemName: t.itemName,
        quality: t.quality,
        quantity: t.quantity,
      })),
    );
  }

  /** Pays a settlement cost (or a shelter's, with no settlement) as planPackAndStorage plans it, or refuses with what is missing. */
  async pay(
    ops: SettlementOps,
    who: { userId: string; worldId: string; settlementId: number | null },
    reason: LedgerReason,
    cost: Materials,
  ): Promise<void> {
    const plan = await this.planPackAndStorage(ops, who.userId, who.worldId, who.settlementId, cost);
    if (!plan.ok) throw new HttpError(409, insufficientMessage(plan.missing));
    await this.consume(ops, who, reason, plan.takes);
  }

  async buildShelter(user: UserRow, worldId: string, asked: { x: number; y: number }): Promise<ShelterBuilt> {
    const w = await this.world(worldId);
    const pos = await this.standingAt(user, worldId, asked);
    const around: Poi[] = [];
    const r = rangeAround(pos.x, pos.y, SHELTER_REACH * 2);
    for (let cy = r.cy0; cy <= r.cy1; cy++) for (let cx = r.cx0; cx <= r.cx1; cx++) around.push(...w.terrain.pois(cx, cy));
    const poi = nearestPoiInReach(around, pos.x, pos.y);
    const now = this.services.now();
    const built = await this.repo.transaction(async (ops) => {
      let shelter: ShelterRow | undefined;
      if (poi) {
        const state = await ops.lockPoi(worldId, poi.id, poi.significance, now);
        if (state.hasShelter) throw new HttpError(409, `${poi.name} already has a shelter`);
        await ops.setPoiShelter(worldId, poi.id);
        shelter = await ops.insertShelter(this.shelterRow(worldId, poi.tileX, poi.tileY, user.id, poi.id, now));
        if (!shelter) throw new HttpError(409, `A shelter already stands at ${poi.name}`);
      } else {
        const tileX = tileOfWorld(pos.x);
        const tileY = tileOfWorld(pos.y);
        shelter = await ops.insertShelter(this.shelterRow(worldId, tileX, tileY, user.id, null, now));
        if (!shelter) throw new HttpError(409, 'A shelter already stands here');
      }
      await this.pay(ops, { userId: user.id, worldId, settlementId: null }, 'shelter', SHELTER_COST);
      return shelter;
    });
    this.live.send(worldId, { to: 'user', userId: user.id }, { type: 'inventory_updated' });
    if (poi) {
      const [view] = await this.worlds.poiViews(worldId, [poi]);
      this.live.send(
        worldId,
        { to: 'chunk', cx: poi.chunkX, cy: poi.chunkY },
        { type: 'poi_updated', poi: { id: poi.id, currentSignificance: view!.currentSignificance, hasShelter: true } },
      );
    }
    return {
      upgradedPOI: !!poi,
      ...(poi ? { poi: { id: poi.id, name: poi.name } } : {}),
      shelter: toShelterView(built, null),
      x: built.x,
      y: built.y,
      message: poi ? SETTLEMENT_TEXT.poiUpgraded : SETTLEMENT_TEXT.shelterBuilt,
    };
  }

  private shelterRow(worldId: string, tileX: number, tileY: number, userId: string, poiId: string | null, now: Date) {
    const x = tileCentre(tileX);
    const y = tileCentre(tileY);
    return {
      worldId,
      tileX,
      tileY,
      x,
      y,
      chunkX: chunkOfWorld(x),
      chunkY: chunkOfWorld(y),
      poiId,
      builtBy: userId,
      createdAt: now,
    };
  }

  /** Founds a settlement at a shelter within reach (the POI's, when one is named). */
  async createSettlement(
    user: UserRow,
    body: { worldId: string; name: string; x: number; y: number; poiId?: string | undefined },
  ): Promise<SettlementView> {
    const { worldId } = body;
    const w = await this.world(worldId);
    const pos = await this.standingAt(user, worldId, body);
    const poiId = body.poiId?.trim() || null;
    let poi: Poi | null = null;
    if (poiId) {
      if (!POI_ID.test(poiId)) throw new HttpError(400, SETTLEMENT_TEXT.invalidPoiId);
      poi = await this.worlds.findPoi(worldId, poiId);
      if (!poi) throw new HttpError(404, SETTLEMENT_TEXT.poiMissing);
      if (!inPoiReach(poi, pos.x, pos.y)) throw new HttpError(403, `You are too far away from ${poi.name} to settle there`);
    }
    const now = this.services.now();
    const created = await this.repo.transaction(async (ops) => {
      await ops.lockWorldFounding(worldId);
      const near = (await ops.sheltersInChunks(worldId, rangeAround(pos.x, pos.y, SHELTER_REACH)))
        .filter((s) => (poi ? s.poiId === poi.id : dist(s, pos) <= SHELTER_REACH))
        .sort((a, b) => dist(a, pos) - dist(b, pos));
      // The founder's own shelter when one is in reach; someone else's is theirs to found on (they paid for it).
      const shelter = near.find((s) => s.builtBy === user.id) ?? near[0];
      if (!shelter) {
        throw new HttpError(409, poi ? `${poi.name} has no shelter yet: build one first` : 'Build a shelter here first');
      }
      if (shelter.builtBy !== user.id) throw new HttpError(403, shelterNotYours(poi?.name ?? null));
      const taken = await ops.settlementAtShelter(shelter.id);
      if (taken) throw new HttpError(409, `This shelter already belongs to ${taken.name}`);
      const named = await ops.settlementNamed(worldId, body.name);
      if (named) throw new HttpError(409, `A settlement named ${named.name} already exists`);
      const neighbour = (await ops.settlementsInChunks(worldId, rangeAround(shelter.x, shelter.y, SETTLEMENT_MIN_DISTANCE))).find(
        (s) => dist(s, shelter) < SETTLEMENT_MIN_DISTANCE,
      );
      if (neighbour) {
        throw new HttpError(
          409,
          `Too close to ${neighbour.name} (${Math.round(dist(neighbour, shelter))} units): settlements keep ${SETTLEMENT_MIN_DISTANCE} units apart`,
        );
      }
      const row = await ops.insertSettlement({
        worldId,
        name: body.name,
        shelterId: shelter.id,
        x: shelter.x,
        y: shelter.y,
        chunkX: shelter.chunkX,
        chunkY: shelter.chunkY,
        biome: BIOME_NAMES[w.terrain.biomeAtTile(shelter.tileX, shelter.tileY)]!,
        poiId: shelter.poiId,
        founderId: user.id,
        createdAt: now,
      });
      return (await ops.lockSettlement(row.id))!;
    });
    this.announce(created, 'settlement_created');
    return toSettlementView(created, user.id);
  }

  /** settlement_created / settlement_updated to the settlement's sector and to its members wherever they are. */
  announce(s: SettlementFacts, type: 'settlement_created' | 'settlement_updated'): void {
    const msg = { type, settlement: toSummary(s) } as const;
    this.live.send(s.worldId, { to: 'chunk', cx: s.chunkX, cy: s.chunkY }, msg);
    for (const userId of new Set([s.founderId, ...s.bedHolders])) this.live.send(s.worldId, { to: 'user', userId }, msg);
  }

  /** A frame to the settlement's members wherever they are (raids, NPC conditions). */
  tellMembers(s: SettlementFacts, msg: ServerMessage): void {
    for (const userId of new Set([s.founderId, ...s.bedHolders])) this.live.send(s.worldId, { to: 'user', userId }, msg);
  }

  /**
   * Runs a management action on a settlement: locks it, checks the world, the manage rule and that the survivor
   * stands at it, then `fn`. `worldId` is the one the call names, which the game plugin has made sure is the seat's:
   * a settlement of another world is refused as not seated there. After the transaction the members hear
   * settlement_updated and the player's inventory refreshes.
   */
  async manage<T>(
    user: UserRow,
    worldId: string,
    settlementId: number,
    fn: (ops: SettlementOps, s: SettlementFacts) => Promise<T>,
  ): Promise<T> {
    await this.world(worldId);
    const pos = await this.position(user, worldId);
    const { result, facts } = await this.repo.transaction(async (ops) => {
      const s = await ops.lockSettlement(settlementId);
      if (!s) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
      requireSeatedIn(s.worldId, worldId);
      if (!canManage(user.id, s)) throw new HttpError(403, `You do not manage ${s.name}: only players with a bed there can`);
      if (dist(pos, s) > SETTLEMENT_REACH) {
        throw new HttpError(403, `Walk to ${s.name} first (within ${SETTLEMENT_REACH} units of its centre)`);
      }
      const result = await fn(ops, s);
      return { result, facts: (await ops.lockSettlement(settlementId))! };
    });
    this.announce(facts, 'settlement_updated');
    this.live.send(worldId, { to: 'user', userId: user.id }, { type: 'inventory_updated' });
    return result;
  }

  async build(
    user: UserRow,
    body: {
      worldId: string;
      settlementId: string;
      type: BuildingType;
      subtype?: ContainerSubtype | null | undefined;
      name: string;
    },
  ) {
    const subtype = body.type === 'container' ? (body.subtype ?? null) : null;
    return this.manage(user, body.worldId, Number(body.settlementId), async (ops, s) => {
      const standing = await ops.buildings(s.id);
      const unlocked = isUnlockedBuilding(body.type) ? body.type : null;
      if (unlocked) {
        // The settlement row is locked (manage): two builds at once cannot both find none standing.
        const refusal = unlockRefusal(unlocked, s.level);
        if (refusal) throw new HttpError(409, refusal);
        const def = UNLOCKED_BUILDING_DEFS[unlocked];
        if (standing.some((b) => b.type === unlocked)) {
          throw new HttpError(409, `${s.name} has ${def.name} already${def.maxLevel > 1 ? ': raise it instead' : ''}`);
        }
      }
      const cost = costToBuild(body.type, subtype, standing);
      await this.pay(ops, { userId: user.id, worldId: s.worldId, settlementId: s.id }, 'build', cost);
      const building = await ops.insertBuilding({
        settlementId: s.id,
        type: body.type,
        subtype,
        name: body.name,
        level: unlocked ? 1 : 0,
        createdAt: this.services.now(),
      });
      let occupant: string | null = null;
      // The founder takes the first bed while nobody sleeps here (unless they already hold a bed in this world).
      if (body.type === 'bed' && s.bedHolders.length === 0 && !(await ops.holdsBedInWorld(s.founderId, s.worldId))) {
        await ops.assignBed(building.id, s.id, s.worldId, s.founderId, this.services.now());
        occupant = s.founderName;
      }
      return { building: toBuildingView({ ...building, occupant }), cost, message: SETTLEMENT_TEXT.buildingConstructed };
    });
  }

  async reinforce(user: UserRow, worldId: string, buildingId: number) {
    const settlementId = await this.repo.settlementOfBuilding(buildingId);
    if (settlementId === null) throw new HttpError(404, 'Building not found');
    return this.manage(user, worldId, settlementId, async (ops, s) => {
      const building = (await ops.buildings(settlementId)).find((b) => b.id === buildingId)!;
      if (isUnlockedBuilding(building.type)) return this.raise(ops, user, s, { ...building, type: building.type });
      if (building.type !== 'container') throw new HttpError(409, 'Only containers can be reinforced, and walls raised');
      if (building.level >= CONTAINER_MAX_LEVEL) {
        throw new HttpError(
          409,
          `${building.name} is fully reinforced (level ${CONTAINER_MAX_LEVEL}, ${containerCapacity(CONTAINER_MAX_LEVEL)} units)`,
        );
      }
      // A kit when the pack or storage holds one, else the raw materials (REINFORCE_PAYMENTS, the page's rule too).
      const who = { userId: user.id, worldId, settlementId };
      let cost: Materials | null = null;
      for (const option of REINFORCE_PAYMENTS) {
        const plan = await this.planPackAndStorage(ops, user.id, worldId, settlementId, option);
        if (!plan.ok) continue;
        await this.consume(ops, who, 'reinforce', plan.takes);
        cost = option;
        break;
      }
      if (!cost) await this.pay(ops, who, 'reinforce', REINFORCE_COST);
      const updated = await ops.setLevel(building.id, building.level + 1);
      return {
        building: toBuildingView({ ...updated, occupant: null }),
        cost,
        message: SETTLEMENT_TEXT.containerReinforced,
      };
    });
  }

  /**
   * Walls one level higher, or a workshop back to work after its upkeep went unpaid: never above the settlement's level
   * nor their own highest. A raised building stands at full condition.
   */
  private async raise(
    ops: SettlementOps,
    user: UserRow,
    s: SettlementFacts,
    b: { id: number; type: UnlockedBuilding; level: number; name: string },
  ) {
    const refusal = unlockRefusal(b.type, s.level, b.level + 1);
    if (refusal) throw new HttpError(409, refusal);
    const cost = unlockedBuildingCost(b.type, b.level + 1);
    await this.pay(ops, { userId: user.id, worldId: s.worldId, settlementId: s.id }, 'build', cost);
    const updated = await ops.setLevel(b.id, b.level + 1, CONDITION_MAX);
    return {
      building: toBuildingView({ ...updated, occupant: null }),
      cost,
      message: `${b.name} raised to level ${updated.level}`,
    };
  }
}
