import { useStore } from '@nanostores/react';
import { $chatActions } from '../../../game/chat/wire.ts';
import { $mutes } from '../../../stores/chat.ts';

/** The players this survivor muted, each with Unmute (their messages come back with the next history load). */
export function MutedPlayers() {
  const mutes = useStore($mutes);
  const actions = useStore($chatActions);
  if (mutes.length === 0) return null;
  return (
    <section className="chat-mutes" aria-label="Muted players" data-testid="chat-mutes">
      <h4 className="chat-mutes__title">Muted ({mutes.length})</h4>
      <ul>
        {mutes.map((m) => (
          <li key={m.playerId}>
            <span>{m.name}</span>
            <button
              type="button"
              className="wl-button wl-button--ghost wl-button--sm"
              disabled={!actions}
              aria-label={`Unmute ${m.name}`}
              onClick={() => void actions?.unmute(m)}
            >
              Unmute
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
