/** Tests only: a fake WebSocket and the LiveEnv around it, driven by hand (server frames, closes, timers). */
import { PROTOCOL_VERSION, parseServerMessage } from '../../../../api/contract/protocol.ts';
import type { LiveEnv } from './client.ts';

export class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  closed: { code?: number } | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closed = { code };
    this.readyState = 3;
  }
  // Test drivers
  serverSays(message: unknown) {
    this.readyState = 1;
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  /** The server's `connected` greeting on this protocol version. */
  connect(playerId = 'me') {
    this.serverSays({ type: 'connected', protocolVersion: PROTOCOL_VERSION, worldId: 'default', playerId });
  }
  drop(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

export interface FakeTimer {
  fn: () => void;
  ms: number;
  id: number;
  repeat: boolean;
}

export function fakeLiveEnv() {
  const sockets: FakeSocket[] = [];
  const timers: FakeTimer[] = [];
  const logs: unknown[][] = [];
  let id = 0;
  const env: LiveEnv = {
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
    readFrame: parseServerMessage,
    setTimeout: (fn, ms) => {
      timers.push({ fn, ms, id: ++id, repeat: false });
      return id;
    },
    clearTimeout: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
    setInterval: (fn, ms) => {
      timers.push({ fn, ms, id: ++id, repeat: true });
      return id;
    },
    clearInterval: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
    log: (...args) => logs.push(args),
  };
  /** Runs the one pending retry timer and returns its delay. */
  const fireRetry = () => {
    const i = timers.findIndex((t) => !t.repeat);
    const [t] = timers.splice(i, 1);
    t!.fn();
    return t!.ms;
  };
  return { env, sockets, timers, logs, fireRetry };
}
