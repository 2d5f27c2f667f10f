/**
 * Interest areas: a survivor sees live moves in its own chunk and the eight around it. Sockets subscribe to one
 * view topic, that of the chunk they stand in; a room publishes to each occupied view the frame of everything in
 * its 3 × 3, so an observer gets one frame per tick however many sectors around it are busy.
 */

export const worldTopic = (worldId: string) => `w:${worldId}`;
/** Those standing in chunk (cx, cy): they see its 3 × 3. */
export const viewTopic = (worldId: string, cx: number, cy: number) => `w:${worldId}:v:${cx},${cy}`;
/** A user's frames in one world (inventory, invitations): keyed by user and world, so worlds never cross. */
export const userTopic = (worldId: string, userId: string) => `w:${worldId}:u:${userId}`;

export function inInterest(viewer: { cx: number; cy: number }, target: { cx: number; cy: number }): boolean {
  return Math.abs(viewer.cx - target.cx) <= 1 && Math.abs(viewer.cy - target.cy) <= 1;
}

/** The chunks where this process has observers, with how many sockets stand in each. */
export class Viewers {
  private readonly byChunk = new Map<string, { cx: number; cy: number; n: number }>();

  add(cx: number, cy: number): void {
    const key = `${cx},${cy}`;
    const v = this.byChunk.get(key);
    if (v) v.n += 1;
    else this.byChunk.set(key, { cx, cy, n: 1 });
  }

  remove(cx: number, cy: number): void {
    const key = `${cx},${cy}`;
    const v = this.byChunk.get(key);
    if (!v) return;
    v.n -= 1;
    if (v.n <= 0) this.byChunk.delete(key);
  }

  /** Occupied chunks whose 3 × 3 holds (cx, cy). */
  *seeing(cx: number, cy: number): Iterable<{ cx: number; cy: number }> {
    for (const v of this.byChunk.values()) if (inInterest(v, { cx, cy })) yield v;
  }

  all(): Iterable<{ cx: number; cy: number }> {
    return this.byChunk.values();
  }
}
