/**
 * After SIGTERM, the requests already being answered get this long to finish before the live sockets close: the
 * default of STOP_REQUEST_DRAIN_MS (config.ts).
 */
export const REQUEST_DRAIN_MS = 4_000;
/** Once the live sockets were told to go (1001), this long for them to close before every connection is cut. */
export const SOCKET_DRAIN_MS = 1_000;
/** The whole stop, database included: past it the process exits 1 whatever is still running (server.ts). */
export const STOP_DEADLINE_MS = 10_000;

/** What a stop needs of Bun's server. */
export interface Listener {
  readonly pendingRequests: number;
  stop(closeActiveConnections?: boolean): Promise<void>;
}

/** Whether `promise` settled within `ms`. */
async function within(ms: number, promise: Promise<unknown>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((r) => {
    timer = setTimeout(() => r(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function settled(listener: Listener, deadline: number): Promise<void> {
  while (listener.pendingRequests > 0 && Date.now() < deadline) await Bun.sleep(10);
}

/**
 * A stop in the order that loses nothing. `stopListening` closes the listener at once (new connections are
 * refused, idle keep-alive connections close) and resolves once every connection is gone; the requests in flight
 * go on and get up to `requestDrainMs` to be answered. Then `closeLive` runs (the NPCs stop, the live sockets
 * close with 1001 and positions are written back) while the database is still open, so a write acknowledged to
 * anyone is on disk. Sockets that have not gone SOCKET_DRAIN_MS later are cut. The caller closes the database.
 */
export async function drainAndStop(
  listener: Listener,
  stopListening: () => Promise<unknown>,
  closeLive: () => Promise<void>,
  requestDrainMs = REQUEST_DRAIN_MS,
): Promise<void> {
  const gone = stopListening();
  await settled(listener, Date.now() + requestDrainMs);
  await closeLive();
  if (!(await within(SOCKET_DRAIN_MS, gone))) await listener.stop(true);
  await gone;
}
