/**
 * What the game screen's components show, as nanostores. The map's per-frame state (positions, camera, chunk
 * images) lives in the engine (site/src/game/map/engine.ts) and its layers, not here: these stores change a few
 * times a second at most.
 */
import { atom, computed } from 'nanostores';
import { shownName } from '../../../api/game/accounts.ts';
import type { LivePlayer, TimeInfo, WorldEvent, WorldEventType } from '../../../api/contract/protocol.ts';
import type { PlayerInfo, WorldInfo } from '../../../api/contract/world.ts';

export type InitState =
  | { phase: 'loading'; step: string }
  | { phase: 'chunks'; ready: number; needed: number }
  | { phase: 'ready' }
  | { phase: 'error'; message: string };

export const $init = atom<InitState>({ phase: 'loading', step: 'world' });
export const $world = atom<WorldInfo | null>(null);
export const $me = atom<PlayerInfo | null>(null);
export const $time = atom<TimeInfo | null>(null);
/**
 * The map has drawn its first frame: the panels, the header's tools and every feature load from then on (they are
 * not needed to see the map, and the page's first JavaScript stays small: session/game-session.ts).
 */
export const $mapDrawn = atom(false);

/**
 * The live connection as the player sees it: connecting, open, reconnecting (REST polling meanwhile), polling
 * (gave up: REST polling carries the game), replaced (another tab of this account took the connection over: this
 * one waits for "Play here") or outdated (the server speaks a newer protocol: reload the page).
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'polling' | 'replaced' | 'outdated';
export const $connection = atom<ConnectionState>('connecting');

/** Survivors online in this world, by id (positions live in the engine). */
export const $online = atom<ReadonlyMap<string, LivePlayer>>(new Map());

export const $onlineList = computed($online, (online) =>
  [...online.values()]
    .map((p) => ({ id: p.id, name: shownName(p), color: p.color }))
    .sort((a, b) => a.name.localeCompare(b.name)),
);

/**
 * Every survivor seen online in this world since the page loaded, by id, whether still online or not: the names
 * the player knows (the invite dialog offers them with the online ones).
 */
export const $seen = atom<ReadonlyMap<string, LivePlayer>>(new Map());

function remember(players: readonly LivePlayer[]): void {
  const seen = $seen.get();
  if (players.every((p) => seen.get(p.id) === p)) return;
  const next = new Map(seen);
  for (const p of players) next.set(p.id, { ...next.get(p.id), ...p });
  $seen.set(next);
}

export function setOnline(players: LivePlayer[]): void {
  $online.set(new Map(players.map((p) => [p.id, p])));
  remember(players);
}

export function upsertOnline(player: LivePlayer): void {
  const next = new Map($online.get());
  next.set(player.id, { ...next.get(player.id), ...player });
  $online.set(next);
  remember([player]);
}

export function removeOnline(playerId: string): void {
  if (!$online.get().has(playerId)) return;
  const next = new Map($online.get());
  next.delete(playerId);
  $online.set(next);
}

/**
 * Lines the page adds to the Activity Log itself: what the server tells only the settlement's members, as live frames
 * rather than world events (raids, and NPCs' condition: game/raids/wire.ts; crafts done: game/crafting/wire.ts).
 */
export type PersonalLogType = 'raid' | 'npc' | 'craft';

/** One line of the Activity Log: a world event as the server stored it, or a personal line (negative id). */
export interface LogEntry {
  id: number;
  type: WorldEventType | PersonalLogType;
  message: string;
  /** ISO time. */
  at: string;
}

/** Eden turns ISO strings into Dates on REST answers: accept either. */
export function toLogEntry(e: WorldEvent | (Omit<WorldEvent, 'createdAt'> & { createdAt: string | Date })): LogEntry {
  return { id: e.id, type: e.type, message: e.message, at: new Date(e.createdAt).toISOString() };
}

export const LOG_LIMIT = 100;
export const $gameLog = atom<LogEntry[]>([]);

/**
 * Adds server events (from /events or a world_event frame), skipping ids already shown, ordered by time (then id),
 * keeping the last 100.
 */
export function addLogEntries(entries: readonly LogEntry[]): void {
  if (entries.length === 0) return;
  const current = $gameLog.get();
  const seen = new Set(current.map((e) => e.id));
  const fresh: LogEntry[] = [];
  for (const e of entries) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    fresh.push(e);
  }
  if (fresh.length === 0) return;
  const merged = [...current, ...fresh].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  $gameLog.set(merged.slice(-LOG_LIMIT));
}

/** Negative, so a personal line's id never meets a server event's, and rising, so lines of one moment keep their order. */
let personalId = Number.MIN_SAFE_INTEGER;
/** Adds a personal line (at `at`, default now). */
export function addPersonalLogLine(type: PersonalLogType, message: string, at = new Date()): void {
  personalId += 1;
  addLogEntries([{ id: personalId, type, message, at: at.toISOString() }]);
}

/** The map readout (updated when the rounded values change). */
export const $readout = atom({ x: 0, y: 0, zoom: 1, panned: false });

/** Which mobile panel is open (bottom bar, panel switcher or the header's players button), if any. */
export type MobilePanel = 'character' | 'items' | 'actions' | 'manage' | 'chat' | 'log' | 'players' | null;
export const $mobilePanel = atom<MobilePanel>(null);

/** Resets everything (a new game session in the same page, and tests). */
export function resetGameStores(): void {
  $init.set({ phase: 'loading', step: 'world' });
  $world.set(null);
  $me.set(null);
  $time.set(null);
  $mapDrawn.set(false);
  $connection.set('connecting');
  $online.set(new Map());
  $seen.set(new Map());
  $gameLog.set([]);
  $readout.set({ x: 0, y: 0, zoom: 1, panned: false });
  $mobilePanel.set(null);
}
