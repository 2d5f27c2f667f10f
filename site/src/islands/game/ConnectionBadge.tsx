import { useStore } from '@nanostores/react';
import { $connection, type ConnectionState } from '../../stores/game.ts';
import { Tooltip } from './Tooltip.tsx';

const TEXT: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  open: 'Live',
  reconnecting: 'Reconnecting…',
  polling: 'Polling',
  replaced: 'Taken over by another tab',
  outdated: 'Update available',
};
const HINT: Record<ConnectionState, string> = {
  connecting: 'Opening the live connection',
  open: 'Live connection open: moves arrive as they happen',
  reconnecting: 'Live connection lost; trying again (refreshing every few seconds meanwhile)',
  polling: 'No live connection: refreshing every few seconds',
  replaced: 'The game was opened in another tab; this one is paused until you press Play here',
  outdated: 'A new version of Wasteland is available: reload the page',
};

/** The live connection's state, small, in the header. */
export function ConnectionBadge() {
  const state = useStore($connection);
  return (
    <Tooltip label={HINT[state]}>
      <p className={`game-conn game-conn--${state}`} data-connection={state}>
        <span className="game-conn__dot" aria-hidden="true" />
        <span>{TEXT[state]}</span>
      </p>
    </Tooltip>
  );
}
