import { useId, useState } from 'react';
import { cleanName } from '../../../../../api/game/settlements.ts';
import type { BedActions } from '../../../game/settlements/bed-actions.ts';
import { Modal } from './Modal.tsx';

/** The invitee's name is at most this long (api/contract/beds.ts InviteBody). */
const INVITEE_NAME_MAX = 64;

/**
 * Invite a survivor, by display name or username, to a vacant bed. The name is trimmed and an empty one is not
 * sent; a refusal stays on screen under the field (the toast says it too) so the name can be corrected.
 */
export function InviteDialog({
  bed,
  settlementName,
  actions,
  busy,
  onClose,
}: {
  bed: { bedId: string; name: string };
  settlementName: string;
  actions: BedActions | null;
  /** The settlement action in flight, if any (they run one at a time). */
  busy: string | null;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const titleId = useId();
  const bodyId = useId();
  const inputId = useId();
  const errorId = useId();
  const valid = cleanName(name).length > 0;
  const send = async (close: () => void) => {
    const r = await actions?.invite(bed.bedId, name);
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
            className="stl-form"
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
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? errorId : undefined}
              data-autofocus
              onChange={(e) => {
                setName(e.target.value);
                setRefused(null);
              }}
            />
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
