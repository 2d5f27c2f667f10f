/**
 * The desktop overlay's timing (spec): up to CHAT_OVERLAY_KEPT floating messages, the latest CHAT_OVERLAY_SHOWN of
 * them on screen, each fading CHAT_FADE_AFTER_MS after it arrived and gone at CHAT_GONE_AFTER_MS. Times are when the
 * message reached this browser, not its createdAt (another machine's clock). Pure.
 */
import { CHAT_FADE_AFTER_MS, CHAT_GONE_AFTER_MS, CHAT_OVERLAY_KEPT, CHAT_OVERLAY_SHOWN } from '../../../../api/game/chat.ts';

export interface Arrival {
  id: string;
  /** ms (Date.now()) when it reached the browser. */
  at: number;
}

export type OverlayPhase = 'shown' | 'fading';
export interface OverlayLine {
  id: string;
  phase: OverlayPhase;
}

/** Adds arrivals at `now`, keeping the latest CHAT_OVERLAY_KEPT. */
export function addArrivals(list: readonly Arrival[], ids: readonly string[], now: number): Arrival[] {
  if (ids.length === 0) return list as Arrival[];
  return [...list, ...ids.map((id) => ({ id, at: now }))].slice(-CHAT_OVERLAY_KEPT);
}

export function phaseAt(arrival: Arrival, now: number): OverlayPhase | 'gone' {
  const age = now - arrival.at;
  if (age >= CHAT_GONE_AFTER_MS) return 'gone';
  return age >= CHAT_FADE_AFTER_MS ? 'fading' : 'shown';
}

/**
 * The lines on screen at `now`, oldest first: of the arrivals still `visible` (a muted sender's are not) and not
 * gone, the latest CHAT_OVERLAY_SHOWN.
 */
export function overlayAt(list: readonly Arrival[], now: number, visible: (id: string) => boolean = () => true): OverlayLine[] {
  const lines: OverlayLine[] = [];
  for (const a of list) {
    const phase = phaseAt(a, now);
    if (phase !== 'gone' && visible(a.id)) lines.push({ id: a.id, phase });
  }
  return lines.slice(-CHAT_OVERLAY_SHOWN);
}

/** ms from `now` until some arrival changes phase (to re-render then); null when none will. */
export function nextChangeIn(list: readonly Arrival[], now: number): number | null {
  let next: number | null = null;
  for (const a of list) {
    for (const edge of [a.at + CHAT_FADE_AFTER_MS, a.at + CHAT_GONE_AFTER_MS]) {
      if (edge > now && (next === null || edge - now < next)) next = edge - now;
    }
  }
  return next;
}
