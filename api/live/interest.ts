/** Interest areas: a survivor sees live moves in its own chunk and the eight around it. */

export const chunkTopic = (worldId: string, cx: number, cy: number) => `w:${worldId}:c:${cx},${cy}`;
export const worldTopic = (worldId: string) => `w:${worldId}`;
/** A user's frames in one world (inventory, invitations): keyed by user and world, so worlds never cross. */
export const userTopic = (worldId: string, userId: string) => `w:${worldId}:u:${userId}`;

/** The 3 × 3 chunk keys around (cx, cy). */
export function interestChunks(cx: number, cy: number): [number, number][] {
  const out: [number, number][] = [];
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) out.push([cx + dx, cy + dy]);
  return out;
}

export function inInterest(viewer: { cx: number; cy: number }, target: { cx: number; cy: number }): boolean {
  return Math.abs(viewer.cx - target.cx) <= 1 && Math.abs(viewer.cy - target.cy) <= 1;
}

/** Chunks to leave and to join when the viewer steps from one chunk to another. */
export function interestChange(
  before: { cx: number; cy: number },
  after: { cx: number; cy: number },
): { leave: [number, number][]; join: [number, number][] } {
  return {
    leave: interestChunks(before.cx, before.cy).filter(([x, y]) => !inInterest(after, { cx: x, cy: y })),
    join: interestChunks(after.cx, after.cy).filter(([x, y]) => !inInterest(before, { cx: x, cy: y })),
  };
}
