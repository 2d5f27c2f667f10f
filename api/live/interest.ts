/**
 * Interest areas: a survivor hears of sites, settlements and NPCs in its own chunk and the eight around it. Sockets
 * subscribe to one view topic, that of the chunk they stand in; a room publishes a sector's frame to each occupied view
 * whose 3 × 3 holds it. Where other survivors stand is told by sight instead (tellSight below): each survivor hears
 * only of those within its vision and the margin (api/game/vision.ts), on its own topic.
 */
import { inSight, type Sight } from '../game/vision.ts';

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

/** A survivor with a socket here, as the beat's delivery sees it. */
export interface Observer {
  id: string;
  at: { x: number; y: number };
  sight: Sight;
  /** Whose position it has been told and not told it lost since; updated here. */
  told: Set<string>;
  /** It moved or its sight changed: it is judged against everyone present, not only this beat's movers. */
  lookAgain: boolean;
}

/** A survivor's latest position this beat (radio: it wears one). */
export interface Mover {
  id: string;
  x: number;
  y: number;
  radio?: boolean;
}

/**
 * One beat's `players_moved` frames: each observer hears the movers in its sight (and one that came into sight),
 * and, as a move without a position, each one it was told of that is out of its sight now. The work is incremental:
 * an observer that stayed put and kept its sight is judged only against this beat's movers, with a cached range and
 * a squared distance; only one that moved or whose sight changed looks at everyone present (`everyone`, read once a
 * beat). Each move's text is written once. Answers how many frames went out.
 */
export function tellSight(
  observers: readonly Observer[],
  moves: readonly Mover[],
  everyone: () => readonly Mover[],
  send: (observerId: string, data: string) => void,
): number {
  if (observers.length === 0) return 0;
  const parts = new Map<string, string>();
  const part = (m: Mover) => {
    let text = parts.get(m.id);
    if (text === undefined) parts.set(m.id, (text = `{"playerId":${JSON.stringify(m.id)},"x":${m.x},"y":${m.y}}`));
    return text;
  };
  const lost = (id: string) => `{"playerId":${JSON.stringify(id)}}`;
  const movedNow = new Set<string>();
  for (const m of moves) movedNow.add(m.id);
  let all: readonly Mover[] | null = null;
  let frames = 0;
  for (const o of observers) {
    let seen = '';
    const add = (text: string) => {
      seen = seen ? `${seen},${text}` : text;
    };
    if (o.lookAgain) {
      all ??= everyone();
      const present = new Set<string>();
      for (const m of all) {
        if (m.id === o.id) continue;
        present.add(m.id);
        const sees = inSight(o.sight, o.at, m);
        if (sees && (movedNow.has(m.id) || !o.told.has(m.id))) {
          o.told.add(m.id);
          add(part(m));
        } else if (!sees && o.told.delete(m.id)) add(lost(m.id));
      }
      for (const id of o.told) if (!present.has(id)) o.told.delete(id);
    } else {
      for (const m of moves) {
        if (m.id === o.id) continue;
        if (inSight(o.sight, o.at, m)) {
          o.told.add(m.id);
          add(part(m));
        } else if (o.told.delete(m.id)) add(lost(m.id));
      }
    }
    if (!seen) continue;
    send(o.id, `{"type":"players_moved","moves":[${seen}]}`);
    frames += 1;
  }
  return frames;
}
