import type { PresenceEntry } from './entity.ts';

/** A remote process's entry lapses when no roster or move has refreshed it for this long (process died). */
export const PRESENCE_TTL_MS = 15_000;
/** Each process repeats its roster of a world this often, so the others can expire what they stop hearing about. */
export const PRESENCE_HEARTBEAT_MS = 5_000;

interface Held extends PresenceEntry {
  seenAt: number;
}

/**
 * Who is present in one world, across processes: each process (a source) holds its own entities, and an entity
 * is present while any source holds it. Sources only change through the bus, this process included, so every
 * process folds the same events into the same view. Answers say whether the world as a whole changed, which is
 * what the sockets hear about (a tab reopened on another process is not a leave and a join).
 */
export class Presence {
  private readonly sources = new Map<string, Map<string, Held>>();

  private source(id: string): Map<string, Held> {
    let s = this.sources.get(id);
    if (!s) this.sources.set(id, (s = new Map()));
    return s;
  }

  has(id: string): boolean {
    for (const s of this.sources.values()) if (s.has(id)) return true;
    return false;
  }

  /** Adds or refreshes an entry; true when the entity was not present anywhere before. */
  upsert(source: string, entry: PresenceEntry, now: number): boolean {
    const isNew = !this.has(entry.id);
    this.source(source).set(entry.id, { ...entry, seenAt: now });
    return isNew;
  }

  /** Drops the source's entry; true when the entity is now present nowhere. */
  remove(source: string, id: string): boolean {
    const s = this.sources.get(source);
    if (!s?.delete(id)) return false;
    return !this.has(id);
  }

  /** A move the source reported; the entry as moved, or null if the source did not hold the entity. */
  move(source: string, id: string, x: number, y: number, now: number): PresenceEntry | null {
    const e = this.sources.get(source)?.get(id);
    if (!e) return null;
    e.x = x;
    e.y = y;
    e.seenAt = now;
    return e;
  }

  /** A new display name for the entity, in every source holding it; true when it is present. */
  rename(id: string, displayName: string | null): boolean {
    let held = false;
    for (const s of this.sources.values()) {
      const e = s.get(id);
      if (!e) continue;
      e.displayName = displayName;
      held = true;
    }
    return held;
  }

  /** Expires other sources' entries not refreshed within the TTL; ids now present nowhere. */
  expire(self: string, now: number, ttlMs = PRESENCE_TTL_MS): string[] {
    const gone: string[] = [];
    for (const [sid, s] of this.sources) {
      if (sid === self) continue;
      for (const [id, e] of s) {
        if (now - e.seenAt < ttlMs) continue;
        s.delete(id);
        if (!this.has(id)) gone.push(id);
      }
      if (s.size === 0) this.sources.delete(sid);
    }
    return gone;
  }

  /** Every present entity once, whichever sources hold it. */
  all(): PresenceEntry[] {
    const out = new Map<string, PresenceEntry>();
    for (const s of this.sources.values()) for (const e of s.values()) if (!out.has(e.id)) out.set(e.id, e);
    return [...out.values()];
  }
}
