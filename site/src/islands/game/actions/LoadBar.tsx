import { useStore } from '@nanostores/react';
import { carryLimit } from '../../../../../api/game/carrying.ts';
import { loadLevel, loadNote, loadText } from '../../../game/actions/load.ts';
import { $inventory } from '../../../stores/actions.ts';

/**
 * The pack's weight against what is carried at full speed: a bar up to the carry limit, the kilograms, and what the
 * weight does to walking. `compact` shows only a warning line, and only when the pack slows the survivor.
 */
export function LoadBar({ compact = false }: { compact?: boolean }) {
  const { pack } = useStore($inventory);
  if (!pack) return null;
  const level = loadLevel(pack);
  if (compact) {
    if (level === 'light') return null;
    return (
      <p className="act-hint act-hint--warn" data-testid="load-warning" role="status">
        {loadNote(pack)}
      </p>
    );
  }
  return (
    <div className={`act-load act-load--${level}`} data-testid="load-bar">
      <div className="act-load__row">
        <span>Load</span>
        <span className="act-load__kg">{loadText(pack)}</span>
      </div>
      <meter
        min={0}
        max={carryLimit(pack.capacity)}
        low={pack.capacity * 0.75}
        high={pack.capacity}
        optimum={0}
        value={Math.min(pack.load, carryLimit(pack.capacity))}
        aria-label={`Load ${loadText(pack)}`}
      />
      <p className="act-hint wl-muted">{loadNote(pack)}</p>
    </div>
  );
}
