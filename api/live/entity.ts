import type { LivePlayer } from '../contract/protocol.ts';
import type { PlayerInfo } from '../contract/world.ts';
import type { MoveState } from '../game/movement.ts';
import type { TravelLogMemory } from '../game/travel-log.ts';
import type { Sight, SightGear } from '../game/vision.ts';

/** What moves in a world: players now, NPCs later. One shape; nothing here belongs to an account. */
export type EntityKind = 'player' | 'npc';

export interface Entity {
  /** A player's user id, or an NPC's id. */
  id: string;
  kind: EntityKind;
  worldId: string;
  name: string;
  displayName: string | null;
  color: string;
  /** Position and movement budget: the budget lives as long as the entity, across reports and connections. */
  pos: MoveState;
  /** Chunk the entity stands in (its interest area is the 3 × 3 around it). */
  cx: number;
  cy: number;
  /** What the game log has already said about this entity's travels. */
  travelLog: TravelLogMemory;
  /** Last REST or socket activity, ms: an entity without a socket counts as present for a while after it. */
  lastActivityAt: number;
  /** When this process last handed the entity to a call or a socket, ms: a survivor in use is never forgotten. */
  handedOutAt?: number;
  /** When this process last said it went offline without logging a leave yet (a reload may bring it back), ms. */
  pendingLeaveAt: number;
  /** Position or presence changed since the last write-back. */
  dirty: boolean;
  /**
   * Which process holds the survivor's live state (ownership.ts): undefined when this process serves alone (it holds
   * them all), this process's id, another's, or null while not known. Only the holder's `pos` is the truth; elsewhere
   * it is the last position the holder told.
   */
  owner?: string | null;
  /** What the survivor wears that changes what it sees (read when its socket opens and when its gear changes). */
  gear?: SightGear;
  /**
   * Its walking speed as a share of full speed, from what it carries (api/game/carrying.ts paceAt): read when it is
   * loaded and again whenever its pack or gear changes. Absent: full speed.
   */
  pace?: number;
  /** Pace reads started: an answer older than the latest read is dropped. */
  paceReads?: number;
  /** What it is told of others now (room.ts refreshSight), and the tile it was worked out on (hills count). */
  sight?: Sight;
  sightTile?: string;
  /** Logged out (or left the lobby): on coming back the survivor wakes up in their bed, if they hold one. */
  wakeAtBed?: boolean;
}

/** How one process tells the others about an entity: enough to list it and place it. */
export interface PresenceEntry {
  id: string;
  kind: EntityKind;
  name: string;
  displayName: string | null;
  color: string;
  x: number;
  y: number;
  /** Wears a Portable Radio: others with one are told where it stands wherever it is. Absent: no radio. */
  radio?: boolean;
}

export function presenceEntry(e: Entity): PresenceEntry {
  const entry: PresenceEntry = {
    id: e.id,
    kind: e.kind,
    name: e.name,
    displayName: e.displayName,
    color: e.color,
    x: e.pos.x,
    y: e.pos.y,
  };
  if (e.gear?.radio) entry.radio = true;
  return entry;
}

export function toLivePlayer(e: PresenceEntry, withPosition: boolean): LivePlayer {
  const base: LivePlayer = { id: e.id, name: e.name, displayName: e.displayName, color: e.color };
  return withPosition ? { ...base, x: e.x, y: e.y } : base;
}

/** The caller's own player record (spec: Player), profile fields from the account. */
export function toPlayerInfo(
  e: Entity,
  account: { firstName: string | null; email: string | null },
  online: boolean,
): PlayerInfo {
  return {
    id: e.id,
    name: e.name,
    displayName: e.displayName,
    firstName: account.firstName,
    email: account.email,
    x: e.pos.x,
    y: e.pos.y,
    color: e.color,
    isOnline: online,
  };
}

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
