/**
 * A settlement's bench inside the simulation's transaction: at each job's readyAt the output is delivered
 * and the next job starts, interleaved in time order with the NPCs' phases and the settlement's other events
 * (./settlement-events.ts), so a catch-up after downtime delivers exactly what live play would have. The job's row goes
 * in the same transaction as its output lands: a job is delivered once, never lost.
 *
 * Where the output goes: the crafter's pack when they stand at the settlement (live only; nobody is there in a
 * catch-up), else the containers of its category with room, and what does not fit to the crafter's pack.
 */
import type { CraftJobRow } from '../../../db/repos/crafting.ts';
import type { NpcSimOps, SettlementRef } from '../../../db/repos/npc-sim.ts';
import { crafterUnits, craftDurationMs, recipeById } from '../../game/crafting.ts';
import { skillsOf } from '../../game/npc-skills.ts';
import { categoryOf, SETTLEMENT_REACH } from '../../game/settlements.ts';
import { room } from '../../game/storage.ts';
import type { SimNpc, TxStorage } from './settlement-events.ts';

export interface CraftNotice {
  kind: 'craft';
  at: number;
  jobId: number;
  crafterId: string | null;
  itemName: string;
  quantity: number;
  quality: number;
  deliveredTo: 'pack' | 'storage';
}

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

export class CraftBench {
  constructor(
    private readonly ops: NpcSimOps,
    private readonly settlement: SettlementRef,
    /** The queue, locked, in order (the transaction's own copy: delivered jobs leave it). */
    private readonly jobs: CraftJobRow[],
    private readonly npcs: readonly SimNpc[],
    private readonly storage: TxStorage,
    private readonly deps: {
      live: (at: number) => boolean;
      present: readonly { id: string; x: number; y: number }[];
    },
  ) {}

  /** When the job on the bench is done; null when the bench is idle. */
  readyAt(): number | null {
    const head = this.jobs[0];
    return head?.readyAt ? head.readyAt.getTime() : null;
  }

  /** Delivers the job on the bench at `at` and starts the next one; what to tell, or null if there was none. */
  async deliver(at: number): Promise<{ notice: CraftNotice; storageChanged: boolean } | null> {
    const job = this.jobs.shift();
    if (!job) return null;
    if (!(await this.ops.crafting.removeJob(job.id))) return null;
    const recipe = recipeById(job.recipeId);
    const itemName = recipe?.output.itemName ?? job.recipeId;
    const quantity = (recipe?.output.quantity ?? 1) * job.quantity;
    let toPack = this.crafterHere(job.crafterId, at) ? quantity : 0;
    if (toPack === 0) {
      let left = quantity;
      for (const c of (await this.storage.stacks()).filter((x) => x.subtype === categoryOf(itemName))) {
        const n = Math.min(left, room(c));
        if (n <= 0) continue;
        this.storage.put(c, itemName, job.quality, n);
        left -= n;
      }
      toPack = left;
    }
    if (toPack > 0 && job.crafterId) {
      const grant = [{ itemName, quality: job.quality, quantity: toPack }];
      await this.ops.crafting.grantItems(job.crafterId, job.worldId, grant, new Date(at));
    } else if (toPack > 0) {
      // The crafter's account is gone and storage is full: the output still lands, above capacity, rather than vanish.
      const stacks = await this.storage.stacks();
      const into = stacks.find((c) => c.subtype === categoryOf(itemName)) ?? stacks[0];
      if (into) this.storage.put(into, itemName, job.quality, toPack);
      toPack = 0;
    }
    await this.startNext(at);
    return {
      notice: {
        kind: 'craft',
        at,
        jobId: job.id,
        crafterId: job.crafterId,
        itemName,
        quantity,
        quality: job.quality,
        deliveredTo: toPack === quantity ? 'pack' : 'storage',
      },
      storageChanged: toPack < quantity,
    };
  }

  /** The next job takes the bench at `at`, at the pace of the crafting NPCs at home and fit then. */
  private async startNext(at: number): Promise<void> {
    const next = this.jobs[0];
    if (!next) return;
    const crafters = crafterUnits(
      this.npcs
        .filter(
          (n) =>
            !n.gone &&
            n.state.assignment === 'craft' &&
            n.state.phase === null &&
            (n.injuredUntil === null || n.injuredUntil <= at),
        )
        .map((n) => skillsOf(n.row.skills, n.row.seed)),
    );
    next.startedAt = new Date(at);
    next.readyAt = new Date(at + craftDurationMs(next.workMs, crafters));
    await this.ops.crafting.startJob(next.id, next.startedAt, next.readyAt);
  }

  private crafterHere(crafterId: string | null, at: number): boolean {
    if (!crafterId || !this.deps.live(at)) return false;
    const p = this.deps.present.find((x) => x.id === crafterId);
    return !!p && dist(p, this.settlement) <= SETTLEMENT_REACH;
  }
}
