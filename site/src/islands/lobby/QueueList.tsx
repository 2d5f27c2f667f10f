import type { LobbyQueueEntry } from '../../../../api/contract/lobby.ts';
import { formatWaitTime } from '../../../../api/game/lobby.ts';

/** The queue: position, shown name and wait time (m:ss), first come first served. */
export function QueueList({ queue, meId }: { queue: LobbyQueueEntry[]; meId: string }) {
  return (
    <section className="wl-panel" aria-labelledby="lobby-queue-title">
      <h2 id="lobby-queue-title">Queue ({queue.length})</h2>
      {queue.length === 0 ? (
        <p className="wl-muted">Nobody is waiting.</p>
      ) : (
        <ol className="lobby-list" aria-label="Queue">
          {queue.map((q) => (
            <li key={q.id} className="lobby-row">
              <span className="lobby-position">#{q.position}</span>
              <span className="lobby-name">
                {q.name}
                {q.id === meId && <span className="lobby-you"> (You)</span>}
              </span>
              <span className="wl-muted lobby-time">Waiting {formatWaitTime(q.waitTime)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
