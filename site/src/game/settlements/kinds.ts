/**
 * The build menu's kinds: a bed, a container of one storage category, or what the settlement's level unlocks (a
 * Workshop, Walls); each with the name a new one gets by
 * default ('Bed', 'Food Storage') and the cost of the next one given what already stands (nextBuildingCost). Pure.
 */
import type { BuildingView } from '../../../../api/contract/settlements.ts';
import {
  type BuildingType,
  CONTAINER_SUBTYPES,
  type ContainerSubtype,
  type Materials,
} from '../../../../api/game/settlements.ts';
import {
  costToBuild,
  isUnlockedBuilding,
  levelName,
  UNLOCKED_BUILDING_DEFS,
  UNLOCKED_BUILDINGS,
  unlockRefusal,
} from '../../../../api/game/settlement-levels.ts';
import { CATEGORY_LABELS } from '../actions/inventory.ts';

export interface BuildKind {
  /** 'bed' or 'container:food'…: the select's value. */
  key: string;
  type: BuildingType;
  subtype: ContainerSubtype | null;
  label: string;
}

export const BUILD_KINDS: readonly BuildKind[] = [
  { key: 'bed', type: 'bed', subtype: null, label: 'Bed' },
  ...CONTAINER_SUBTYPES.map((c) => ({
    key: `container:${c}`,
    type: 'container' as const,
    subtype: c,
    label: `${CATEGORY_LABELS[c]} Storage`,
  })),
  ...UNLOCKED_BUILDINGS.map((t) => ({ key: t, type: t, subtype: null, label: UNLOCKED_BUILDING_DEFS[t].name })),
];

/**
 * Why this kind cannot be built here now (the settlement's level is too low, or the one allowed already stands), or
 * null: the menu shows it beside the kind and the server says the same.
 */
export function kindRefusal(kind: BuildKind, level: number, standing: readonly Pick<BuildingView, 'type'>[]): string | null {
  if (!isUnlockedBuilding(kind.type)) return null;
  const refusal = unlockRefusal(kind.type, level);
  if (refusal) return `needs ${levelName(UNLOCKED_BUILDING_DEFS[kind.type].needsLevel)}`;
  return standing.some((b) => b.type === kind.type) ? 'built' : null;
}

export const buildKind = (key: string): BuildKind => BUILD_KINDS.find((k) => k.key === key) ?? BUILD_KINDS[0]!;

/** A new building's name until the player types another. */
export const defaultBuildingName = (kind: BuildKind): string => kind.label;

export function costOfNext(kind: BuildKind, standing: readonly Pick<BuildingView, 'type' | 'subtype'>[]): Materials {
  return costToBuild(kind.type, kind.subtype, standing);
}
