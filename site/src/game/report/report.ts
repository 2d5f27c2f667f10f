/**
 * The away report as the page words it (the numbers are the server's: GET /api/player/report), and when it opens by
 * itself: after the server's opensAfterMs or more away, with news, once per absence. Pure.
 */
import type { AwayReportView, SettlementReportView } from '../../../../api/contract/report.ts';

type Items = { itemName: string; quantity: number }[];

export const items = (list: Items) => list.map((i) => `${i.quantity} ${i.itemName}`).join(', ');

/** "45 min", "2 h 5 min", "3 days 4 h". */
export function awayFor(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}

const names = (list: string[]) => list.join(', ');

/** The settlement's lines, in the order a player cares: raids, people, what came in, what went out. */
export function reportLines(r: SettlementReportView): string[] {
  const lines: string[] = [];
  for (const raid of r.raids) {
    const fought = `strength ${raid.strength} against a defence of ${raid.defence}`;
    const took = raid.losses.length ? `; they took ${items(raid.losses)}` : '';
    lines.push(`Raid ${raid.outcome === 'repelled' ? 'repelled' : 'broke through'} (${fought})${took}.`);
  }
  if (r.injured.length) lines.push(`Injured: ${names(r.injured)}.`);
  if (r.hungry.length) lines.push(`Went hungry: ${names(r.hungry)}.`);
  if (r.left.length) lines.push(`Walked away for want of food: ${names(r.left)}.`);
  if (r.hauls.length) {
    const trips = r.journeys === 1 ? '1 journey' : `${r.journeys} journeys`;
    lines.push(`Brought home in ${trips}: ${items(r.hauls)}.`);
  }
  if (r.crafts.length) lines.push(`Crafted: ${items(r.crafts)}.`);
  if (r.meals.length) lines.push(`Eaten: ${items(r.meals)}.`);
  if (r.treatments.length) lines.push(`Medicine used: ${items(r.treatments)}.`);
  if (r.upkeep.length) lines.push(`Upkeep paid: ${items(r.upkeep)}.`);
  for (const d of r.decayed) lines.push(`${d.buildingName} lost a level for want of upkeep (now level ${d.level}).`);
  return lines;
}

/** Opens by itself: long enough away, something to tell of, and not already shown for this absence. */
export function opensByItself(report: AwayReportView | null, shownSince: string | null): boolean {
  return report !== null && report.awayMs >= report.opensAfterMs && !report.quiet && report.since !== shownSince;
}

/** The line the notification centre keeps. */
export function reportSummary(report: AwayReportView): string {
  const raids = report.settlements.reduce((n, s) => n + s.raids.length, 0);
  const journeys = report.settlements.reduce((n, s) => n + s.journeys, 0);
  const parts = [
    raids ? (raids === 1 ? '1 raid' : `${raids} raids`) : '',
    journeys ? (journeys === 1 ? '1 journey home' : `${journeys} journeys home`) : '',
  ].filter(Boolean);
  const what = report.quiet ? 'all quiet at your settlements' : parts.length ? parts.join(', ') : 'news from your settlements';
  return `Away ${awayFor(report.awayMs)}: ${what}.`;
}
