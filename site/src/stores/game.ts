/**
 * What the game screen's components show, as nanostores. The map's per-frame state (positions, camera, chunk
 * images) lives in the engine (site/src/game/engine.ts), not here: these stores change a few times a second at most.
 */
import { atom, computed } from 'nanostores';
import type { LivePlayer } from '../../../api/contract/protocol.ts';
import type { PlayerInfo, TimeInfo, WorldEventType, WorldInfo } from '../../../api/contract/world.ts';
import { shownName } from '../../../api/contract/auth.ts';
import type { LiveStatus } from '../game/live/client.ts';

export type InitState =
  | { phase: 'loading'; step: string }
  | { phase: 'chunks'; ready: number; needed: number }
  | { phase: 'ready' }
  | { phase: 'error'; message: string };

export const $init = atom<InitState>({ phase: 'loading', step: 'world' });
export const $world = atom<WorldInfo | null>(null);
export const $me = atom<PlayerInfo | null>(null);
export const $time = atom<TimeInfo | null>(null);

/** The live connection, or 'polling' once it has given up and REST polling carries the game. */
export type ConnectionState = LiveStatus | 'polling';
export const $connection = atom<ConnectionState>('connecting');

/** Survivors online in this world, by id (positions live in the engine). */
export const $online = atom<ReadonlyMap<string, LivePlayer>>(new Map());

export const $onlineList = computed($online, (online) =>
  [...online.values()].map((p) => ({ id: p.id, name: shownName(p) })).sort((a, b) => a.name.localeCompare(b.name)),
);

export function setOnline(players: LivePlayer[]): void {
  $online.set(new Map(players.map((p) => [p.id, p])));
}

export function upsertOnline(player: LivePlayer): void {
  const next = new Map($online.get());
  next.set(player.id, { ...next.get(player.id), ...player });
  $online.set(next);
}

export function removeOnline(playerId: string): void {
  if (!$online.get().has(playerId)) return;
  const next = new Map($online.get());
  next.delete(playerId);
  $online.set(next);
}

/** One line of the Activity Log. `id` is the server's event id, or a local one (negative) for live events. */
export interface LogEntry {
  id: number;
  type: WorldEventType;
  message: string;
  /** ISO time. */
  at: string;
}

export const LOG_LIMIT = 100;
export const $gameLog = atom<LogEntry[]>([]);
let localLogId = -1;

/** Adds entries (newest last), dropping server events already shown and keeping the last 100. */
export function addLogEntries(entries: LogEntry[]): void {
  if (entries.length === 0) return;
  const current = $gameLog.get();
  const seen = new Set(current.filter((e) => e.id > 0).map((e) => e.id));
  const fresh = entries.filter((e) => (e.id <= 0 ? !echoes(current, e) : !seen.has(e.id) && !echoes(current, e)));
  if (fresh.length === 0) return;
  const merged = [...current, ...fresh].sort((a, b) => a.at.localeCompare(b.at));
  $gameLog.set(merged.slice(-LOG_LIMIT));
}

/** The same happening already logged from the other source (socket vs. /events) within 10 s. */
function echoes(current: LogEntry[], e: LogEntry): boolean {
  const t = Date.parse(e.at);
  return current.some(
    (c) => c.id > 0 !== e.id > 0 && c.type === e.type && c.message === e.message && Math.abs(Date.parse(c.at) - t) < 10_000,
  );
}

/** A live event with no server id (join/leave heard on the socket, your own travels). */
export function logLocal(type: WorldEventType, message: string, at = new Date()): void {
  addLogEntries([{ id: localLogId--, type, message, at: at.toISOString() }]);
}

/** The map readout (updated when the rounded values change). */
export const $readout = atom({ x: 0, y: 0, zoom: 1, panned: false });

/** Which mobile panel is open (bottom bar), if any. */
export type MobilePanel = 'character' | 'items' | 'actions' | 'log' | 'players' | null;
export const $mobilePanel = atom<MobilePanel>(null);

/** Resets everything (a new game session in the same page, and tests). */
export function resetGameStores(): void {
  $init.set({ phase: 'loading', step: 'world' });
  $world.set(null);
  $me.set(null);
  $time.set(null);
  $connection.set('connecting');
  $online.set(new Map());
  $gameLog.set([]);
  $readout.set({ x: 0, y: 0, zoom: 1, panned: false });
  $mobilePanel.set(null);
}
