import { useStore } from '@nanostores/react';
import { $gameLog } from '../../stores/game.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The Activity Log: newest first, coloured by event type (join, leave, move, discover). */
export function ActivityLog() {
  const log = useStore($gameLog);
  if (log.length === 0) return <p className="wl-muted">No activity yet.</p>;
  return (
    <ol className="game-log" role="log" aria-label="Activity Log">
      {[...log].reverse().map((e) => (
        <li key={e.id} className={`game-log__entry game-log__entry--${e.type}`}>
          <time dateTime={e.at}>{timeFormat.format(new Date(e.at))}</time>
          <span>{e.message}</span>
        </li>
      ))}
    </ol>
  );
}
