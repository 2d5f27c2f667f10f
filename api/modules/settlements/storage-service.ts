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
      await this.apply(ops, user.id, worldId, plan.moves, false);
      const moved = units(plan.moves);
      const capped = plan.capped ? ` (at most ${moved === 1 ? 1 : 'that many'} per click)` : '';
      return { moved, stacks: plan.moves.length, left: 0, message: `Took ${moved} ${itemName} from storage${capped}` };
    });
  }

  pickupAll(user: UserRow, worldId: string, settlementId: number): Promise<StorageOutcome> {
    return this.settlements.manage(user, worldId, settlementId, async (ops, s) => {
      const moves = planPickupAll(await this.containers(ops, s.id));
      await this.apply(ops, user.id, worldId, moves, false);
      const moved = units(moves);
      return { moved, stacks: moves.length, left: 0, message: moved ? `Picked up ${plural(moved, 'item')}` : 'Storage is empty' };
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
