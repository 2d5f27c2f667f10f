/**
 * Other survivors' positions arrive ~10 times a second while they walk. Each is drawn a little in the past
 * (INTERPOLATION_DELAY_MS) between the two reports around that moment, so markers glide instead of jumping.
 */

/** How far behind the newest report other players are drawn. */
export const INTERPOLATION_DELAY_MS = 120;
/** After a pause longer than this, a new report is walked to over RESUME_SPAN_MS instead of the whole pause. */
export const RESUME_GAP_MS = 400;
export const RESUME_SPAN_MS = 100;
const MAX_SAMPLES = 8;

interface Sample {
  t: number;
  x: number;
  y: number;
}

/** Reports of one survivor, oldest first. */
export class Track {
  private samples: Sample[] = [];

  /** Records a report received at time `t` (ms, monotonic). */
  push(t: number, x: number, y: number): void {
    const last = this.samples.at(-1);
    if (last && t - last.t > RESUME_GAP_MS) {
      // Standing still since `last`: hold there until just before this report.
      this.samples.push({ t: t - RESUME_SPAN_MS, x: last.x, y: last.y });
    }
    if (last && t < last.t) t = last.t;
    this.samples.push({ t, x, y });
    if (this.samples.length > MAX_SAMPLES) this.samples.splice(0, this.samples.length - MAX_SAMPLES);
  }

  /** Jumps to a position (first sight, or a correction): no gliding from the old one. */
  reset(t: number, x: number, y: number): void {
    this.samples = [{ t, x, y }];
  }

  get latest(): { x: number; y: number } | undefined {
    const s = this.samples.at(-1);
    return s && { x: s.x, y: s.y };
  }

  /** Position to draw at time `now`. */
  at(now: number, delay = INTERPOLATION_DELAY_MS): { x: number; y: number } | undefined {
    const s = this.samples;
    if (s.length === 0) return undefined;
    const t = now - delay;
    const first = s[0]!;
    if (t <= first.t) return { x: first.x, y: first.y };
    for (let i = s.length - 1; i > 0; i--) {
      const a = s[i - 1]!;
      const b = s[i]!;
      if (t >= a.t && t <= b.t) {
        const k = b.t === a.t ? 1 : (t - a.t) / (b.t - a.t);
        return { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k };
      }
    }
    const last = s.at(-1)!;
    return { x: last.x, y: last.y };
  }
}
