/**
 * The words of the settlement actions: which toast each answer earns (spec section 8). Successes show the
 * server's own sentence; failures the spec's title with the server's reason, or its alert text. Pure.
 */
import { SETTLEMENT_TEXT } from '../../../../api/game/settlements.ts';
import type { ToastInput } from '../../stores/toast.ts';

/** The server's reason without the "<status>: " the client puts in front (site/src/lib/api.ts unwrap). */
export function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err ?? '');
  return text.replace(/^\d{3}: /, '');
}

export const success = (message: string): ToastInput => ({ title: message });

/**
 * A shelter built, in plain words: where it stands and what comes next. The server's 'POI upgraded!' (spec section 8)
 * is jargon to a new player, so a shelter at a site is titled by the site's name instead.
 */
export function shelterToast(r: { message: string; upgradedPOI: boolean; poi?: { name: string } }): ToastInput {
  const next = 'Name it in Settlement (phone: Manage) to found your settlement.';
  if (!r.upgradedPOI) return { title: r.message, description: `A basic shelter now stands here. ${next}` };
  return {
    title: `Shelter built at ${r.poi?.name ?? 'this site'}!`,
    description: `The site is yours to settle. ${next}`,
  };
}

/** A building put up: the spec's 'Building completed successfully!' over the server's sentence and what stands where. */
export const builtToast = (message: string, name: string, settlementName: string): ToastInput => ({
  title: SETTLEMENT_TEXT.buildingCompleted,
  description: `${message} ${name} stands in ${settlementName}.`,
});

export const failure = (title: string, err: unknown): ToastInput => ({
  title,
  description: reasonOf(err) || undefined,
  variant: 'destructive',
});

/** The spec's alerts ('Building failed: …'): one line, the reason or the fallback after the colon. */
const alert =
  (prefix: string, fallback: string) =>
  (err: unknown): ToastInput => ({
    title: `${prefix}: ${reasonOf(err) || fallback}`,
    variant: 'destructive',
  });
export const buildingFailed = alert('Building failed', SETTLEMENT_TEXT.failedBuilding);
export const upgradeFailed = alert('Upgrade failed', 'Unknown error');
export const autoDepositFailed = alert('Auto-deposit failed', 'Unknown error');

/** The storage calls and the title their failure toast carries. */
export const STORAGE_FAILURES = {
  deposit: SETTLEMENT_TEXT.failedDeposit,
  take: SETTLEMENT_TEXT.failedTransfer,
  pickup: SETTLEMENT_TEXT.failedPickup,
  consolidate: SETTLEMENT_TEXT.failedConsolidate,
  // The spec names no fallback for this one.
  fixCategorization: 'Failed to fix categorization',
} as const;

export const arrivedToast = (name: string): ToastInput => ({ title: `You reached ${name}` });

/** '340 units away', or 'here' within reach. */
export function distanceLabel(d: number, reach: number): string {
  if (d <= reach) return 'here';
  if (d < 10_000) return `${Math.round(d)} units away`;
  return `${(d / 1000).toFixed(1)}k units away`;
}
