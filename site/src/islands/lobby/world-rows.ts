import type { WorldState, WorldSummary } from '../../../../api/contract/lobby.ts';

/** One world as the lobby's list shows it. */
export interface WorldRow extends WorldSummary {
  /** The caller holds their seat here. */
  seat: boolean;
  /** The caller's survivor lives here (their most recently played world). */
  home: boolean;
  /** Join is offered: an open world with a free seat that is not already the caller's. */
  joinable: boolean;
  /** What the state badge says. */
  stateLabel: string;
}

const STATE_LABELS: Record<WorldState, string> = { open: 'Open', full: 'Full', closed: 'Closed' };

/** The list in the server's order (oldest first), each world marked for the caller. */
export function worldRows(worlds: readonly WorldSummary[], seatWorldId: string | null, homeWorldId: string | null): WorldRow[] {
  return worlds.map((w) => ({
    ...w,
    seat: w.id === seatWorldId,
    home: w.id === homeWorldId,
    joinable: w.id !== seatWorldId && w.state === 'open' && w.seated < w.maxPlayers,
    stateLabel: STATE_LABELS[w.state],
  }));
}
