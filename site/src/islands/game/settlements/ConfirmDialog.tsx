import { useId } from 'react';
import type { ConfirmText } from '../../../game/settlements/bed-text.ts';
import { Modal } from './Modal.tsx';

/**
 * Asks before a withdraw, kick or leave (spec section 5); Cancel has the focus, so Enter never confirms by accident.
 * It closes once the action has answered (its toast says how it went).
 */
export function ConfirmDialog({
  text,
  busy,
  working,
  onConfirm,
  onClose,
}: {
  text: ConfirmText;
  /** Another settlement action is in flight (one at a time). */
  busy: boolean;
  /** This one is. */
  working: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} onClose={onClose} testId="confirm-dialog">
      {(close) => (
        <>
          <h2 id={titleId}>{text.title}</h2>
          <p id={bodyId}>{text.body}</p>
          <div className="stl-dialog__buttons">
            <button
              type="button"
              className="wl-button wl-button--sm wl-button--danger"
              disabled={busy}
              onClick={async () => {
                await onConfirm();
                close();
              }}
            >
              {working ? 'Working...' : text.confirm}
            </button>
            <button type="button" className="wl-button wl-button--sm wl-button--ghost" data-autofocus onClick={close}>
              Cancel
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
