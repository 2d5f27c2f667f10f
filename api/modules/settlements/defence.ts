import { has, skillsOf } from '../../game/npc-skills.ts';
import { settlementSimRepo } from '../../../db/repos/settlement-sim.ts';
import { SETTLEMENT_NOT_FOUND } from '../../contract/settlements.ts';
import type { DefenceView, RaidView } from '../../contract/raids.ts';
import { AT_PLACE_UNITS } from '../../game/npc-sim.ts';
import { assessDefence, type Container } from '../../game/raids.ts';
import { canManage, protectedPart, SETTLEMENT_REACH } from '../../game/settlements.ts';
import { NPC_FOOD_PER_DAY } from '../../game/upkeep.ts';
import { HttpError } from '../../http/errors.ts';
import { requireSeatedIn } from '../game-access.ts';
import type { Services } from '../../services.ts';
import type { Presence } from '../npcs/advance.ts';
import { toRaidView } from '../npcs/raid-views.ts';

/** Raids shown in the history, newest first. */
export const RAID_HISTORY_LIMIT = 20;

/** The Defence section and the raid history: the members' business only, like the storage. */
export class DefenceQueries {
  private readonly sim;

  constructor(
    private readonly services: Services,
    /** Who is present in a world and where (the live layer): members standing there count as defenders. */
    private readonly presence: Presence,
    /** Where the world's day starts (WorldService.dayEpoch): the coming night is the world's. */
    private readonly dayEpoch: (worldId: string) => Promise<number | null>,
  ) {
    this.sim = settlementSimRepo(services.database.db);
  }

  private async member(userId: string, seatWorldId: string, id: string) {
    const s = await this.services.repos.settlements.settlement(Number(id));
    if (!s) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
    requireSeatedIn(s.worldId, seatWorldId);
    if (!canManage(userId, s)) throw new HttpError(403, `Only members of ${s.name} see its defence and raids`);
    return s;
  }

  async defence(userId: string, seatWorldId: string, id: string): Promise<DefenceView> {
    const s = await this.member(userId, seatWorldId, id);
    const now = this.services.now().getTime();
    const [clock, stored, npcs, present, epochMs, walls, storehouse] = await Promise.all([
      this.sim.clock(s.id),
      this.sim.containerStacks(s.id),
      this.sim.defenders(s.id),
      this.presence(s.worldId),
      this.dayEpoch(s.worldId),
      this.sim.wallsLevel(s.id),
      this.sim.unlockedLevel(s.id, 'storehouse'),
    ]);
    const shielded = protectedPart(storehouse);
    const members = new Set([s.founderId, ...s.bedHolders]);
    const home = { x: s.x, y: s.y };
    const containers: Container[] = stored.map((c) => ({ id: String(c.id), level: c.level, items: c.stacks }));
    const units = (subtype: string) =>
      stored.filter((c) => c.subtype === subtype).reduce((sum, c) => sum + c.stacks.reduce((n, x) => n + x.quantity, 0), 0);
    const fit = npcs.filter(
      (n) =>
        n.assignment === 'defend' &&
        n.phase === null &&
        Math.hypot(n.x - home.x, n.y - home.y) < AT_PLACE_UNITS &&
        !(n.injuredUntil && n.injuredUntil.getTime() > now),
    );
    const standing = present.filter(
      (p) => members.has(p.id) && Math.hypot(p.x - home.x, p.y - home.y) <= SETTLEMENT_REACH,
    ).length;
    const a = assessDefence({
      now,
      seed: clock!.seed,
      dayCycleMs: this.services.config.dayCycleMs,
      epochMs: epochMs ?? 0,
      foundedAt: clock!.createdAt.getTime(),
      lastRaidNight: clock!.lastRaidNight,
      raidArriveAt: clock!.raidWarned ? (clock!.raidArriveAt?.getTime() ?? null) : null,
      containers,
      protectedUnits: shielded,
      defenders: {
        npcs: fit.map((n) => ({ id: String(n.id), gear: n.gear, guard: has(skillsOf(n.skills, n.seed), 'guard') })),
        players: standing,
        containers,
        ammo: units('ammo'),
        walls,
      },
    });
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      rating: a.rating,
      defenders: a.defenders,
      ammo: units('ammo'),
      protectedCapacity: shielded,
      wealthAbove: a.wealthAbove,
      threat: a.threat,
      nextRaidAt: clock!.raidWarned ? iso(clock!.raidArriveAt?.getTime() ?? null) : null,
      nextNightAt: new Date(a.nextNightAt).toISOString(),
      protectedUntil: iso(a.protectedUntil),
      upkeep: { npcs: npcs.length, foodPerDay: npcs.length * NPC_FOOD_PER_DAY, food: units('food'), medicine: units('medicine') },
    };
  }

  async raids(userId: string, seatWorldId: string, id: string): Promise<{ raids: RaidView[] }> {
    const s = await this.member(userId, seatWorldId, id);
    return { raids: (await this.sim.raids(s.id, RAID_HISTORY_LIMIT)).map(toRaidView) };
  }
}
