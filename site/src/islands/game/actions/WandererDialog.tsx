import { type NpcSkill, SKILL_EFFECTS, SKILL_LABELS } from '../../../../../api/game/npc-skills.ts';
import { SkillTags } from '../settlements/SkillTags.tsx';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { NPC_TEXT } from '../../../../../api/game/npcs.ts';
import { choiceLabel, preselect } from '../../../game/npcs/text.ts';
import { $recruiter } from '../../../game/npcs/wire.ts';
import { $wanderer } from '../../../stores/actions.ts';
import { $recruit, $recruitPending } from '../../../stores/npcs.ts';
import { $survivorAt } from '../../../stores/settlements.ts';

/** The panel renders in the sidebar and in the mobile sheet: only one instance hosts the dialog. */
const $host = atom<symbol | null>(null);

/**
 * 'Wanderer Approaches' (spec section 2) when a scavenge draws a survivor: who they are, the settlements with an
 * empty bed (the nearest preselected), Recruit and Dismiss (game/npcs/recruit.ts does the calls and the toasts).
 */
export function WandererDialog() {
  const [me] = useState(() => Symbol('wanderer-host'));
  const host = useStore($host);
  const drawn = useStore($wanderer);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `me` is fixed for the component's life
  useEffect(() => {
    if ($host.get() === null) $host.set(me);
    return () => {
      if ($host.get() === me) $host.set(null);
    };
  }, [me, host]);
  if (host !== me || !drawn) return null;
  return createPortal(<Dialog key={drawn.name} drawn={drawn} />, document.body);
}

function Dialog({ drawn }: { drawn: { name: string; description: string; skills?: NpcSkill[] } }) {
  const ref = useRef<HTMLDialogElement>(null);
  const state = useStore($recruit);
  const pending = useStore($recruitPending);
  const recruiter = useStore($recruiter);
  const [chosen, setChosen] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const selectId = useId();
  const ready = state.status === 'ready' ? state : null;
  const settlements = ready?.settlements ?? [];
  // The nearest settlement with an empty bed, until the player picks another.
  const selected = touched ? chosen : preselect(settlements, $survivorAt.get());
  const npc = ready?.npc ?? drawn;

  useEffect(() => {
    const d = ref.current;
    if (!d || d.open) return;
    d.showModal();
    // showModal focuses the first button it finds; the title takes the focus instead, so a stray Enter neither turns
    // the survivor away nor recruits into a bed not yet looked at.
    d.querySelector<HTMLElement>('#act-wanderer-title')?.focus();
  }, []);

  const dismiss = () => void recruiter?.dismiss();
  const recruit = () => void recruiter?.recruit(selected);
  return (
    <dialog
      ref={ref}
      className="act-dialog wl-panel act-wanderer"
      aria-labelledby="act-wanderer-title"
      aria-describedby="act-wanderer-text"
      data-testid="wanderer-dialog"
      onCancel={(e) => {
        // Escape turns the survivor away, as Dismiss does (never while a call is in flight).
        e.preventDefault();
        if (!pending) dismiss();
      }}
    >
      <h2 id="act-wanderer-title" tabIndex={-1}>
        Wanderer Approaches
      </h2>
      <p id="act-wanderer-text">A survivor has noticed your scavenging activity and seeks shelter.</p>
      <div className="act-dialog__npc" data-testid="wanderer-npc">
        <strong>{npc.name}</strong> <SkillTags skills={npc.skills} />
        <p>{npc.description}</p>
        {npc.skills?.length ? (
          <ul className="act-hint wl-muted npc-skill-effects" aria-label={`What ${npc.name} is good at`}>
            {npc.skills.map((s) => (
              <li key={s}>
                {SKILL_LABELS[s]}: {SKILL_EFFECTS[s]}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {!ready ? (
        <p className="wl-muted act-hint" role="status">
          Looking for a free bed...
        </p>
      ) : settlements.length === 0 ? (
        <p className="wl-error">{NPC_TEXT.noBedsOption}</p>
      ) : (
        <div className="act-wanderer__choice">
          <label htmlFor={selectId} className="act-wanderer__label">
            Settlement
          </label>
          <select
            id={selectId}
            className="wl-input"
            value={selected ?? ''}
            disabled={!!pending}
            onChange={(e) => {
              setTouched(true);
              setChosen(e.target.value || null);
            }}
          >
            <option value="">Choose a settlement…</option>
            {settlements.map((s) => (
              <option key={s.id} value={s.id}>
                {choiceLabel(s)}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="wl-muted act-hint">Recruited NPCs will help defend your settlement and provide special abilities.</p>
      <div className="act-poi__buttons">
        <button
          type="button"
          className="wl-button wl-button--sm"
          disabled={!recruiter || !!pending || !selected || settlements.length === 0}
          onClick={recruit}
        >
          {pending === 'recruit' ? 'Recruiting...' : 'Recruit'}
        </button>
        <button
          type="button"
          className="wl-button wl-button--sm wl-button--ghost"
          disabled={!recruiter || !!pending}
          onClick={dismiss}
        >
          {pending === 'dismiss' ? 'Dismissing...' : 'Dismiss'}
        </button>
      </div>
    </dialog>
  );
}
