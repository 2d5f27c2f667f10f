import type { UserRow } from '../../../db/repos/accounts.ts';
import type { SettlementFacts } from '../../../db/repos/settlements.ts';
import type { BuildingCatalogue, SettlementProgress } from '../../contract/settlements.ts';
import {
  holdingsOf,
  LEVEL_TEXT,
  levelName,
  met,
  nextStep,
  type Requirement,
  requirementsFor,
  UNLOCKED_BUILDING_DEFS,
  UNLOCKED_BUILDINGS,
  unlockedBuildingCost,
  unmetMessage,
} from '../../game/settlement-levels.ts';
import {
  BED_BASE_COST,
  type BuildingType,
  CONTAINER_BASE_COST,
  CONTAINER_MAX_LEVEL,
  canManage,
  type Held,
  held,
  REINFORCE_COST,
} from '../../game/settlements.ts';
import { HttpError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { requireSeatedIn } from '../game-access.ts';
import type { SettlementService } from './service.ts';

/**
 * A settlement's level: what the next one asks (members read it), the level-up that pays for it in one transaction
 * (managers, at the settlement), and the public catalogue of what can be built. The rules: api/game/settlement-levels.ts.
 */
export class LevelsService {
  constructor(
    private readonly services: Services,
    private readonly settlements: SettlementService,
  ) {}

  private requirements(s: SettlementFacts, buildings: readonly { type: BuildingType; level: number }[], npcs: number, h: Held) {
    const step = nextStep(s.level);
    if (!step) return null;
    const lines = requirementsFor(
      step,
      holdingsOf(buildings, npcs),
      (name) => (h.pack.get(name) ?? 0) + (h.storage.get(name) ?? 0),
    );
    return { step, lines };
  }

  async progress(user: UserRow, seatWorldId: string, id: string): Promise<SettlementProgress> {
    const repo = this.services.repos.settlements;
    const s = await repo.settlement(Number(id));
    if (!s) throw new HttpError(404, 'Settlement not found');
    requireSeatedIn(s.worldId, seatWorldId);
    if (!canManage(user.id, s)) throw new HttpError(403, `Only members of ${s.name} can see its progress`);
    const [buildings, npcs, pack, storage] = await Promise.all([
      repo.buildings(s.id),
      repo.npcCount(s.id),
      this.services.repos.actions.inventory(user.id, s.worldId),
      repo.storage(s.id),
    ]);
    const next = this.requirements(s, buildings, npcs, held(pack, storage));
    return {
      level: s.level,
      levelName: levelName(s.level),
      next: next && {
        level: next.step.level,
        levelName: next.step.name,
        requirements: next.lines,
        met: met(next.lines),
      },
    };
  }

  /** The next level, paid from the pack then storage, or 409 with every requirement still missing. */
  levelUp(user: UserRow, worldId: string, id: string) {
    return this.settlements.manage(user, worldId, Number(id), async (ops, s) => {
      const step = nextStep(s.level);
      if (!step) throw new HttpError(409, LEVEL_TEXT.topLevel(s.name));
      const names = Object.keys(step.cost);
      const [buildings, npcs, pack, storage] = [
        await ops.buildings(s.id),
        await ops.npcCount(s.id),
        await ops.lockInventory(user.id, worldId, names),
        await ops.lockStorage(s.id),
      ];
      const lines: Requirement[] = this.requirements(s, buildings, npcs, held(pack, storage))!.lines;
      if (!met(lines)) throw new HttpError(409, unmetMessage(lines));
      await this.settlements.pay(ops, { userId: user.id, worldId, settlementId: s.id }, 'level_up', step.cost);
      await ops.setSettlementLevel(s.id, step.level);
      return { level: step.level, levelName: step.name, message: LEVEL_TEXT.levelled(s.name, step.name) };
    });
  }

  catalogue(): BuildingCatalogue {
    return {
      buildings: [
        {
          type: 'bed',
          name: 'Bed',
          needsLevel: 0,
          maxLevel: 1,
          costPerLevel: [{ ...BED_BASE_COST }],
          effect: 'A bed for a player or a recruited NPC',
        },
        {
          type: 'container',
          name: 'Storage container',
          needsLevel: 0,
          maxLevel: CONTAINER_MAX_LEVEL + 1,
          // A food container, then each reinforcement (every category has its own first cost: see the wiki).
          costPerLevel: [
            { ...CONTAINER_BASE_COST.food },
            ...Array.from({ length: CONTAINER_MAX_LEVEL }, () => ({ ...REINFORCE_COST })),
          ],
          effect: 'Holds 100 units of one category; each reinforcement adds 50, up to 300',
        },
        ...UNLOCKED_BUILDINGS.map((type) => {
          const def = UNLOCKED_BUILDING_DEFS[type];
          return {
            type,
            name: def.name,
            needsLevel: def.needsLevel,
            maxLevel: def.maxLevel,
            costPerLevel: Array.from({ length: def.maxLevel }, (_, i) => ({ ...unlockedBuildingCost(type, i + 1) })),
            effect: def.effect,
          };
        }),
      ],
    };
  }
}
