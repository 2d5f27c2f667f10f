/** Interest areas: a survivor sees live moves in its own chunk and the eight around it. */

export const chunkTopic = (worldId: string, cx: number, cy: number) => `w:${worldId}:c:${cx},${cy}`;
export const worldTopic = (worldId: string) => `w:${worldId}`;
export const userTopic = (userId: string) => `u:${userId}`;

export function chunkOfWorld(x: number, y: number, chunkWorldSize: number): { cx: number; cy: number } {
  return { cx: Math.floor(x / chunkWorldSize), cy: Math.floor(y / chunkWorldSize) };
}

/** The 3 × 3 chunk keys around (cx, cy). */
export function interestChunks(cx: number, cy: number): [number, number][] {
  const out: [number, number][] = [];
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) out.push([cx + dx, cy + dy]);
  return out;
}

export function inInterest(viewer: { cx: number; cy: number }, target: { cx: number; cy: number }): boolean {
  return Math.abs(viewer.cx - target.cx) <= 1 && Math.abs(viewer.cy - target.cy) <= 1;
}
