import type { LobbyStatus } from '../../../../api/contract/lobby.ts';

/** Server Status: players in game, max capacity, queue length. */
export function ServerStatus({ lobby }: { lobby: LobbyStatus }) {
  const rows: [string, number][] = [
    ['Players in game', lobby.players.length],
    ['Max capacity', lobby.maxPlayers],
    ['Queue length', lobby.queue.length],
  ];
  return (
    <section className="wl-panel" aria-labelledby="lobby-status-title">
      <h2 id="lobby-status-title">Server Status</h2>
      <dl className="lobby-stats">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="wl-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
