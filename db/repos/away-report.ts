import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { LedgerEntry, StoredNotice } from '../../api/game/away-report.ts';
import type { Db } from '../client.ts';
import { players, settlementNotices, storageLedger, worldEvents } from '../schema/index.ts';

/** The ledger's reasons a report sums (what left storage by a rule, not by a raid: raids are told whole). */
const REPORTED_SPENDING = ['meal', 'medicine', 'upkeep'] as const;

/** What the away report reads (api/game/away-report.ts sums it): one survivor's window and settlements' records. */
export function awayReportRepo(db: Db) {
  return {
    /** The survivor's last "left" line in the world's log, the "entered" line after it, and when the survivor began. */
    async presence(
      userId: string,
      worldId: string,
    ): Promise<{ lastLeaveAt: number | null; returnedAt: number | null; createdAt: number } | null> {
      const [player] = await db
        .select({ createdAt: players.createdAt })
        .from(players)
        .where(and(eq(players.userId, userId), eq(players.worldId, worldId)));
      if (!player) return null;
      const lines = await db
        .select({ type: worldEvents.type, at: worldEvents.createdAt })
        .from(worldEvents)
        .where(
          and(eq(worldEvents.worldId, worldId), eq(worldEvents.playerId, userId), inArray(worldEvents.type, ['join', 'leave'])),
        )
        .orderBy(desc(worldEvents.id))
        .limit(2);
      const [last, before] = lines;
      const leave = last?.type === 'leave' ? last : before?.type === 'leave' ? before : undefined;
      const returned = leave && leave === before && last?.type === 'join' ? last : undefined;
      return {
        lastLeaveAt: leave ? leave.at.getTime() : null,
        returnedAt: returned ? returned.at.getTime() : null,
        createdAt: player.createdAt.getTime(),
      };
    },

    async notices(
      settlementIds: readonly number[],
      since: Date,
      until: Date,
    ): Promise<(StoredNotice & { settlementId: number })[]> {
      if (settlementIds.length === 0) return [];
      const rows = await db
        .select()
        .from(settlementNotices)
        .where(
          and(
            inArray(settlementNotices.settlementId, [...settlementIds]),
            gte(settlementNotices.at, since),
            lte(settlementNotices.at, until),
          ),
        )
        .orderBy(asc(settlementNotices.at), asc(settlementNotices.id));
      return rows.map((r) => ({ ...r.detail, kind: r.kind, at: r.at.getTime(), settlementId: r.settlementId }) as never);
    },

    async spending(
      settlementIds: readonly number[],
      since: Date,
      until: Date,
    ): Promise<(LedgerEntry & { settlementId: number })[]> {
      if (settlementIds.length === 0) return [];
      const rows = await db
        .select({
          settlementId: storageLedger.settlementId,
          at: storageLedger.at,
          reason: storageLedger.reason,
          itemName: storageLedger.itemName,
          quantity: storageLedger.quantity,
        })
        .from(storageLedger)
        .where(
          and(
            inArray(storageLedger.settlementId, [...settlementIds]),
            inArray(storageLedger.reason, [...REPORTED_SPENDING]),
            gte(storageLedger.at, since),
            lte(storageLedger.at, until),
          ),
        );
      return rows.map((r) => ({ ...r, settlementId: r.settlementId!, at: r.at.getTime(), quantity: Number(r.quantity) }));
    },
  };
}
export type AwayReportRepo = ReturnType<typeof awayReportRepo>;
