import type { RetentionRepo } from '../../../db/repos/retention.ts';
import { CHAT_HISTORY_LIMIT } from '../../game/chat.ts';
import {
  CHAT_RETENTION_MS,
  GAME_LOG_KEPT,
  GAME_LOG_RETENTION_MS,
  NOTICE_RETENTION_MS,
  OFFER_RETENTION_MS,
  PRUNE_BATCH,
  PRUNE_BATCHES_PER_RUN,
} from '../../game/retention.ts';

export interface Pruned {
  chat: number;
  events: number;
  offers: number;
  notices: number;
}

/**
 * One pass of the retention rules (api/game/retention.ts) at game time `now`: per table, batches of `batch` rows until
 * one comes back short or `maxBatches` ran, so a pass is bounded however large the backlog (the next pass, a minute
 * later, goes on). Run by the process that holds the NPC lease, after a simulation round.
 */
export async function pruneOldRows(
  repo: RetentionRepo,
  now: number,
  batch = PRUNE_BATCH,
  maxBatches = PRUNE_BATCHES_PER_RUN,
): Promise<Pruned> {
  const drain = async (one: () => Promise<number>) => {
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = await one();
      total += n;
      if (n < batch) break;
    }
    return total;
  };
  return {
    chat: await drain(() => repo.pruneChat(new Date(now - CHAT_RETENTION_MS), CHAT_HISTORY_LIMIT, batch)),
    events: await drain(() => repo.pruneEvents(new Date(now - GAME_LOG_RETENTION_MS), GAME_LOG_KEPT, batch)),
    offers: await drain(() => repo.pruneOffers(new Date(now - OFFER_RETENTION_MS), batch)),
    notices: await drain(() => repo.pruneNotices(new Date(now - NOTICE_RETENTION_MS), batch)),
  };
}
