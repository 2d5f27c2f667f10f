import type { SettlementOps } from '../../../db/repos/settlements.ts';
import type { UserRow } from '../../../db/repos/accounts.ts';
import type { StorageCategory } from '../../contract/items.ts';
import type { StorageOutcome } from '../../contract/settlements.ts';
import {
  type ContainerState,
  containerStates,
  type Move,
  planConsolidate,
  planDeposit,
  planFixCategorization,
  planPickupAll,
  planWithdraw,
  units,
} from '../../game/storage.ts';
import { CARRY_TEXT, carryLimit, fitInPack, packStateOf } from '../../game/carrying.ts';
import { HttpError } from '../../http/errors.ts';
import type { SettlementService } from './service.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The storage calls of spec section 7. Each one locks the settlement, its containers' stacks and the player's
 * stacks, asks api/game/storage.ts for a plan and carries it out move by move (each move takes exactly what it
 * gives), so inventory + storage totals are conserved whatever runs at the same time.
 */
export class StorageService {
  constructor(private readonly settlements: SettlementService) {}

  private async containers(ops: SettlementOps, settlementId: number): Promise<ContainerState[]> {
    const buildings = await ops.buildings(settlementId);
    return containerStates(buildings, await ops.lockStorage(settlementId));
  }

  /** Carries out moves: from the inventory (`fromInventory`) or a storage row, to a container or the inventory. */
  private async apply(ops: SettlementOps, userId: string, worldId: string, moves: Move[], fromInventory: boolean) {
    for (const m of moves) {
      if (fromInventory) await ops.takeFromInventory([{ id: m.fromStackId, quantity: m.quantity }]);
      else await ops.takeFromStorage(m.fromStackId, m.quantity);
      if (m.toContainerId === null) {
        await ops.grantItems(userId, worldId, [{ itemName: m.itemName, quality: m.quality, quantity: m.quantity }], new Date());
      } else {
        await ops.addToContainer(m.toContainerId, m.itemName, m.quality, m.quantity);
      }
    }
  }

  /**
   * The moves into the pack trimmed to what it can carry, most valuable first (api/game/carrying.ts); what does not fit
   * stays in storage. A pack already at its limit takes nothing: 409.
   */
  private async fitted(ops: SettlementOps, userId: string, worldId: string, moves: Move[]) {
    const pack = packStateOf(await ops.lockPack(userId, worldId), this.settlements.packCapacity);
    if (moves.length && pack.load >= carryLimit(pack.capacity)) throw new HttpError(409, CARRY_TEXT.packFull);
    const fit = fitInPack(moves, pack);
    return { moves: fit.taken, left: units(fit.left) };
  }

  private deposit(user: UserRow, worldId: string, settlementId: number, only?: StorageCategory): Promise<StorageOutcome> {
    return this.settlements.manage(user, worldId, settlementId, async (ops, s) => {
      const containers = await this.containers(ops, s.id);
      if (only && !containers.some((c) => c.subtype === only)) {
        throw new HttpError(409, `${s.name} has no ${only} container: build one first`);
      }
      // Worn gear is not in the pack (player_equipment), so everything in the pack may be deposited.
      const inventory = await ops.lockInventory(user.id, worldId);
      const plan = planDeposit(inventory, containers, only);
      await this.apply(ops, user.id, worldId, plan.moves, true);
      const moved = units(plan.moves);
      let message = moved ? `Deposited ${plural(moved, 'item')} into ${s.name}` : 'Nothing was deposited';
      if (plan.left) message += `; ${plural(plan.left, 'item')} stayed in your pack: the containers for them are full`;
      else if (plan.noContainer.length && !only) message += `; no container for ${plan.noContainer.join(', ')}`;
      return { moved, stacks: plan.moves.length, left: plan.left, message };
    });
  }

  autoDeposit(user: UserRow, worldId: string, settlementId: number) {
    return this.deposit(user, worldId, settlementId);
  }

