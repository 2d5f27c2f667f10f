/**
 * The away report: asked once when the map has drawn. News from an absence is told once (the start of the absence told
 * last is kept in the browser): after a long enough absence it opens as a screen by itself, after a short one it is a
 * toast; either way the notification centre keeps a line for it, and the bell opens the report again.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { AwayReportAnswer } from '../../../../api/contract/report.ts';
import { getJson } from '../../lib/fetch.ts';
import { $awayReport, $awayReportOpen } from '../../stores/report.ts';
import { keepNotification, toast } from '../../stores/toast.ts';
import type { GameSession } from '../session/context.ts';
import { opensByItself, reportSummary } from './report.ts';

/** The absence (its start) whose report opened by itself last, per world. */
const $shownSince = persistentAtom<Record<string, string>>(
  'wl-away-report-shown',
  {},
  { encode: JSON.stringify, decode: (v) => (JSON.parse(v) as Record<string, string>) ?? {} },
);

export async function wireReport(
  s: Pick<GameSession, 'worldId' | 'failed'>,
  // Plain fetch, not the typed client: it would turn the ISO times into Dates, and the absence is told by its start.
  load: () => Promise<AwayReportAnswer> = () => getJson<AwayReportAnswer>('/api/player/report', { worldId: s.worldId }),
): Promise<void> {
  $awayReport.set(null);
  $awayReportOpen.set(false);
  try {
    const { report } = await load();
    if (!report || report.settlements.length === 0) return;
    $awayReport.set(report);
    const shown = $shownSince.get()[s.worldId] ?? null;
    if (report.quiet || report.since === shown) return;
    // Told once per absence, a reload or a second tab later tells nothing new.
    $shownSince.set({ ...$shownSince.get(), [s.worldId]: report.since });
    const input = { title: 'While You Were Away', description: reportSummary(report) };
    if (opensByItself(report, shown)) {
      keepNotification(input);
      $awayReportOpen.set(true);
    } else toast({ ...input, notice: true });
  } catch (err) {
    s.failed('away report', err);
  }
}
