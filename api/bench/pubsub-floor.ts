/**
 * The floor for the live benchmark: Bun's own WebSocket pub/sub with the same shape as the game (one topic per
 * world, each world's moves since the last flush in one `players_moved` frame) and nothing else — no database, no
 * rules, no bus. Whatever the game path costs above this is ours.
 * `bun api/bench/pubsub-floor.ts <port> [policy]`, policy one of
 *   beat       flush every MOVE_FANOUT_MS (the server's MOVE_FLUSH_MS=beat);
 *   adaptive   flush when idle, beats at least MOVE_FLUSH_MIN_MS apart (the server's default, the same AdaptiveBeat);
 *   immediate  every move to its world's topic at once (no batching: the latency floor, the most frames).
 */
import { MOVE_FANOUT_MS, MOVE_FLUSH_MIN_MS } from '../contract/protocol.ts';
import { AdaptiveBeat } from '../live/metronome.ts';

const port = Number(process.argv[2] ?? 3999);
const policy = process.argv[3] ?? 'beat';
const pending = new Map<string, Map<string, { playerId: string; x: number; y: number }>>();

const flush = () => {
  for (const [worldId, moves] of pending) {
    if (moves.size === 0) continue;
    server.publish(`w:${worldId}`, JSON.stringify({ type: 'players_moved', moves: [...moves.values()] }));
    moves.clear();
  }
};
const beat = new AdaptiveBeat(MOVE_FLUSH_MIN_MS);
if (policy === 'adaptive') beat.add(flush, () => {});
else if (policy === 'beat') setInterval(flush, MOVE_FANOUT_MS);
else if (policy !== 'immediate') throw new Error(`unknown policy ${policy}`);

type Data = { worldId: string; id: string };
const server = Bun.serve<Data, never>({
  port,
  hostname: '127.0.0.1',
  fetch(req, srv) {
    const q = new URL(req.url).searchParams;
    const data = { worldId: q.get('worldId') ?? 'w', id: q.get('id') ?? crypto.randomUUID() };
    return srv.upgrade(req, { data }) ? undefined : new Response('upgrade expected', { status: 400 });
  },
  websocket: {
    open(ws) {
      ws.subscribe(`w:${ws.data.worldId}`);
      ws.send(
        JSON.stringify({
          type: 'players_list',
          players: [{ id: ws.data.id, name: 'x', displayName: null, color: '#fff', x: 0, y: 0 }],
        }),
      );
    },
    message(ws, raw) {
      const m = JSON.parse(String(raw)) as { type: string; x: number; y: number };
      if (m.type !== 'player_move') return;
      const move = { playerId: ws.data.id, x: m.x, y: m.y };
      if (policy === 'immediate') {
        server.publish(`w:${ws.data.worldId}`, JSON.stringify({ type: 'players_moved', moves: [move] }));
        return;
      }
      let world = pending.get(ws.data.worldId);
      if (!world) pending.set(ws.data.worldId, (world = new Map()));
      world.set(ws.data.id, move);
      beat.wake();
    },
  },
});

console.log(`floor up on ${port} (${policy})`);
