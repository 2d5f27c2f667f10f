import { AWAY_REPORT_SHOW_MS, awayWindow, isQuiet, settlementReport } from '../../game/away-report.ts';
import type { AwayReportAnswer } from '../../contract/report.ts';
import type { Services } from '../../services.ts';
import type { SettlementService } from '../settlements/service.ts';

/**
 * The away report (api/game/away-report.ts): the survivor's window from the game log, their settlements, and what
 * the simulation stored for those within it. Reads only; nothing here changes the game.
 */
export class ReportService {
  constructor(
    private readonly services: Services,
    private readonly settlements: SettlementService,
  ) {}

  async report(userId: string, worldId: string): Promise<AwayReportAnswer> {
    await this.settlements.world(worldId);
    const repo = this.services.repos.awayReport;
    const now = this.services.now().getTime();
    const presence = await repo.presence(userId, worldId);
    const window = presence && awayWindow(presence.lastLeaveAt, presence.returnedAt, presence.createdAt, now);
    if (!window) return { report: null };
    const mine = await this.services.repos.settlements.settlementsOf(userId, worldId);
    const ids = mine.map((s) => s.id);
    const [since, until] = [new Date(window.since), new Date(window.until)];
    const [notices, spending] = await Promise.all([repo.notices(ids, since, until), repo.spending(ids, since, until)]);
    const reports = mine.map((s) =>
      settlementReport(
        { id: String(s.id), name: s.name },
        notices.filter((n) => n.settlementId === s.id),
        spending.filter((l) => l.settlementId === s.id),
      ),
    );
    const settlements = reports.map((r) => ({
      ...r,
      raids: r.raids.map((raid) => ({ ...raid, at: new Date(raid.at).toISOString() })),
    }));
    return {
      report: {
        since: since.toISOString(),
        until: until.toISOString(),
        awayMs: window.until - window.since,
        opensAfterMs: Math.round(AWAY_REPORT_SHOW_MS * this.services.config.npcTimeScale),
        quiet: reports.every(isQuiet),
        settlements,
      },
    };
  }
}
