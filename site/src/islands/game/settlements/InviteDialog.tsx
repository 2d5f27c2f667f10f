import { useStore } from '@nanostores/react';
import { useId, useMemo, useState } from 'react';
import { cleanName } from '../../../../../api/game/settlements.ts';
import type { BedActions } from '../../../game/settlements/bed-actions.ts';
import { type Invitee, inviteeLabel, invitees } from '../../../game/settlements/invitees.ts';
import { $me, $online, $seen } from '../../../stores/game.ts';
import { Modal } from './Modal.tsx';

/** The invitee's name is at most this long (api/contract/beds.ts InviteBody). */
const INVITEE_NAME_MAX = 64;

/**
 * Invite a survivor to a vacant bed. The list offers the survivors online and those seen online since the page
 * loaded, each with display name and username (display names can look alike), and typing filters it; a survivor
 * picked from it is invited by id. A typed name that matches nobody on the list is sent as a name, which the
 * server accepts only when it means exactly one survivor. A refusal stays on screen under the field (the toast
 * says it too) so the choice can be corrected.
 */
export function InviteDialog({
  bed,
  settlementName,
  actions,
  busy,
  exclude,
  onClose,
}: {
  bed: { bedId: string; name: string };
  settlementName: string;
  actions: BedActions | null;
  /** The settlement action in flight, if any (they run one at a time). */
  busy: string | null;
  /** Survivors who already sleep here: not offered. */
  exclude: ReadonlySet<string>;
  onClose: () => void;
}) {
  const online = useStore($online);
  const seen = useStore($seen);
  const me = useStore($me);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<Invitee | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const inputId = useId();
  const listId = useId();
  const errorId = useId();
  const offered = useMemo(
    () => invitees({ online, seen, meId: me?.id ?? null, exclude, query: name }),
    [online, seen, me?.id, exclude, name],
  );
  // A pick the filter no longer shows is dropped: what is sent is always what is on screen.
  const chosen = picked && offered.some((i) => i.id === picked.id) ? picked : null;
  const valid = !!chosen || cleanName(name).length > 0;
  const send = async (close: () => void) => {
    const r = await actions?.invite(bed.bedId, chosen ? { id: chosen.id, name: chosen.displayName ?? chosen.username } : name);
    if (!r) return;
    if (r.sent) close();
    else setRefused(r.reason || 'The server refused the invitation.');
  };
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} onClose={onClose} testId="invite-dialog">
      {(close) => (
        <>
          <h2 id={titleId}>Invite to {bed.name}</h2>
          <p id={bodyId} className="wl-muted act-hint">
            They find the invitation under Your Settlements and may accept it to share {settlementName} with you.
          </p>
          <form
            className="stl-form stl-invite"
            onSubmit={(e) => {
              e.preventDefault();
              if (valid) void send(close);
            }}
          >
            <label htmlFor={inputId} className="stl-form__label">
              Survivor's name
            </label>
            <input
              id={inputId}
              className="wl-input stl-form__input"
              value={name}
              maxLength={INVITEE_NAME_MAX}
              autoComplete="off"
              placeholder="Display name or username"
              aria-controls={listId}
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? errorId : undefined}
              data-autofocus
              onChange={(e) => {
                setName(e.target.value);
                setRefused(null);
              }}
            />
            <fieldset className="stl-invitees" id={listId}>
              <legend className="stl-form__label">Online, or seen since you arrived</legend>
              {offered.length === 0 ? (
                <p className="act-hint wl-muted" data-testid="invitees-empty">
                  {name.trim()
                    ? 'Nobody on the list is called that. Send invitation looks the name up: it must belong to exactly one survivor.'
                    : 'Nobody else is online. Type a display name or username.'}
                </p>
              ) : (
                <ul className="stl-invitees__list" aria-label="Survivors to invite">
                  {offered.map((i) => (
                    <li key={i.id}>
                      <label className={`stl-invitee${chosen?.id === i.id ? ' stl-invitee--chosen' : ''}`}>
                        <input
                          type="radio"
                          name={`invitee-${bed.bedId}`}
                          value={i.id}
                          checked={chosen?.id === i.id}
                          aria-label={`${inviteeLabel(i)}${i.online ? ', online' : ''}`}
                          onChange={() => {
                            setPicked(i);
                            setRefused(null);
                          }}
                        />
                        {i.displayName ? (
                          <>
                            <span className="stl-invitee__name">{i.displayName}</span>
                            <span className="stl-invitee__user">@{i.username}</span>
                          </>
                        ) : (
                          <span className="stl-invitee__name stl-invitee__name--only">@{i.username}</span>
                        )}
                        <span className={`stl-invitee__state${i.online ? ' stl-invitee__state--online' : ''}`}>
                          {i.online ? 'online' : 'seen'}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
            {refused && (
              <p id={errorId} className="wl-error act-hint" role="alert">
                {refused}
              </p>
            )}
            <div className="stl-dialog__buttons">
              <button type="submit" className="wl-button wl-button--sm" disabled={!actions || !valid || !!busy}>
                {busy === `invite:${bed.bedId}` ? 'Sending...' : 'Send invitation'}
              </button>
              <button type="button" className="wl-button wl-button--sm wl-button--ghost" onClick={close}>
                Cancel
              </button>
            </div>
          </form>
        </>
      )}
    </Modal>
  );
}
