import { Elysia } from 'elysia';
import { Close, parseClientMessage, PROTOCOL_VERSION, assertNever, WS_RATE_BURST, WS_RATE_PER_SECOND, type ServerMessage } from '../contract/protocol.ts';
import { DEFAULT_WORLD_ID } from '../contract/world.ts';
import { worldIdText } from '../contract/text.ts';
import { isOwnOrigin } from '../http/guards.ts';
import { currentUser } from '../modules/auth/session.ts';
import { lobbyAccess, touchPresence } from '../modules/lobby/service.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../../db/repos/accounts.ts';
import type { LiveSocket, LiveWorlds, Walker } from './world-live.ts';

/** Per-connection state kept beside the socket. */
interface Connection {
  walker: Walker;
  socket: LiveSocket;
  tokens: number;
  refilledAt: number;
  lastPresenceAt: number;
}

/** How often an open socket renews the lobby seat (well inside the seat timeout). */
const PRESENCE_EVERY_MS = 20_000;

function refuse(status: number, message: string) {
  return new Response(JSON.stringify({ message }), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * `/ws?worldId=`: the live connection. The upgrade is refused (before any socket exists) for visitors,
 * foreign origins, a `userId` that is not the session's, and users without game access. Frames are parsed
 * once into the protocol union; anything else gets an `error` frame and the socket lives on.
 */
export function liveSocketModule(services: Services, live: LiveWorlds, worldExists: (worldId: string) => Promise<boolean>) {
  const connections = new WeakMap<object, Connection>();

  const send = (socket: { send(data: string): unknown }, message: ServerMessage) => socket.send(JSON.stringify(message));

  return new Elysia({ name: 'wasteland.live', seed: services.instanceId }).ws('/ws', {
    async beforeHandle({ request, cookie, query, set }) {
      const origin = request.headers.get('origin');
      if (origin !== null && !isOwnOrigin(services.config, request, origin)) return refuse(403, 'Cross-origin socket refused');
      const user = await currentUser(services, cookie as never);
      if (!user) return refuse(401, 'Unauthorized');
      const q = query as Record<string, string | undefined>;
      if (q.userId !== undefined && q.userId !== user.id) return refuse(403, 'userId does not match the session');
      const worldId = q.worldId ?? DEFAULT_WORLD_ID;
      if (!worldIdText.allows(worldId)) return refuse(400, 'Invalid worldId');
      if (!(await worldExists(worldId))) return refuse(404, 'Unknown world');
      const access = await lobbyAccess(services, user.id);
      if (!access.canAccessGame) return refuse(403, access.reason ?? 'No game access');
      set.headers['x-wasteland-protocol'] = String(PROTOCOL_VERSION);
    },
    async open(ws) {
      const user = await currentUser(services, ws.data.cookie as never);
      const worldId = (ws.data.query as Record<string, string | undefined>).worldId ?? DEFAULT_WORLD_ID;
      if (!user) return ws.close(Close.accessLost, 'Unauthorized');
      const walker = await live.walker(user as UserRow, worldId);
      const socket: LiveSocket = {
        send: (m) => send(ws, m),
        subscribe: (t) => ws.subscribe(t),
        unsubscribe: (t) => ws.unsubscribe(t),
        close: (code, reason) => ws.close(code, reason),
      };
      const now = services.now().getTime();
      connections.set(ws.raw, { walker, socket, tokens: WS_RATE_BURST, refilledAt: now, lastPresenceAt: now });
      socket.send({ type: 'connected', protocolVersion: PROTOCOL_VERSION, worldId, playerId: user.id });
      live.connect(walker, socket, (old) => old.close(Close.replaced, 'Connected from another tab'));
      void touchPresence(services, user.id);
    },
    async message(ws, raw) {
      const conn = connections.get(ws.raw);
      if (!conn) return;
      const now = services.now().getTime();
      conn.tokens = Math.min(WS_RATE_BURST, conn.tokens + ((now - conn.refilledAt) / 1000) * WS_RATE_PER_SECOND);
      conn.refilledAt = now;
      if (conn.tokens < 1) return ws.close(Close.rateLimited, 'Too many messages');
      conn.tokens -= 1;
      if (now - conn.lastPresenceAt > PRESENCE_EVERY_MS) {
        conn.lastPresenceAt = now;
        // The heartbeat keeps the seat; a seat already gone (left, or lapsed) ends the live connection.
        void touchPresence(services, conn.walker.userId).then(
          (seated) => seated || ws.close(Close.accessLost, 'You no longer have a seat in this game'),
          () => {},
        );
      }
      const parsed = parseClientMessage(raw);
      if (!parsed.ok) return conn.socket.send({ type: 'error', message: parsed.error });
      const message = parsed.message;
      switch (message.type) {
        case 'ping':
          return conn.socket.send({ type: 'pong', serverTime: now });
        case 'player_move': {
          const result = await live.move(conn.walker, message);
          if (!result.accepted) {
            conn.socket.send({ type: 'move_rejected', x: result.x, y: result.y, reason: result.reason ?? 'Rejected' });
          }
          return;
        }
        default:
          return assertNever(message);
      }
    },
    close(ws) {
      const conn = connections.get(ws.raw);
      if (!conn) return;
      connections.delete(ws.raw);
      live.disconnect(conn.walker, conn.socket);
    },
  });
}
