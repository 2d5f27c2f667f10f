/**
 * Tells the server where the local survivor is while walking: over the socket at most every 100 ms (10/s, well
 * under the socket's 20/s limit), over REST at most every 500 ms and one request at a time; always on arrival.
 * The server checks each report against the last accepted one (api/game/movement.ts).
 */
import type { Point } from '../map/walker.ts';

export const SOCKET_REPORT_MS = 100;
export const REST_REPORT_MS = 500;

export interface ReportSink {
  /** True when the live socket is open: reports go there (fire and forget). */
  socketOpen(): boolean;
  /** False when the socket could not take it after all (it just closed): the report goes over REST. */
  sendSocket(p: Point): boolean;
  /** REST fallback; resolves when the server has answered. */
  sendRest(p: Point): Promise<void>;
}

export class MoveReporter {
  private lastSentAt = -Infinity;
  private lastSent: Point | null = null;
  private restInFlight = false;
  private pendingFinal: Point | null = null;

  constructor(
    private readonly sink: ReportSink,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The server told us where we are (start, snap-back): later reports compare against it. */
  reset(p: Point): void {
    this.lastSent = { x: p.x, y: p.y };
    this.pendingFinal = null;
  }

  /** Called every frame while walking (`final` on arrival or when stopping). */
  report(p: Point, final = false): void {
    if (this.lastSent && this.lastSent.x === p.x && this.lastSent.y === p.y) return;
    const t = this.now();
    if (this.sink.socketOpen()) {
      if (!final && t - this.lastSentAt < SOCKET_REPORT_MS) return;
      if (this.sink.sendSocket(p)) return this.mark(p, t);
    }
    if (this.restInFlight) {
      if (final) this.pendingFinal = { x: p.x, y: p.y };
      return;
    }
    if (!final && t - this.lastSentAt < REST_REPORT_MS) return;
    this.mark(p, t);
    this.restInFlight = true;
    void this.sink.sendRest(p).finally(() => {
      this.restInFlight = false;
      const next = this.pendingFinal;
      this.pendingFinal = null;
      if (next) this.report(next, true);
    });
  }

  private mark(p: Point, t: number): void {
    this.lastSentAt = t;
    this.lastSent = { x: p.x, y: p.y };
  }
}
