import type { UserRow } from '../../../db/repos/accounts.ts';
import type { ChatMessageRow } from '../../../db/repos/chat.ts';
import type { ChatHistory, MuteList } from '../../contract/chat.ts';
import { UNKNOWN_WORLD } from '../../contract/http.ts';
import type { Core } from '../../../core-wasm/index.ts';
import { TILE_SIZE } from '../../../core-wasm/constants.ts';
import type { ChatMessage } from '../../contract/protocol.ts';
import {
  CHAT_HISTORY_LIMIT,
  CHAT_MUTE_LIMIT,
  CHAT_SLOW_WINDOW_MS,
  CHAT_TEXT,
  type ChatChannel,
  NEARBY_AUDIENCE_SLICE,
  nearbyListeners,
  slowModeWait,
} from '../../game/chat.ts';
import { equipmentEffects, hasRadio, visionInput } from '../../game/equipment.ts';
import { Biome } from '../../../core-wasm/constants.ts';
import { HttpError } from '../../http/errors.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Services } from '../../services.ts';
import type { WorldService } from '../world/service.ts';

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: String(row.id),
    playerId: row.userId,
    displayName: row.displayName,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    channel: row.channel === 'nearby' ? 'nearby' : 'radio',
  };
}

/** A send: the stored message, or slow mode's wait before the next one may go. */
export type Posted = { ok: true; message: ChatMessage } | { ok: false; waitMs: number };

/**
 * Chat of a world and the mute list (rules in api/game/chat.ts). Anyone seated may read a world's radio; sending on
 * it needs a Portable Radio worn in that world, and a radio message goes to the whole world live (every process,
 * through the bus). Nearby voice needs nothing and goes, live only, to the survivors within the sender's vision range
 * (positions from the live layer's presence, which spans processes); its frames travel the bus addressed to those
 * users. A mute only filters what its owner reads (the history here, live frames in the client).
 */
export class ChatService {
  constructor(
    private readonly services: Services,
    private readonly worlds: WorldService,
    private readonly live: LiveHub,
    private readonly core: Core,
  ) {}

  private get repo() {
    return this.services.repos.chat;
  }

  private async known(worldId: string): Promise<void> {
    if (!(await this.worlds.world(worldId))) throw new HttpError(404, UNKNOWN_WORLD);
  }

  async history(user: UserRow, worldId: string): Promise<ChatHistory> {
    await this.known(worldId);
    const rows = await this.repo.history(worldId, user.id, CHAT_HISTORY_LIMIT);
    return { messages: rows.map(toChatMessage) };
  }

  /** `message` is already trimmed and within the length (ChatPostBody). */
  async post(user: UserRow, worldId: string, message: string, channel: ChatChannel = 'radio'): Promise<Posted> {
    await this.known(worldId);
    // The sender speaks as their survivor in this world (entered now if they were not yet, as every world call does).
    const me = await this.live.walker(user, worldId);
    const at = await this.live.locate(me);
    const worn = await this.services.repos.equipment.worn(user.id, worldId);
    if (channel === 'radio' && !hasRadio(worn)) throw new HttpError(403, CHAT_TEXT.noRadio);
    const sent = await this.repo.send(
      { worldId, userId: user.id, displayName: user.displayName ?? me.name, message, channel, createdAt: this.services.now() },
      CHAT_SLOW_WINDOW_MS,
      slowModeWait,
    );
    if (!sent.ok) return sent;
    const wire = toChatMessage(sent.row);
    const frame = { type: 'chat_message', message: wire } as const;
    if (channel === 'radio') {
      this.live.send(worldId, { to: 'world' }, frame);
      return { ok: true, message: wire };
    }
    const radius = await this.visionRange(worldId, at, worn);
    const hearers = nearbyListeners(at, radius, await this.live.presentInRoom(worldId));
    if (!hearers.includes(user.id)) hearers.push(user.id);
    for (let i = 0; i < hearers.length; i += NEARBY_AUDIENCE_SLICE) {
      this.live.send(worldId, { to: 'users', userIds: hearers.slice(i, i + NEARBY_AUDIENCE_SLICE) }, frame);
    }
    return { ok: true, message: wire };
  }

  /**
   * How far the sender sees now, in world units: the map's own rule (gear, the clock, standing on hills). The sender
   * counts as standing still: one stops to speak, and binoculars then count by day as they do on the map.
   */
  private async visionRange(
    worldId: string,
    at: { x: number; y: number },
    worn: Awaited<ReturnType<Services['repos']['equipment']['worn']>>,
  ): Promise<number> {
    const terrain = await this.worlds.terrainFor(worldId);
    const onHills = terrain.biomeAtWorld(at.x, at.y) === Biome.hills;
    const clock = await this.worlds.time(worldId);
    const tiles = this.core.visionRadius(visionInput(equipmentEffects(worn), clock, { onHills, moving: false }));
    return tiles * TILE_SIZE;
  }

  async mutes(userId: string): Promise<MuteList> {
    const rows = await this.repo.mutes(userId);
    return { mutes: rows.map((r) => ({ playerId: r.userId, name: r.name })) };
  }

  async mute(userId: string, playerId: string): Promise<MuteList> {
    if (playerId === userId) throw new HttpError(400, CHAT_TEXT.muteSelf);
    if (!(await this.services.repos.accounts.findUserById(playerId))) throw new HttpError(404, CHAT_TEXT.unknownPlayer);
    const outcome = await this.repo.mute(userId, playerId, CHAT_MUTE_LIMIT, this.services.now());
    if (outcome === 'full') throw new HttpError(409, CHAT_TEXT.muteFull);
    return this.mutes(userId);
  }

  /** Unmuting someone not muted (or no longer there) changes nothing and answers the list all the same. */
  async unmute(userId: string, playerId: string): Promise<MuteList> {
    await this.repo.unmute(userId, playerId);
    return this.mutes(userId);
  }
}
