/**
 * Where NPC figures and names go on screen. An NPC at rest stands where its settlement (and often the survivor
 * managing it) is drawn, so resting NPCs that share a spot line up in a row just right of it, and the row gets one
 * name to its right ('Rook', or 'Rook +2'); an NPC on a journey is drawn where it is, its name to its right (none
 * while it passes right by the survivor). Names sit to the right, never above (a survivor's) or below (a
 * settlement's). Pure, in screen pixels.
 */

export interface NpcOnScreen {
  id: string;
  name: string;
  x: number;
  y: number;
  moving: boolean;
}

export interface PlacedNpc {
  id: string;
  x: number;
  y: number;
  /** The name to draw right of the figure, or null (another in its row carries the row's name). */
  label: string | null;
}

/** Resting NPCs within this many pixels of each other share a spot. */
export const SAME_SPOT_PX = 10;
/** The row starts this far right of the spot (clear of a survivor's disc and a settlement's flag)… */
export const ROW_START_PX = 22;
/** …and each further NPC this far right of the previous one. */
export const ROW_STEP_PX = 16;
/** A label starts this far right of its figure's centre. */
export const LABEL_GAP_PX = 11;
/** An NPC passing this close to the survivor's marker goes unnamed for the moment (the survivor's name is there). */
export const NEAR_SURVIVOR_PX = 36;

export function rowLabel(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names[0]} +${names.length - 1}`;
}

/** `survivor`: where the local survivor is drawn, whose name an NPC passing by must not cover. */
export function placeNpcs(npcs: readonly NpcOnScreen[], survivor?: { x: number; y: number }): PlacedNpc[] {
  const out: PlacedNpc[] = [];
  const spots: { x: number; y: number; members: NpcOnScreen[] }[] = [];
  for (const n of npcs) {
    if (n.moving) {
      const passing = !!survivor && Math.hypot(n.x - survivor.x, n.y - survivor.y) < NEAR_SURVIVOR_PX;
      out.push({ id: n.id, x: n.x, y: n.y, label: passing ? null : n.name });
      continue;
    }
    const spot = spots.find((s) => Math.hypot(s.x - n.x, s.y - n.y) <= SAME_SPOT_PX);
    if (spot) spot.members.push(n);
    else spots.push({ x: n.x, y: n.y, members: [n] });
  }
  for (const s of spots) {
    const members = [...s.members].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    members.forEach((m, i) => {
      const last = i === members.length - 1;
      out.push({
        id: m.id,
        x: s.x + ROW_START_PX + i * ROW_STEP_PX,
        y: s.y,
        label: last ? rowLabel(members.map((x) => x.name)) : null,
      });
    });
  }
  return out;
}
