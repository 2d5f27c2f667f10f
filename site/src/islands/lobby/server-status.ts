import type { LobbyStatus, WorldSummary } from '../../../../api/contract/lobby.ts';

export interface StatusRow {
  label: string;
  value: string;
}

/**
 * Server Status (spec: players in game, max capacity, queue length) for the whole deployment: a server holds many
 * worlds, so the totals are summed over the open ones, and the caller's own world is named on a line of its own.
 * Until the world list has loaded, the caller's world stands for the whole.
 */
export function serverStatusRows(lobby: LobbyStatus, worlds: readonly WorldSummary[] | null): StatusRow[] {
  const open = (worlds ?? []).filter((w) => w.state !== 'closed');
  const inGame = worlds ? open.reduce((n, w) => n + w.seated, 0) : lobby.players.length;
  const capacity = worlds ? open.reduce((n, w) => n + w.maxPlayers, 0) : lobby.maxPlayers;
  const rows: StatusRow[] = [
    { label: 'Players in game', value: String(inGame) },
    { label: 'Max capacity', value: String(capacity) },
    { label: 'Queue length', value: String(lobby.queue.length) },
  ];
  if (worlds && open.length > 1) {
    rows.push({ label: 'Worlds open', value: String(open.length) });
    rows.push({ label: lobby.worldName, value: `${lobby.players.length}/${lobby.maxPlayers}` });
  }
  return rows;
}
