import { useStore } from '@nanostores/react';
import type { LobbyStatus } from '../../../../api/contract/lobby.ts';
import { $worlds } from '../../stores/lobby.ts';
import { serverStatusRows } from './server-status.ts';

/** Server Status: players in game, max capacity and queue length over every world, and the caller's own world. */
export function ServerStatus({ lobby }: { lobby: LobbyStatus }) {
  const worlds = useStore($worlds);
  return (
    <section className="wl-panel" aria-labelledby="lobby-status-title">
      <h2 id="lobby-status-title">Server Status</h2>
      <dl className="lobby-stats">
        {serverStatusRows(lobby, worlds).map(({ label, value }) => (
          <div key={`${label}:${value}`}>
            <dt className="wl-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
