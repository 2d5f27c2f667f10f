/**
 * The floor for the live benchmark: Bun's own WebSocket pub/sub with the same shape as the game (one topic per
 * world, moves batched per world every MOVE_FANOUT_MS into one `players_moved` frame) and nothing else — no
 * database, no rules, no bus. Whatever the game path costs above this is ours.
 * `bun api/bench/pubsub-floor.ts <port>`
 */
import { MOVE_FANOUT_MS } from '../contract/protocol.ts';

const port = Number(process.argv[2] ?? 3999);
const pending = new Map<string, Map<string, { playerId: string; x: number; y: number }>>();

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
      let world = pending.get(ws.data.worldId);
      if (!world) pending.set(ws.data.worldId, (world = new Map()));
      world.set(ws.data.id, { playerId: ws.data.id, x: m.x, y: m.y });
    },
  },
});

setInterval(() => {
  for (const [worldId, moves] of pending) {
    if (moves.size === 0) continue;
    server.publish(`w:${worldId}`, JSON.stringify({ type: 'players_moved', moves: [...moves.values()] }));
    moves.clear();
  }
}, MOVE_FANOUT_MS);
console.log(`floor up on ${port}`);
