/**
 * The one action the map offers beside the survivor: Build Shelter while the first-run guide's shelter
 * step is next, Scavenge where a POI is in reach and not picked clean, Forage otherwise. Every rule it reads is the
 * Actions panel's own — pickedClean (api/game/actions.ts isPickedClean), the forage same-area rule ($forageScoured)
 * and the shelter's cost (materialRows over SHELTER_COST) — so the button never offers what the panel would refuse.
 * Pure.
 */
import type { Tools } from '../../../../api/game/actions.ts';
import { type NearbyPoiView, pickedClean } from '../../stores/actions.ts';

/** The key that presses it (E for "use", clear of W A S D, C and the zoom keys). */
export const CONTEXTUAL_KEY = 'e';

export type ContextualKind = 'shelter' | 'scavenge' | 'forage';

export interface ContextualInput {
  poi: NearbyPoiView | null;
  exhausted: { poiId: string; significance: number } | null;
  tools: Tools;
  /** $forageScoured: the last forage was in this area. */
  scoured: boolean;
  /** The guide's shelter step is next (shelterStepNext). */
  shelterNext: boolean;
  busy: { scavenging: boolean; foraging: boolean; auto: boolean; settlement: boolean };
}

export interface ContextualAction {
  kind: ContextualKind;
  /** What the button says ('Foraging...' while its own request runs). */
  label: string;
  /** It cannot be pressed now. */
  off: boolean;
  /** Why, when it is not simply running: shown under the button. */
  why: string | null;
}

export const CONTEXTUAL_LABEL: Record<ContextualKind, string> = {
  shelter: 'Build Shelter',
  scavenge: 'Scavenge',
  forage: 'Forage',
};

/**
 * The guide's third step ("Build a shelter") is next while the guide is open, the player has no settlement yet,
 * stands where no settlement or shelter is, and carries the shelter's materials (the Build Shelter button's own
 * `affordable`). Once the guide is dismissed the map offers only Scavenge and Forage (the Settlement panel still builds).
 */
export function shelterStepNext(s: {
  guideOpen: boolean;
  hasSettlement: boolean;
  settlementHere: boolean;
  shelterHere: boolean;
  affordable: boolean;
}): boolean {
  return s.guideOpen && !s.hasSettlement && !s.settlementHere && !s.shelterHere && s.affordable;
}

export function contextualAction(i: ContextualInput): ContextualAction {
  const running = (kind: ContextualKind, text: string): ContextualAction => ({ kind, label: text, off: true, why: null });
  if (i.shelterNext) {
    if (i.busy.settlement) return running('shelter', 'Building...');
    return { kind: 'shelter', label: CONTEXTUAL_LABEL.shelter, off: false, why: null };
  }
  if (i.poi && !pickedClean(i.poi, i.exhausted, i.tools)) {
    const label = `${CONTEXTUAL_LABEL.scavenge} ${i.poi.name}`;
    if (i.busy.auto) return { kind: 'scavenge', label, off: true, why: 'Auto-scavenging: stop it in Actions' };
    if (i.busy.scavenging) return running('scavenge', 'Scavenging...');
    return { kind: 'scavenge', label, off: false, why: null };
  }
  if (i.busy.foraging) return running('forage', 'Foraging...');
  if (i.scoured) return { kind: 'forage', label: CONTEXTUAL_LABEL.forage, off: true, why: 'Already scoured here: walk on' };
  return { kind: 'forage', label: CONTEXTUAL_LABEL.forage, off: false, why: null };
}
