import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { DISPLAY_NAME_MAX, shownName } from '../../../../../api/game/accounts.ts';
import { createDisplayNameEdit } from '../../../game/players/display-name.ts';
import { handleUnauthorized } from '../../../game/session/unauthorized.ts';
import { api, unwrap } from '../../../lib/api.ts';
import { $me } from '../../../stores/game.ts';
import { toast } from '../../../stores/toast.ts';
import './character.css';

/**
 * The survivor's name with an edit button; editing, Enter confirms and Escape cancels (spec). Used by the Character
 * panel and, on phones, inline in the header (`compact`).
 */
export function DisplayNameEditor({ compact = false }: { compact?: boolean }) {
  const me = useStore($me);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = useMemo(
    () =>
      createDisplayNameEdit({
        save: (displayName) => unwrap(api.api.user['display-name'].patch({ displayName })),
        toast,
        unauthorized: handleUnauthorized,
        renamed: (displayName) => {
          const now = $me.get();
          if (now) $me.set({ ...now, displayName });
        },
      }),
    [],
  );
  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);
  if (!me) return null;
  const name = shownName(me);

  const start = () => {
    setDraft(me.displayName ?? name);
    setEditing(true);
  };
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const outcome = await submit(draft, me.displayName ?? '');
    setBusy(false);
    // Saved or unchanged: back to the name; failed: stay in the editor to fix it.
    if (outcome !== 'failed') setEditing(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void confirm();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setEditing(false);
    }
  };

  const cls = `dn-editor${compact ? ' dn-editor--compact' : ''}`;
  if (!editing)
    return (
      <span className={cls}>
        <span className="dn-editor__name" data-testid={compact ? 'header-name' : 'character-name'}>
          {name}
        </span>
        <button
          type="button"
          className="dn-editor__edit"
          aria-label="Edit display name"
          title="Edit display name"
          onClick={start}
        >
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 20h4L19 9l-4-4L4 16v4z" />
          </svg>
        </button>
      </span>
    );
  return (
    <span className={`${cls} dn-editor--editing`}>
      <input
        ref={input}
        className="wl-input dn-editor__input"
        aria-label="Display name"
        maxLength={DISPLAY_NAME_MAX}
        value={draft}
        disabled={busy}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="dn-editor__edit"
        aria-label="Save display name"
        disabled={busy}
        onClick={() => void confirm()}
      >
        ✓
      </button>
      <button type="button" className="dn-editor__edit" aria-label="Cancel" disabled={busy} onClick={() => setEditing(false)}>
        ✕
      </button>
    </span>
  );
}
