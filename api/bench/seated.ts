/** What the benches that drive an in-process server (chunks, actions, settlements) share. */
import { players } from '../../db/schema/index.ts';
import { TestClient, uniqueName } from '../testing/client.ts';
import type { TestServer } from '../testing/server.ts';

/** The value at percentile `p` (0–100) of an ascending list. */
export const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A new player with a lobby seat, entered into the default world standing at (x, y). */
export async function seatedClientAt(server: TestServer, x: number, y: number, prefix: string): Promise<TestClient> {
  const client = new TestClient(server.url);
  const { id } = await client.register(uniqueName(prefix));
  await client.post('/api/lobby/join-game');
  await client.get('/api/world/default');
  await server.database.db.insert(players).values({ userId: id, worldId: 'default', name: 'bench', x, y, color: '#fff' });
  return client;
}
