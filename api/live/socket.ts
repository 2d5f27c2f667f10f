import { Elysia } from 'elysia';
import { UNKNOWN_WORLD } from '../contract/http.ts';
import { Close, parseClientMessage, PROTOCOL_VERSION, assertNever, type ServerMessage } from '../contract/protocol.ts';
import { DEFAULT_WORLD_ID, type MoveResult } from '../contract/world.ts';
import { worldIdText } from '../contract/text.ts';
import { HttpError } from '../http/errors.ts';
import { isOwnOrigin } from '../http/guards.ts';
import type { RateLimits } from '../http/shared-limits.ts';
import { currentUser, hashSessionToken } from '../http/session.ts';
import { SESSION_COOKIE } from '../contract/auth.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../../db/repos/accounts.ts';
import type { AuditedConnection, LiveConnections } from './connections.ts';
import type { Entity } from './entity.ts';
import type { LiveHub } from './hub.ts';
import type { LiveSocket } from './room.ts';

/** Per-connection state kept beside the socket; the audit (connections.ts) renews and checks its access. */
interface Connection extends AuditedConnection {
  walker: Entity;
  socket: LiveSocket;
}

function refuse(status: number, message: string) {
  return new Response(JSON.stringify({ message }), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Who may open a socket into a world, answered by the lobby (api/modules/lobby): handed in, so the live layer depends
 * on no feature module.
 */
export interface SocketAdmission {
  worldExists(worldId: string): Promise<boolean>;
  access(userId: string, worldId: string): Promise<{ canAccessGame: boolean; reason?: string }>;
}

/**
 * `/ws?worldId=`: the live connection. The upgrade is refused (before any socket exists) for visitors,
 * foreign origins, a `userId` that is not the session's, and users without game access. Frames are parsed
 * once into the protocol union; anything else gets an `error` frame and the socket lives on.
 */
export function liveSocketModule(
  services: Services,
  live: LiveHub,
  audited: LiveConnections,
  admission: SocketAdmission,
  limits: Pick<RateLimits, 'frames'>,
) {
  const connections = new WeakMap<object, Connection>();
  // Per user, not per connection, and shared by every process on the database: reconnecting, to this process or
  // another, does not refill the bucket.
  const { frames } = limits;

  const { framesIn, framesOut } = live.stats;
  const send = (socket: { send(data: string): unknown }, message: ServerMessage) => {
    framesOut.add(message.type);
    return socket.send(JSON.stringify(message));
  };

  /** One frame from a socket. Nothing is returned: Elysia would send a returned value as one more frame. */
  const receive = (raw: RawSocket, data: unknown): void => {
    const conn = connections.get(raw);
    if (!conn) return;
    const now = services.now().getTime();
    if (frames.take(conn.userId, now) > 0) {
      framesIn.add('rate_limited');
      raw.close(Close.rateLimited, 'Too many messages');
      return;
    }
    const parsed = parseClientMessage(data);
    if (!parsed.ok) {
      framesIn.add('invalid');
      conn.socket.send({ type: 'error', message: parsed.error });
      return;
    }
    conn.active = true;
    const message = parsed.message;
    framesIn.add(message.type);
    switch (message.type) {
      case 'ping':
        conn.socket.send({ type: 'pong', serverTime: now });
        return;
      case 'player_move': {
        const answer = (result: MoveResult) => {
          if (result.accepted) return;
          conn.socket.send({ type: 'move_rejected', x: result.x, y: result.y, reason: result.reason ?? 'Rejected' });
        };
        const result = live.move(conn.walker, message);
        // Held by another process for a moment (a handover in flight): its holder judges the move.
        if (result instanceof Promise) {
          // A holder that does not answer (it died; its lease lapses within seconds): the move is refused, not logged
          // once per frame.
          const refused = (err: unknown) =>
            err instanceof HttpError
              ? answer({ accepted: false, x: conn.walker.pos.x, y: conn.walker.pos.y, reason: err.message })
              : services.report('[live] forwarded move failed', err);
          result.then(answer, refused);
        } else answer(result);
        return;
      }
      default:
        assertNever(message);
    }
  };

  return new Elysia({ name: 'wasteland.live', seed: services.instanceId }).ws('/ws', {
    async beforeHandle(context) {
      // Elysia's Bun adapter runs a ws route's beforeHandle twice: as the route's hook, then again before upgrading,
      // on the same context. The first run admitted the caller; the second would only repeat its reads.
      if ((context as UpgradeContext)[ADMITTED]) return;
      const { request, cookie, query, set } = context;
      const origin = request.headers.get('origin');
      if (origin !== null && !isOwnOrigin(services.config, request, origin)) return refuse(403, 'Cross-origin socket refused');
      const user = await currentUser(services, cookie as never, request);
      if (!user) return refuse(401, 'Unauthorized');
      const q = query as Record<string, string | undefined>;
      if (q.userId !== undefined && q.userId !== user.id) return refuse(403, 'userId does not match the session');
      const worldId = q.worldId ?? DEFAULT_WORLD_ID;
      if (!worldIdText.allows(worldId)) return refuse(400, 'Invalid worldId');
      if (!(await admission.worldExists(worldId))) return refuse(404, UNKNOWN_WORLD);
      const access = await admission.access(user.id, worldId);
      if (!access.canAccessGame) return refuse(403, access.reason ?? 'No game access');
      set.headers['x-wasteland-protocol'] = String(PROTOCOL_VERSION);
      (context as UpgradeContext)[ADMITTED] = user;
    },
    async open(ws) {
      try {
        const query = ws.data.query as Record<string, string | undefined>;
        // Checked after the upgrade: a close code is the one thing a browser's WebSocket can read.
        if (query.protocol !== String(PROTOCOL_VERSION)) {
          return ws.close(Close.versionMismatch, `This page speaks another protocol (server: ${PROTOCOL_VERSION}); reload`);
        }
        const user = (ws.data as UpgradeContext)[ADMITTED] ?? (await currentUser(services, ws.data.cookie as never));
        const worldId = query.worldId ?? DEFAULT_WORLD_ID;
        if (!user) return ws.close(Close.accessLost, 'Unauthorized');
        await frames.seed(user.id, services.now().getTime());
        const walker = await live.walker(user as UserRow, worldId);
        await live.take(walker);
        await live.lookRound(walker);
        const raw = ws.raw;
        const socket: LiveSocket = {
          send: (m) => send(raw, m),
          subscribe: (t) => raw.subscribe(t),
          unsubscribe: (t) => raw.unsubscribe(t),
          close: (code, reason) => raw.close(code, reason),
        };
        const token = (ws.data.cookie as Record<string, { value?: unknown }>)[SESSION_COOKIE]?.value;
        const conn: Connection = {
          walker,
          socket,
          userId: user.id,
          worldId,
          sessionHash: hashSessionToken(String(token)),
          active: false,
          close: (code, reason) => ws.close(code, reason),
        };
        connections.set(ws.raw, conn);
        audited.add(conn);
        socket.send({ type: 'connected', protocolVersion: PROTOCOL_VERSION, worldId, playerId: user.id });
        live.connect(walker, socket, (old) => old.close(Close.replaced, 'Connected from another tab'));
        receiveDirectly(raw, receive);
      } catch (err) {
        // A socket must never hang half-open: the page reconnects after 1011 (the database may be back by then).
        services.report('[live] socket open failed', err);
        const conn = connections.get(ws.raw);
        if (conn) audited.remove(conn);
        connections.delete(ws.raw);
        ws.close(Close.serverError, 'Server error; reconnecting');
      }
    },
    message(ws, data) {
      receive(ws.raw, data);
    },
    close(ws) {
      const conn = connections.get(ws.raw);
      if (!conn) return;
      connections.delete(ws.raw);
      audited.remove(conn);
      live.disconnect(conn.walker, conn.socket);
      // What this socket spent reaches the shared bucket now, before a reconnect elsewhere reads it.
      void frames.sync(services.now().getTime());
    },
  });
}

/**
 * The user the upgrade admitted, kept on the upgrade's context: Elysia hands that same object to `open` as `ws.data`,
 * so the socket does not read the session again a moment later. Should Elysia copy the context instead, `open` reads
 * the session itself.
 */
const ADMITTED = Symbol('admitted user');
type UpgradeContext = { [ADMITTED]?: UserRow };

type RawSocket = { close(code?: number, reason?: string): void };

/**
 * Elysia 1.4 hands each frame to `message` through a new wrapper object per frame (and a JSON.parse and a promise):
 * with players moving, the top JavaScript cost of the server. The socket's upgrade data holds the dispatch Bun calls
 * (`data.message(ws, frame)`); pointing it at `receive` skips the wrapper. Should Elysia change that dispatch (it
 * may keep one wrapper per socket: elysiajs/elysia#1716), `message` above still receives every frame.
 */
function receiveDirectly<S extends RawSocket>(raw: S, receive: (raw: S, data: unknown) => void): void {
  const dispatch = (raw as { data?: { message?: unknown } }).data;
  if (dispatch && typeof dispatch.message === 'function') dispatch.message = receive;
}
