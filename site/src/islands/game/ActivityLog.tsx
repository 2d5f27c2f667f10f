import { useStore } from '@nanostores/react';
import { $gameLog } from '../../stores/game.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The Activity Log: newest first, coloured by event type (join, leave, move, discover, and the personal raid, npc
 * and craft lines of your settlements).
 */
export function ActivityLog() {
  const log = useStore($gameLog);
  if (log.length === 0) return <p className="wl-muted">No activity yet.</p>;
  return (
    // The live region wraps the list: role="log" on the <ol> itself would leave its items outside any list (axe). It
    // scrolls once the log is long, so it takes focus: a keyboard player can scroll it too (axe:
    // scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <div role="log" aria-label="Activity Log" className="game-log__scroll" tabIndex={0}>
      <ol className="game-log">
        {[...log].reverse().map((e) => (
          <li key={e.id} className={`game-log__entry game-log__entry--${e.type}`}>
            <time dateTime={e.at}>{timeFormat.format(new Date(e.at))}</time>
            <span>{e.message}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