  depositCategory(user: UserRow, worldId: string, settlementId: number, category: StorageCategory) {
    return this.deposit(user, worldId, settlementId, category);
  }

  transfer(user: UserRow, worldId: string, settlementId: number, itemName: string, quantity: number): Promise<StorageOutcome> {
    return this.settlements.manage(user, worldId, settlementId, async (ops, s) => {
      const plan = planWithdraw(await this.containers(ops, s.id), itemName, quantity);
      if (plan.moves.length === 0) throw new HttpError(404, `There is no ${itemName} in ${s.name}'s storage`);
      const fit = await this.fitted(ops, user.id, worldId, plan.moves);
      if (fit.moves.length === 0) throw new HttpError(409, CARRY_TEXT.packFull);
      await this.apply(ops, user.id, worldId, fit.moves, false);
      const moved = units(fit.moves);
      const capped = plan.capped ? ` (at most ${moved === 1 ? 1 : 'that many'} per click)` : '';
      const full = fit.left ? `; ${plural(fit.left, 'more stays', 'more stay')} in storage: your pack is full` : '';
      return {
        moved,
        stacks: fit.moves.length,
        left: fit.left,
        message: `Took ${moved} ${itemName} from storage${capped}${full}`,
      };
    });
  }

  pickupAll(user: UserRow, worldId: string, settlementId: number): Promise<StorageOutcome> {
    return this.settlements.manage(user, worldId, settlementId, async (ops, s) => {
      const planned = planPickupAll(await this.containers(ops, s.id));
      const { moves, left } = await this.fitted(ops, user.id, worldId, planned);
      await this.apply(ops, user.id, worldId, moves, false);
      const moved = units(moves);
      let message = moved ? `Picked up ${plural(moved, 'item')}` : 'Storage is empty';
      if (left) message += `; ${plural(left, 'item')} stayed in storage: your pack is full (most valuable taken first)`;
      return { moved, stacks: moves.length, left, message };
    });
  }

  consolidate(user: UserRow, worldId: string, settlementId: number): Promise<StorageOutcome> {
    return this.settlements.manage(user, worldId, settlementId, async (ops, s) => {
      const moves = planConsolidate(await this.containers(ops, s.id));
      await this.apply(ops, user.id, worldId, moves, false);
      const moved = units(moves);
      return {
        moved,
        stacks: moves.length,
        left: 0,
        message: moved ? `Consolidated ${plural(moved, 'item')} into fewer containers` : 'Storage is already consolidated',
      };
    });
  }

  fixCategorization(user: UserRow, worldId: string, settlementId: number): Promise<StorageOutcome> {
    return this.settlements.manage(user, worldId, settlementId, async (ops, s) => {
      const plan = planFixCategorization(await this.containers(ops, s.id));
      await this.apply(ops, user.id, worldId, plan.moves, false);
      const moved = units(plan.moves);
      let message = moved ? `Moved ${plural(moved, 'item')} to the right containers` : 'Every item is in the right container';
      if (plan.stuck) message += `; ${plural(plan.stuck, 'item')} stayed put: no room in a matching container`;
      return { moved, stacks: plan.moves.length, left: plan.stuck, message };
    });
  }

  /**
   * Stacks are keyed by item and quality in both the inventory and storage, so duplicates cannot arise; what is left
   * to fix is empty stacks (quantity 0) an older version may have kept: they are dropped.
   */
  fixItems(user: UserRow, worldId: string, settlementId: number): Promise<StorageOutcome> {
    return this.settlements.manage(user, worldId, settlementId, async (ops, s) => {
      const dropped = await ops.dropEmptyStacks(user.id, worldId, s.id);
      return {
        moved: 0,
        stacks: dropped,
        left: 0,
        message: dropped ? `Removed ${plural(dropped, 'empty stack')}` : 'Every stack is already merged',
      };
    });
  }
}
