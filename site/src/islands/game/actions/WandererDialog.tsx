import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { $wanderer } from '../../../stores/actions.ts';

/** The panel renders in the sidebar and in the mobile sheet: only one instance hosts the dialog. */
const $host = atom<symbol | null>(null);

/**
 * 'Wanderer Approaches' (spec section 2) when a scavenge draws a survivor. Settlements do not exist yet, so it
 * says there are no free beds and offers Dismiss; recruiting arrives with the NPC work.
 */
export function WandererDialog() {
  const [me] = useState(() => Symbol('wanderer-host'));
  const host = useStore($host);
  const npc = useStore($wanderer);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `me` is fixed for the component's life
  useEffect(() => {
    if ($host.get() === null) $host.set(me);
    return () => {
      if ($host.get() === me) $host.set(null);
    };
  }, [me, host]);
  if (host !== me || !npc) return null;
  return createPortal(<Dialog name={npc.name} description={npc.description} />, document.body);
}

function Dialog({ name, description }: { name: string; description: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const dismiss = () => $wanderer.set(null);
  return (
    <dialog ref={ref} className="act-dialog wl-panel" aria-labelledby="act-wanderer-title" onClose={dismiss} onCancel={dismiss}>
      <h2 id="act-wanderer-title">Wanderer Approaches</h2>
      <p>A survivor has noticed your scavenging activity and seeks shelter.</p>
      <div className="act-dialog__npc">
        <strong>{name}</strong>
        <p>{description}</p>
      </div>
      <p className="wl-error">No settlements with available beds!</p>
      <p className="wl-muted act-hint">Recruited NPCs will help defend your settlement and provide special abilities.</p>
      <div className="act-poi__buttons">
        <button type="button" className="wl-button wl-button--sm" disabled>
          Recruit
        </button>
        <button
          type="button"
          className="wl-button wl-button--sm wl-button--ghost"
          onClick={dismiss} /* biome-ignore lint/a11y/noAutofocus: a modal dialog focuses its safe choice */
          autoFocus
        >
          Dismiss
        </button>
      </div>
    </dialog>
  );
}
