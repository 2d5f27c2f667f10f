import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { SHELTER_COST } from '../../../../../api/game/settlements.ts';
import { $actions } from '../../../game/actions/wire.ts';
import { CONTEXTUAL_KEY, contextualAction, shelterStepNext } from '../../../game/actions/contextual.ts';
import { isTypingTarget } from '../../../game/map/input.ts';
import { $engine } from '../../../game/session/game-session.ts';
import { affordable, materialRows } from '../../../game/settlements/costs.ts';
import { $settlementActions } from '../../../game/settlements/wire.ts';
import {
  $autoScavenge,
  $exhausted,
  $forageScoured,
  $foraging,
  $inventory,
  $nearbyPoi,
  $scavenging,
  $tools,
} from '../../../stores/actions.ts';
import { $firstRunDismissed } from '../../../stores/first-run.ts';
import { $hereSettlement, $hereShelter, $mine, $settlementBusy } from '../../../stores/settlements.ts';
import { useNarrow } from '../useNarrow.ts';
import './contextual.css';

/**
 * The main action one press away, just under the survivor (who stays in the map's middle): Build Shelter, Scavenge
 * or Forage (game/actions/contextual.ts picks by the Actions panel's rules), also on E. Tests find it by
 * data-contextual-action, which names the action.
 */
export function ContextualAction() {
  const poi = useStore($nearbyPoi);
  const exhausted = useStore($exhausted);
  const tools = useStore($tools);
  const scoured = useStore($forageScoured);
  const scavenging = useStore($scavenging);
  const foraging = useStore($foraging);
  const auto = useStore($autoScavenge);
  const inv = useStore($inventory);
  const mine = useStore($mine);
  const settlementHere = useStore($hereSettlement);
  const shelterHere = useStore($hereShelter);
  const settlementBusy = useStore($settlementBusy);
  const actions = useStore($actions);
  const settlementActions = useStore($settlementActions);
  const guideDismissed = useStore($firstRunDismissed);
  const narrow = useNarrow();
  const canAfford = useMemo(() => affordable(materialRows(inv.items, SHELTER_COST)), [inv.items]);
  const action = contextualAction({
    poi,
    exhausted,
    tools,
    scoured,
    shelterNext: shelterStepNext({
      guideOpen: !guideDismissed,
      hasSettlement: mine.status !== 'ready' || mine.list.length > 0,
      settlementHere: settlementHere !== null,
      shelterHere: shelterHere !== null,
      affordable: canAfford,
    }),
    busy: { scavenging, foraging, auto: !!auto, settlement: !!settlementBusy },
  });
  const ready = action.kind === 'shelter' ? !!settlementActions : !!actions;
  const off = !ready || action.off;
  const press = () => {
    if (off) return;
    if (action.kind === 'shelter') void settlementActions?.buildShelter();
    else if (action.kind === 'scavenge') void actions?.scavenge();
    else void actions?.forage();
  };
  // The key handler reads the latest press through a ref, so it is bound once.
  const pressRef = useRef(press);
  pressRef.current = press;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== CONTEXTUAL_KEY || e.repeat || e.ctrlKey || e.metaKey || e.altKey) return;
      if (isTypingTarget(e.target) || document.querySelector('dialog[open], [aria-modal="true"]')) return;
      e.preventDefault();
      pressRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The map keeps its labels clear of this box (engine.ts overlayRects): it draws again when the box changes.
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!slot.current) return;
    const observer = new ResizeObserver(() => $engine.get()?.invalidate());
    observer.observe(slot.current);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={slot} className="game-ctx" data-testid="contextual-action-slot">
      <button
        type="button"
        className={`wl-button game-ctx__button game-ctx__button--${action.kind}`}
        data-contextual-action={action.kind}
        aria-keyshortcuts={CONTEXTUAL_KEY.toUpperCase()}
        disabled={off}
        title={action.why ?? undefined}
        onClick={press}
      >
        <span className="game-ctx__label">{action.label}</span>
        {!narrow && (
          <span className="game-ctx__key" aria-hidden="true">
            {CONTEXTUAL_KEY.toUpperCase()}
          </span>
        )}
      </button>
      {action.why && <span className="game-ctx__why">{action.why}</span>}
    </div>
  );
}
