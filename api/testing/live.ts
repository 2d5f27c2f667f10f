import { PROTOCOL_VERSION, parseServerMessage, type ServerMessage } from '../contract/protocol.ts';
import type { TestClient } from './client.ts';

/**
 * A real WebSocket client that records every frame and can wait for the next one of a type. Every frame is parsed
 * with the protocol's own schema (as the browser does): one outside it fails the test at the next wait or at close.
 */
export class TestSocket {
  readonly received: ServerMessage[] = [];
  /** Frames that do not match the ServerMessage schema (the protocol allows none), with the reason. */
  readonly malformed: string[] = [];
  private waiters: { type: string; resolve: (m: ServerMessage) => void; from: number; pred?: (m: ServerMessage) => boolean }[] =
    [];
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<void>;

  constructor(readonly ws: WebSocket) {
    this.opened = new Promise((res, rej) => {
      ws.addEventListener('open', () => res());
      ws.addEventListener('error', () => rej(new Error('socket refused')));
    });
    this.closed = new Promise((res) => ws.addEventListener('close', (e) => res({ code: e.code, reason: e.reason })));
    ws.addEventListener('message', (e) => {
      const parsed = parseServerMessage(e.data);
      if (!parsed.ok) {
        this.malformed.push(`${parsed.error}: ${String(e.data).slice(0, 300)}`);
        return;
      }
      const frame = parsed.message;
      // A fan-out tick carries several moves: record each as a player_moved, as the browser handles them.
      // One without a position (out of the observer's sight now) is recorded as a players_moved frame of its own.
      if (frame.type === 'players_moved') {
        for (const mv of frame.moves) {
          const { playerId, x, y } = mv;
          this.deliver(
            x !== undefined && y !== undefined
              ? { type: 'player_moved', playerId, x, y }
              : { type: 'players_moved', moves: [mv] },
          );
        }
      } else this.deliver(frame);
    });
  }

  /** Throws if the server sent anything outside the protocol. */
  assertFramesValid(): void {
    if (this.malformed.length) throw new Error(`server frames outside the protocol:\n${this.malformed.join('\n')}`);
  }

  private deliver(m: ServerMessage): void {
    this.received.push(m);
    this.waiters = this.waiters.filter((w) => {
      if (w.type === m.type && (!w.pred || w.pred(m))) {
        w.resolve(m);
        return false;
      }
      return true;
    });
  }

  static open(
    baseUrl: string,
    client: TestClient | null,
    query = 'worldId=default',
    headers: Record<string, string> = {},
  ): TestSocket {
    const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    const withVersion = /(^|&)protocol=/.test(query) ? query : `${query}&protocol=${PROTOCOL_VERSION}`;
    const url = `${baseUrl.replace(/^http/, 'ws')}/ws?${withVersion}`;
    // Bun's WebSocket accepts headers, like a browser sending its cookie and Origin.
    const ws = new WebSocket(url, { headers: { origin: baseUrl, ...(cookie ? { cookie } : {}), ...headers } } as never);
    return new TestSocket(ws);
  }

  send(data: unknown): void {
    this.ws.send(typeof data === 'string' ? data : JSON.stringify(data));
  }

  /** The first message of `type` (matching `pred`) received so far or from now on. */
  next<T extends ServerMessage['type']>(
    type: T,
    pred?: (m: Extract<ServerMessage, { type: T }>) => boolean,
    timeoutMs = 5000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    this.assertFramesValid();
    const seen = this.received.find((m) => m.type === type && (!pred || pred(m as never)));
    if (seen) return Promise.resolve(seen as never);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        type,
        pred: pred as never,
        from: this.received.length,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as never);
        },
      });
    });
  }

  close(): void {
    this.ws.close(1000);
    this.assertFramesValid();
  }
}
