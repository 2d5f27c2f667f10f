import { expect, test } from 'bun:test';
import type { LobbyStatus, WorldSummary } from '../../../../api/contract/lobby.ts';
import { serverStatusRows } from './server-status.ts';

const lobby: LobbyStatus = {
  players: [{ id: 'u3', name: 'Cole', joinedAt: '2026-12-01T00:00:00Z', isReady: false }],
  queue: [],
  maxPlayers: 2,
  worldId: 'w-2',
  worldName: 'Rust Hollow',
  homeWorldId: 'w-2',
};
const world = (id: string, seated: number, state: WorldSummary['state'] = 'open'): WorldSummary => ({
  id,
  name: id,
  seated,
  maxPlayers: 2,
  state,
});

test("the totals are the whole deployment, not the caller's world; the caller's world gets its own line", () => {
  expect(serverStatusRows(lobby, [world('default', 2, 'full'), world('w-2', 1), world('old', 0, 'closed')])).toEqual([
    { label: 'Players in game', value: '3' },
    { label: 'Max capacity', value: '4' },
    { label: 'Queue length', value: '0' },
    { label: 'Worlds open', value: '2' },
    { label: 'Rust Hollow', value: '1/2' },
  ]);
});

test("one world: the three spec rows; before the world list loads, the caller's world stands in", () => {
  expect(serverStatusRows(lobby, [world('w-2', 1)]).map((r) => r.label)).toEqual([
    'Players in game',
    'Max capacity',
    'Queue length',
  ]);
  expect(serverStatusRows(lobby, null)).toEqual([
    { label: 'Players in game', value: '1' },
    { label: 'Max capacity', value: '2' },
    { label: 'Queue length', value: '0' },
  ]);
});
