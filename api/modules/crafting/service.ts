import { hasWorkshop } from '../../game/settlement-levels.ts';
import type { UserRow } from '../../../db/repos/accounts.ts';
import type { CraftJobRow } from '../../../db/repos/crafting.ts';
import type { SettlementOps } from '../../../db/repos/settlements.ts';
import type { ReservedInput } from '../../../db/schema/crafting.ts';
import type { CraftJobView, CraftQueueView, RecipeView } from '../../contract/crafting.ts';
import { SETTLEMENT_NOT_FOUND } from '../../contract/settlements.ts';
import {
  CRAFT_QUEUE_MAX,
  CRAFT_TEXT,
  craftDurationMs,
  craftInputs,
  craftQuality,
  craftWorkMs,
  recipeRefusal,
  projectQueue,
  RECIPES,
  type Recipe,
  recipeById,
  wearsScanner,
} from '../../game/crafting.ts';
import { canManage, insufficientMessage } from '../../game/settlements.ts';
import { requireSeatedIn } from '../game-access.ts';
import { containerStates, room } from '../../game/storage.ts';
import { HttpError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import type { SettlementService } from '../settlements/service.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** The recipe book as the wire shows it (static: built once). */
const BOOK: { recipes: RecipeView[] } = {
  recipes: RECIPES.map((r) => ({
    id: r.id,
    name: r.name,
    output: { ...r.output },
    inputs: { ...r.inputs },
    seconds: r.seconds,
    ...(r.needsWorkshop ? { needsWorkshop: true as const } : {}),
  })),
};

/**
 * The settlement's bench: queue a job (its inputs taken at once from the pack, then storage), list the queue, cancel
 * a job (every input back where it came from). Each write is one settlement transaction (SettlementService.manage: the
 * settlement row locked, the manage rule and the reach checked), so concurrent crafts never spend the same unit twice.
 * Delivery is the simulation's (api/modules/npcs/settlement-events.ts), at each job's readyAt.
 */
export class CraftingService {
  constructor(
    private readonly services: Services,
    private readonly settlements: SettlementService,
  ) {}

  recipes(): { recipes: RecipeView[] } {
    return BOOK;
  }

  private recipe(id: string): Recipe {
    const r = recipeById(id);
    if (!r) throw new HttpError(404, `${CRAFT_TEXT.unknownRecipe}: ${id}`);
    return r;
  }

  /** The settlement's world, which must be the one the caller is seated in. */
  private async worldOf(settlementId: number, seatWorldId: string): Promise<string> {
    const s = await this.services.repos.settlements.settlement(settlementId);
    if (!s) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
    requireSeatedIn(s.worldId, seatWorldId);
    return s.worldId;
  }

  async craft(user: UserRow, seatWorldId: string, settlementId: number, body: { recipeId: string; quantity: number }) {
    const recipe = this.recipe(body.recipeId);
    const worldId = await this.worldOf(settlementId, seatWorldId);
    const now = this.services.now();
    const timeScale = this.services.config.npcTimeScale;
    return this.settlements.manage(user, worldId, settlementId, async (ops, s) => {
      const queue = await ops.crafting.lockQueue(s.id);
      if (queue.length >= CRAFT_QUEUE_MAX) throw new HttpError(409, CRAFT_TEXT.queueFull);
      const workshop = hasWorkshop(await ops.buildings(s.id));
      const refusal = recipeRefusal(recipe, workshop);
      if (refusal) throw new HttpError(409, refusal);
      const plan = await this.settlements.planPackAndStorage(ops, user.id, worldId, s.id, craftInputs(recipe, body.quantity));
      if (!plan.ok) throw new HttpError(409, insufficientMessage(plan.missing));
      await this.settlements.spend(ops, plan.takes);
      const inputs: ReservedInput[] = plan.takes.map(({ stackId: _, ...t }) => t);
      const quality = craftQuality(
        plan.takes,
        wearsScanner((await ops.wornItemNames(user.id, worldId)).map((itemName) => ({ itemName }))),
      );
      const workMs = craftWorkMs(recipe, body.quantity, timeScale, workshop);
      // An empty bench starts at once, at the pace of the crafters there now; else the job waits its turn.
      const crafters = await ops.crafting.crafters(s.id, now);
      const startsNow = queue.length === 0;
      const readyAt = startsNow ? new Date(now.getTime() + craftDurationMs(workMs, crafters)) : null;
      const job = await ops.crafting.insertJob({
        settlementId: s.id,
        worldId,
        crafterId: user.id,
        recipeId: recipe.id,
        quantity: body.quantity,
        quality,
        workMs,
        inputs,
        createdAt: now,
        startedAt: startsNow ? now : null,
        readyAt,
      });
      if (readyAt) await ops.crafting.wakeBy(s.id, readyAt);
      const projected = projectQueue([...queue, job].map(toQueued), now.getTime(), crafters).at(-1)!;
      return {
        job: { id: String(job.id), recipeId: recipe.id, quantity: body.quantity, readyAt: iso(projected.readyAt) },
        message: CRAFT_TEXT.queued(body.quantity, recipe),
      };
    });
  }

  async queue(user: UserRow, seatWorldId: string, settlementId: number): Promise<CraftQueueView> {
    const s = await this.services.repos.settlements.settlement(settlementId);
    if (!s) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
    requireSeatedIn(s.worldId, seatWorldId);
    if (!canManage(user.id, s)) throw new HttpError(403, `You do not manage ${s.name}: only players with a bed there can`);
    const now = this.services.now();
    const [rows, crafters] = await Promise.all([
      this.services.repos.crafting.queue(s.id),
      this.services.repos.crafting.crafters(s.id, now),
    ]);
    const projected = projectQueue(rows.map(toQueued), now.getTime(), crafters);
    return { jobs: rows.map((row, i) => toJobView(row, projected[i]!.readyAt)), crafters };
  }

  /** Cancels a job: every input goes back where it was taken from; the next job starts if this one was on the bench. */
  async cancel(user: UserRow, seatWorldId: string, settlementId: number, jobId: number) {
    const worldId = await this.worldOf(settlementId, seatWorldId);
    const now = this.services.now();
    let crafter: string | null = null;
    const out = await this.settlements.manage(user, worldId, settlementId, async (ops, s) => {
      const queue = await ops.crafting.lockQueue(s.id);
      const job = queue.find((j) => j.id === jobId);
      if (!job) throw new HttpError(404, CRAFT_TEXT.jobNotFound);
      await ops.crafting.removeJob(job.id);
      const refunded = await refund(ops, job, user.id, s.id, now);
      crafter = job.crafterId;
      const next = queue.find((j) => j.id !== job.id);
      if (job.startedAt && next && !next.startedAt) {
        const readyAt = new Date(now.getTime() + craftDurationMs(next.workMs, await ops.crafting.crafters(s.id, now)));
        await ops.crafting.startJob(next.id, now, readyAt);
        await ops.crafting.wakeBy(s.id, readyAt);
      }
      return { message: CRAFT_TEXT.cancelled(recipeById(job.recipeId) ?? this.recipe(job.recipeId)), refunded };
    });
    // The crafter's pack got back what it gave, wherever they are.
    if (crafter && crafter !== user.id)
      this.settlements.live.send(worldId, { to: 'user', userId: crafter }, { type: 'inventory_updated' });
    return out;
  }
}

const toQueued = (j: CraftJobRow) => ({
  id: j.id,
  workMs: j.workMs,
  startedAt: j.startedAt?.getTime() ?? null,
  readyAt: j.readyAt?.getTime() ?? null,
});

function toJobView(j: CraftJobRow & { crafterName: string | null }, readyAt: number): CraftJobView {
  const r = recipeById(j.recipeId);
  return {
    id: String(j.id),
    recipeId: j.recipeId,
    name: r?.name ?? j.recipeId,
    quantity: j.quantity,
    output: { itemName: r?.output.itemName ?? j.recipeId, quantity: (r?.output.quantity ?? 1) * j.quantity, quality: j.quality },
    startedAt: j.startedAt ? j.startedAt.toISOString() : null,
    readyAt: iso(readyAt),
    crafterName: j.crafterName,
  };
}

/**
 * Puts a job's inputs back: the pack's into its crafter's pack (the canceller's when the crafter's account is gone),
 * storage's into the container they came from while it stands and has room, else into the canceller's pack. Every
 * unit lands somewhere: inventory + storage + queue stay conserved.
 */
export async function refund(
  ops: SettlementOps,
  job: CraftJobRow,
  cancellerId: string,
  settlementId: number,
  now: Date,
): Promise<{ toPack: number; toStorage: number }> {
  const containers = containerStates(await ops.buildings(settlementId), await ops.lockStorage(settlementId));
  const free = new Map(containers.map((c) => [c.id, room(c)]));
  let toPack = 0;
  let toStorage = 0;
  for (const i of job.inputs) {
    const left = i.from === 'storage' ? (free.get(i.containerId) ?? 0) : 0;
    if (i.from === 'storage' && left >= i.quantity) {
      await ops.addToContainer(i.containerId, i.itemName, i.quality, i.quantity);
      free.set(i.containerId, left - i.quantity);
      toStorage += i.quantity;
      continue;
    }
    const to = i.from === 'pack' ? (job.crafterId ?? cancellerId) : cancellerId;
    await ops.grantItems(to, job.worldId, [{ itemName: i.itemName, quality: i.quality, quantity: i.quantity }], now);
    toPack += i.quantity;
  }
  return { toPack, toStorage };
}
