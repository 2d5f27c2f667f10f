import { shownName } from '../contract/auth.ts';
import type { WorldEvent, WorldEventType } from '../contract/protocol.ts';
import { noteSectorEntry, sectorKey, takeTravelLogSlot } from '../game/travel-log.ts';
import type { Entity } from './entity.ts';
import type { Repositories } from '../../db/index.ts';
import type { WorldEventRow } from '../../db/repos/world.ts';

export function toWorldEvent(row: WorldEventRow): WorldEvent {
  return {
    id: row.id,
    type: row.type as WorldEventType,
    playerId: row.playerId,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The server is the one author of the game log: a line is stored, then sent to everyone in the world as a
 * `world_event` (every process), and `GET /api/world/{id}/events` lists the stored ones. Clients compose nothing.
 */
export class GameLog {
  constructor(
    private readonly repos: Repositories,
    private readonly announce: (worldId: string, event: WorldEvent) => void,
  ) {}

  async record(worldId: string, type: WorldEventType, playerId: string | null, message: string): Promise<WorldEvent> {
    const event = toWorldEvent(await this.repos.world.addEvent({ worldId, type, playerId, message }));
    this.announce(worldId, event);
    return event;
  }

  /** Entering a never-explored sector is a discovery (once); other crossings are travel lines, throttled. */
  async travel(e: Entity, cx: number, cy: number, now: number): Promise<void> {
    const name = shownName(e);
    if (noteSectorEntry(e.travelLog, sectorKey(cx, cy)) && !(await this.repos.world.hasExplored(e.id, e.worldId, cx, cy))) {
      await this.record(e.worldId, 'discover', e.id, `${name} discovered sector ${cx}, ${cy}`);
      return;
    }
    if (!takeTravelLogSlot(e.travelLog, now)) return;
    await this.record(e.worldId, 'move', e.id, `${name} travelled to sector ${cx}, ${cy}`);
  }

  /**
   * Entered and left lines: only when the player's last such line says otherwise, so a reload, a reconnect within
   * the grace period or a tab moving to another process writes nothing, and two processes never both log a leave
   * the other already logged.
   */
  presence(e: Entity, type: 'join' | 'leave'): Promise<void> {
    // One player's lines are decided one after another: a phone's logout closes its sockets at once, and two leaves
    // reading the same last "entered" would both write "left".
    const key = `${e.worldId}|${e.id}`;
    const next = (this.presenceChains.get(key) ?? Promise.resolve()).catch(() => {}).then(() => this.presenceNow(e, type));
    this.presenceChains.set(key, next);
    void next
      .finally(() => {
        if (this.presenceChains.get(key) === next) this.presenceChains.delete(key);
      })
      .catch(() => {});
    return next;
  }

  private readonly presenceChains = new Map<string, Promise<void>>();

  private async presenceNow(e: Entity, type: 'join' | 'leave'): Promise<void> {
    const last = await this.repos.world.lastPresenceEvent(e.worldId, e.id);
    if (type === 'join' ? last === 'join' : last !== 'join') return;
    const what = type === 'join' ? 'entered' : 'left';
    await this.record(e.worldId, type, e.id, `${shownName(e)} ${what} the wasteland`);
  }
}
