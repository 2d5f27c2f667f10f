import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { ACTION_TEXT } from '../../../../../api/game/actions.ts';
import { $actions } from '../../../game/actions/wire.ts';
import { $forageScoured, $foraging } from '../../../stores/actions.ts';

/** Forage the 5 × 5 tiles around you; disabled while pending and where you last foraged (same-area rule). */
export function ForageButton() {
  const actions = useStore($actions);
  const scoured = useStore($forageScoured);
  const pending = useStore($foraging);
  const hint = useId();
  return (
    <div className="act-forage">
      <button
        type="button"
        className="wl-button wl-button--sm"
        disabled={!actions || scoured || pending}
        aria-describedby={hint}
        onClick={() => void actions?.forage()}
      >
        {pending ? 'Foraging...' : 'Forage'}
      </button>
      <p id={hint} className={scoured ? 'act-hint act-hint--warn' : 'act-hint wl-muted'}>
        {scoured ? ACTION_TEXT.alreadyScoured : 'Search the ground around you for food and materials.'}
      </p>
    </div>
  );
}
