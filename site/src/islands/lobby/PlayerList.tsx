import type { LobbyPlayer } from '../../../../api/contract/lobby.ts';

const joinedTime = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * 'Players in Game (n/max)': shown name, '(You)', joined time. No Ready badge: a persistent world starts nothing when
 * players are ready, so the flag meant nothing to anyone reading the list.
 */
export function PlayerList({ players, maxPlayers, meId }: { players: LobbyPlayer[]; maxPlayers: number; meId: string }) {
  return (
    <section className="wl-panel" aria-labelledby="lobby-players-title">
      <h2 id="lobby-players-title">
        Players in Game ({players.length}/{maxPlayers})
      </h2>
      {players.length === 0 ? (
        <p className="wl-muted">No survivors in the game yet.</p>
      ) : (
        <ul className="lobby-list" aria-label="Players in game">
          {players.map((p) => (
            <li key={p.id} className="lobby-row">
              <span className="lobby-name">
                {p.name}
                {p.id === meId && <span className="lobby-you"> (You)</span>}
              </span>
              <span className="wl-muted lobby-time">
                Joined <time dateTime={p.joinedAt}>{joinedTime(p.joinedAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
