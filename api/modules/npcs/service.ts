import { skillsOf } from '../../game/npc-skills.ts';
import { eq } from 'drizzle-orm';
import { chunkOfWorld } from '../../../core-wasm/index.ts';
import type { UserRow } from '../../../db/repos/accounts.ts';
import type { NpcWithSettlement } from '../../../db/repos/npcs.ts';
import { npcEquipment, npcItems } from '../../../db/schema/index.ts';
import type { NpcView } from '../../contract/npcs.ts';
import { ASSIGNMENT_DUTIES, type NpcAssignment, NPC_OFFER_TTL_MS } from '../../game/npcs.ts';
import { canManage, SETTLEMENT_REACH } from '../../game/settlements.ts';
import { ITEMS } from '../../game/items.ts';
import { RAID_TEXT } from '../../contract/raids.ts';
import { conditionOf, treatment } from '../../game/upkeep.ts';
import { requireSeatedIn } from '../game-access.ts';

/** Items that treat a wound (the medicine category). */
const MEDICINE_NAMES = ITEMS.filter((i) => i.category === 'medicine').map((i) => i.name);
import { SETTLEMENT_CHUNK_RADIUS } from '../../contract/world.ts';
import { generateNpc } from '../../game/npc-names.ts';
import { freshRng } from '../../game/random.ts';
import { distanceToPath } from '../../game/vision.ts';
import { HttpError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { chunkRange } from '../../../db/repos/settlements.ts';
import { SETTLEMENT_NOT_FOUND } from '../../contract/settlements.ts';
import type { SettlementService } from '../settlements/service.ts';
import { randomSeed } from '../../game/world.ts';

export const NPC_NOT_FOUND = 'NPC not found';

/** The player's settlements in the world that they manage and that have an empty bed (the recruit dialog's choice). */
export async function recruitableSettlements(repos: Services['repos'], userId: string, worldId: string) {
  const mine = await repos.settlements.settlementsOf(userId, worldId);
  return mine
    .filter((s) => canManage(userId, s) && s.beds > s.occupied)
    .map((s) => ({ id: String(s.id), name: s.name, emptyBeds: s.beds - s.occupied, x: s.x, y: s.y }));
}

/** What the map and the panels show of an NPC: where it is, and its journey when it is on one. */
/** Where an NPC can be seen now: where it stands, or the walk it is on. */
function npcWhereabouts(v: NpcView): { x: number; y: number }[] {
  const j = v.journey;
  return j
    ? [
        { x: j.startX, y: j.startY },
        { x: j.targetX, y: j.targetY },
      ]
    : [{ x: v.x, y: v.y }];
}

export function toNpcView(n: NpcWithSettlement, now: Date): NpcView {
  const moving = !!n.phase && n.phase !== 'rest' && !!n.phaseEndsAt && n.phaseEndsAt > now && n.targetX !== null;
  const journey =
    moving && n.phaseStartedAt && n.phaseEndsAt
      ? {
          startX: n.startX ?? n.x,
          startY: n.startY ?? n.y,
          targetX: n.targetX!,
          targetY: n.targetY!,
          startAt: n.phaseStartedAt.toISOString(),
          endAt: n.phaseEndsAt.toISOString(),
          duration: n.phaseEndsAt.getTime() - n.phaseStartedAt.getTime(),
          purpose: n.phase!,
        }
      : null;
  return {
    id: String(n.id),
    name: n.name,
    description: n.description,
    skills: skillsOf(n.skills, n.seed),
    x: n.x,
    y: n.y,
    targetX: journey ? journey.targetX : null,
    targetY: journey ? journey.targetY : null,
    isMoving: moving,
    isRecruited: true,
    assignment: n.assignment,
    assignmentStatus: n.status,
    buildingId: String(n.bedId),
    settlementId: String(n.settlementId),
    settlementName: n.settlementName,
    journey,
    condition: conditionOf({ injuredUntil: n.injuredUntil?.getTime() ?? null, unfedDays: n.unfedDays }, now.getTime()),
  };
}

/**
 * Recruitment, dismissal, assignments and the NPC lists. The work itself is the simulation's
 * (api/modules/npcs/simulation.ts): an assignment change only records the new job, which the simulation picks up.
 */
export class NpcService {
  constructor(
    private readonly services: Services,
    private readonly settlements: SettlementService,
  ) {}

  private get repos() {
    return this.services.repos;
  }

  recruitable(userId: string, worldId: string) {
    return recruitableSettlements(this.repos, userId, worldId);
  }

  async recruitmentOptions(userId: string, worldId: string) {
    await this.settlements.world(worldId);
    const since = new Date(this.services.now().getTime() - NPC_OFFER_TTL_MS);
    const offer = await this.repos.actions.latestNpcSignal(userId, worldId, since);
    return {
      npc: offer ? { name: offer.npcName, description: offer.npcDescription, skills: skillsOf(offer.npcSkills, 0) } : null,
      settlements: await this.recruitable(userId, worldId),
    };
  }

  generateRandom() {
    return generateNpc(freshRng());
  }

  /** Consumes the player's open offer and gives the survivor an empty bed in a settlement the player manages. */
  async recruit(user: UserRow, body: { npcName: string; settlementId: string; worldId: string }) {
    await this.settlements.world(body.worldId);
    const since = new Date(this.services.now().getTime() - NPC_OFFER_TTL_MS);
    const { result, facts } = await this.repos.settlements.transaction(async (ops) => {
      const s = await ops.lockSettlement(Number(body.settlementId));
      if (!s) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
      // body.worldId is the seat's world (the game plugin checked it).
      requireSeatedIn(s.worldId, body.worldId);
      if (!canManage(user.id, s)) throw new HttpError(403, `You do not manage ${s.name}: recruit into your own settlement`);
      const offer = await ops.npcs.lockOffer(user.id, body.worldId, since);
      if (!offer) throw new HttpError(409, 'No survivor is waiting for you: scavenge busy places to draw one');
      const bedId = await ops.npcs.vacantBed(s.id);
      if (bedId === null) throw new HttpError(409, `${s.name} has no empty bed: build one first`);
      await ops.npcs.deleteOffer(offer.id);
      const npc = await ops.npcs.insertNpc({
        worldId: s.worldId,
        settlementId: s.id,
        bedId,
        ownerId: user.id,
        name: offer.npcName,
        description: offer.npcDescription,
        // The skills the offer showed (an offer from before skills shows, and so keeps, those of seed 0).
        skills: skillsOf(offer.npcSkills, 0),
        x: s.x,
        y: s.y,
        seed: randomSeed(),
        createdAt: this.services.now(),
      });
      return { result: { npc, settlement: s.name }, facts: (await ops.lockSettlement(s.id))! };
    });
    this.settlements.announce(facts, 'settlement_updated');
    return { message: `${result.npc.name} joined ${result.settlement}`, npcId: String(result.npc.id) };
  }

  /**
   * Turns away the waiting survivor of that name, or dismisses a recruited NPC of that name from a settlement the
   * player manages: the bed is free again and what the NPC wore or carried goes into the player's pack (nothing is lost).
   */
  async dismiss(user: UserRow, body: { npcName: string; worldId: string }) {
    await this.settlements.world(body.worldId);
    const since = new Date(this.services.now().getTime() - NPC_OFFER_TTL_MS);
    const turnedAway = await this.repos.settlements.transaction(async (ops) => {
      const offer = await ops.npcs.lockOffer(user.id, body.worldId, since, body.npcName);
      if (!offer) return null;
      await ops.npcs.deleteOffer(offer.id);
      return offer.npcName;
    });
    if (turnedAway) return { message: `${turnedAway} went on their way` };

    const managed = (await this.repos.settlements.settlementsOf(user.id, body.worldId)).filter((s) => canManage(user.id, s));
    const [npc] = await this.repos.npcs.named(
      managed.map((s) => s.id),
      body.npcName,
    );
    if (!npc) throw new HttpError(404, `No survivor called ${body.npcName} is waiting for you or lives in your settlements`);
    const { facts } = await this.repos.settlements.transaction(async (ops) => {
      const s = await ops.lockSettlement(npc.settlementId);
      if (!s || !canManage(user.id, s)) throw new HttpError(403, 'Only members of its settlement can dismiss this NPC');
      const locked = await ops.npcs.lockNpc(npc.id);
      if (!locked) throw new HttpError(404, NPC_NOT_FOUND);
      const tx = ops.tx;
      const gear = await tx.select().from(npcEquipment).where(eq(npcEquipment.npcId, npc.id));
      const carried = await tx.select().from(npcItems).where(eq(npcItems.npcId, npc.id));
      const back = [...gear.map((g) => ({ itemName: g.itemName, quality: g.quality, quantity: 1 })), ...carried];
      await ops.grantItems(
        user.id,
        s.worldId,
        back.map((i) => ({ itemName: i.itemName, quality: i.quality, quantity: i.quantity })),
        this.services.now(),
      );
      await ops.npcs.deleteNpc(npc.id);
      return { facts: (await ops.lockSettlement(s.id))! };
    });
    this.settlements.announce(facts, 'settlement_updated');
    return { message: `${npc.name} left ${facts.name}` };
  }

  /** NPCs of the settlements around the player (radius 3 chunks) and of every settlement the player manages. */
  async inWorld(user: UserRow, worldId: string) {
    await this.settlements.world(worldId);
    const me = await this.settlements.live.walker(user, worldId);
    const pos = await this.settlements.live.locate(me);
    const sight = await this.settlements.live.lookRound(me);
    const now = this.services.now();
    // Others' NPCs only where the caller sees them: where they stand, or on the walk they are on now.
    const near = (
      await this.repos.npcs.inChunks(worldId, chunkRange(chunkOfWorld(pos.x), chunkOfWorld(pos.y), SETTLEMENT_CHUNK_RADIUS))
    ).filter((n) => distanceToPath(pos, npcWhereabouts(toNpcView(n, now))) <= sight.range);
    const managed = (await this.repos.settlements.settlementsOf(user.id, worldId)).filter((s) => canManage(user.id, s));
    const own = await this.repos.npcs.ofSettlements(managed.map((s) => s.id));
    const byId = new Map([...near, ...own].map((n) => [n.id, n]));
    return [...byId.values()].map((n) => toNpcView(n, now));
  }

  async ofSettlement(user: UserRow, seatWorldId: string, settlementId: string) {
    const s = await this.repos.settlements.settlement(Number(settlementId));
    if (!s) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
    requireSeatedIn(s.worldId, seatWorldId);
    if (!canManage(user.id, s)) throw new HttpError(403, `You do not manage ${s.name}`);
    const now = this.services.now();
    return { npcs: (await this.repos.npcs.ofSettlements([s.id])).map((n) => toNpcView(n, now)) };
  }

  /**
   * A member standing at the settlement treats an injured NPC with one medicine item from the pack (the best first,
   * as the settlement's own stock does): fit at once, back to work. 409 when it is not injured or there is no medicine.
   */
  async treat(user: UserRow, npcId: number, worldId: string) {
    const npc = await this.repos.npcs.one(npcId);
    if (!npc) throw new HttpError(404, NPC_NOT_FOUND);
    requireSeatedIn(npc.worldId, worldId);
    const pos = await this.settlements.position(user, worldId);
    const now = this.services.now();
    const { row, facts } = await this.repos.settlements.transaction(async (ops) => {
      const s = await ops.lockSettlement(npc.settlementId);
      if (!s) throw new HttpError(404, NPC_NOT_FOUND);
      if (!canManage(user.id, s)) throw new HttpError(403, `Only members of ${s.name} can treat its NPCs`);
      if (Math.hypot(pos.x - s.x, pos.y - s.y) > SETTLEMENT_REACH) {
        throw new HttpError(403, `Walk to ${s.name} first (within ${SETTLEMENT_REACH} units of its centre)`);
      }
      const locked = await ops.npcs.lockNpc(npcId);
      if (!locked || locked.settlementId !== s.id) throw new HttpError(404, NPC_NOT_FOUND);
      if (!locked.injuredUntil || locked.injuredUntil <= now) throw new HttpError(409, RAID_TEXT.notInjured(locked.name));
      const stacks = await ops.lockInventory(user.id, worldId, MEDICINE_NAMES);
      const dose = treatment(stacks);
      if (!dose) throw new HttpError(409, RAID_TEXT.noMedicine);
      const stack = stacks.find((x) => x.itemName === dose.itemName && x.quality === dose.quality)!;
      // Recorded as the settlement's own medicine is when its stock treats a wounded defender.
      await this.settlements.consume(ops, { userId: user.id, worldId, settlementId: s.id }, 'medicine', [
        { from: 'pack', stackId: stack.id, itemName: stack.itemName, quality: stack.quality, quantity: dose.quantity },
      ]);
      const row = await ops.npcs.treat(npcId, now);
      return { row: { ...row, settlementName: s.name, settlementX: s.x, settlementY: s.y }, facts: s };
    });
    this.settlements.tellMembers(facts, {
      type: 'npc_condition',
      settlementId: String(facts.id),
      npcId: String(row.id),
      npcName: row.name,
      condition: conditionOf({ injuredUntil: null, unfedDays: row.unfedDays }, now.getTime()),
    });
    this.settlements.live.send(worldId, { to: 'user', userId: user.id }, { type: 'inventory_updated' });
    return { message: RAID_TEXT.treated(row.name), npc: toNpcView(row, now) };
  }

  /**
   * Records an NPC's new job. The NPC is looked up again, locked, inside the transaction (a member may dismiss it
   * meanwhile: then 404 and nothing is written), and the answer is built from what the transaction wrote, not read
   * again after it (by then it may be gone).
   */
  async assign(user: UserRow, npcId: number, assignment: NpcAssignment, worldId: string) {
    const npc = await this.repos.npcs.one(npcId);
    if (!npc) throw new HttpError(404, NPC_NOT_FOUND);
    requireSeatedIn(npc.worldId, worldId);
    const updated = await this.repos.settlements.transaction(async (ops) => {
      const s = await ops.lockSettlement(npc.settlementId);
      if (!s) throw new HttpError(404, NPC_NOT_FOUND);
      if (!canManage(user.id, s)) throw new HttpError(403, `Only members of ${npc.settlementName} can assign its NPCs`);
      const locked = await ops.npcs.lockNpc(npcId);
      if (!locked || locked.settlementId !== s.id) throw new HttpError(404, NPC_NOT_FOUND);
      const row = await ops.npcs.setAssignment(npcId, assignment);
      return { ...row, settlementName: s.name, settlementX: s.x, settlementY: s.y };
    });
    return {
      message: `${npc.name} will ${ASSIGNMENT_DUTIES[assignment]}`,
      npc: toNpcView(updated, this.services.now()),
    };
  }
}
