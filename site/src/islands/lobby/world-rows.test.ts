import { describe, expect, test } from 'bun:test';
import type { WorldSummary } from '../../../../api/contract/lobby.ts';
import { refusalText } from '../../stores/lobby.ts';
import { worldRows } from './world-rows.ts';

const world = (id: string, seated: number, state: WorldSummary['state'], maxPlayers = 2): WorldSummary => ({
  id,
  name: `World ${id}`,
  seated,
  maxPlayers,
  state,
});

describe("the lobby's world list", () => {
  test('marks the seat and the survivor, offers Join only where a seat is free and not already yours', () => {
    const rows = worldRows(
      [world('default', 2, 'full'), world('w-a', 1, 'open'), world('w-b', 0, 'open'), world('w-c', 0, 'closed')],
      'w-a',
      'default',
    );
    expect(rows.map((r) => [r.id, r.seat, r.home, r.joinable, r.stateLabel])).toEqual([
      ['default', false, true, false, 'Full'],
      ['w-a', true, false, false, 'Open'],
      ['w-b', false, false, true, 'Open'],
      ['w-c', false, false, false, 'Closed'],
    ]);
    // Neither seat nor survivor: nothing marked; every open world with room may be joined.
    expect(worldRows([world('default', 0, 'open')], null, null)).toEqual([
      { ...world('default', 0, 'open'), seat: false, home: false, joinable: true, stateLabel: 'Open' },
    ]);
  });

  test("a refusal shows the server's message without the status", () => {
    expect(refusalText(new Error('409: That world is full'))).toBe('That world is full');
    expect(refusalText(new Error('Network down'))).toBe('Network down');
    expect(refusalText(new Error(''))).toBe('Could not join');
  });
});
