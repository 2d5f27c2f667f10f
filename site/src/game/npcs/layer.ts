/**
 * NPCs on the map: the world's list (GET /world/:id/npcs: the settlements around you and your own) plus the live
 * journeys and arrivals, each NPC gliding along its journey (glide.ts). An NPC is drawn when you see its spot (no fog
 * over it), or anywhere when you wear a Portable Radio and it carries one (radio.ts says which do). The map redraws
 * for them while what it would show differs from its last draw: one glides, comes into sight, the radio goes on…
 */
import type { NpcView } from '../../../../api/contract/npcs.ts';
import { LayerZ, type MapLayer, type MapView, type MinimapDot } from '../map/layer.ts';
import { type JourneyInput, NpcMotion } from './glide.ts';
import { LABEL_GAP_PX, placeNpcs } from './placement.ts';
import { drawNpc, NPC_COLOURS } from './sprite.ts';
import { LABEL_HEIGHT } from '../map/labels.ts';
import { drawLabel } from '../map/sprites.ts';

export interface NpcLayerDeps {
  /** The survivor sees this world position now (map/terrain.ts). */
  sees(x: number, y: number): boolean;
  /** The survivor wears a Portable Radio. */
  radioOn(): boolean;
  /** The settlement is one the survivor manages (its NPCs are theirs). */
  isOwn(settlementId: string): boolean;
}

interface Entry {
  motion: NpcMotion;
  name: string;
  settlementId: string | null;
}

export interface NpcNow {
  id: string;
  name: string;
  settlementId: string | null;
  x: number;
  y: number;
  moving: boolean;
  purpose: string | null;
  own: boolean;
  /** Drawn: in sight, or tracked by radio. */
  visible: boolean;
  /** Seen only thanks to the radio (out of sight). */
  byRadio: boolean;
}

export class NpcLayer implements MapLayer {
  readonly z = LayerZ.npcs;
  private readonly npcs = new Map<string, Entry>();
  /** NPCs that carry a Portable Radio (GET /npcs/batch-equipment). */
  private radios = new Set<string>();
  /** The NPCs the last draw showed (null: not drawn yet). */
  private drawn: NpcNow[] | null = null;

  constructor(private readonly d: NpcLayerDeps) {}

  /** The world's list: adds and updates its NPCs, forgets the others (out of range, dismissed). */
  setAll(list: readonly NpcView[], now = performance.now(), epochNow = Date.now()): void {
    const seen = new Set<string>();
    for (const v of list) {
      seen.add(v.id);
      let e = this.npcs.get(v.id);
      if (!e) this.npcs.set(v.id, (e = { motion: new NpcMotion(v.x, v.y), name: v.name, settlementId: v.settlementId }));
      e.name = v.name;
      e.settlementId = v.settlementId;
      e.motion.fromList(v, now, epochNow);
    }
    for (const id of [...this.npcs.keys()]) if (!seen.has(id)) this.npcs.delete(id);
  }

  /** npc_movement_journey; returns false for an NPC the list has not named yet (it is tracked all the same). */
  journey(j: JourneyInput & { npcId: string }, now = performance.now()): boolean {
    const e = this.npcs.get(j.npcId);
    if (e) {
      e.motion.journey(j, now);
      return true;
    }
    const motion = new NpcMotion(j.startX, j.startY);
    motion.journey(j, now);
    this.npcs.set(j.npcId, { motion, name: 'Survivor', settlementId: null });
    return false;
  }

  /** npc_arrival; false for an unknown NPC (placed there all the same). */
  arrival(a: { npcId: string; x: number; y: number }): boolean {
    const e = this.npcs.get(a.npcId);
    if (e) {
      e.motion.arrive(a.x, a.y);
      return true;
    }
    this.npcs.set(a.npcId, { motion: new NpcMotion(a.x, a.y), name: 'Survivor', settlementId: null });
    return false;
  }

  setRadios(ids: Iterable<string>): void {
    this.radios = new Set(ids);
  }

  ids(): string[] {
    return [...this.npcs.keys()];
  }

  /** Every known NPC at `now`, with whether it is drawn. */
  at(now: number): NpcNow[] {
    const radioOn = this.d.radioOn();
    const out: NpcNow[] = [];
    for (const [id, e] of this.npcs) {
      const p = e.motion.at(now);
      const inSight = this.d.sees(p.x, p.y);
      const byRadio = !inSight && radioOn && this.radios.has(id);
      out.push({
        id,
        name: e.name,
        settlementId: e.settlementId,
        x: p.x,
        y: p.y,
        moving: p.moving,
        purpose: p.purpose,
        own: e.settlementId !== null && this.d.isOwn(e.settlementId),
        visible: inSight || byRadio,
        byRadio,
      });
    }
    return out;
  }

  /** The drawn ones at `now`. */
  private visibleAt(now: number): NpcNow[] {
    return this.at(now).filter((n) => n.visible);
  }

  /**
   * Whether the NPCs shown at `now` differ from the last draw's: one moved, came into sight or left it, the radio
   * went on or off, a settlement became yours, a name changed. Asks the same questions draw() does (sight, radio,
   * ownership), so a change there counts whoever made it.
   */
  needsDraw(now: number): boolean {
    return this.drawn === null || !sameNpcs(this.drawn, this.visibleAt(now));
  }

  draw(ctx: CanvasRenderingContext2D, view: MapView): void {
    const shown = new Map<string, NpcNow>();
    const onScreen = [];
    const visible = this.visibleAt(view.now);
    this.drawn = visible;
    for (const n of visible) {
      const p = view.toScreen(n.x, n.y);
      if (!view.onScreen(p)) continue;
      shown.set(n.id, n);
      onScreen.push({ id: n.id, name: n.name, x: p.x, y: p.y, moving: n.moving });
    }
    for (const placed of placeNpcs(onScreen, view.toScreen(view.me.x, view.me.y))) {
      const n = shown.get(placed.id)!;
      drawNpc(ctx, placed.x, placed.y, n.own, view.small, n.byRadio);
      if (placed.label && !view.small) {
        // Placed with the map's other labels, under a settlement's or a survivor's: a name that would print over
        // one of theirs is left out rather than drawn across it.
        drawLabel(
          ctx,
          placed.label,
          placed.x + LABEL_GAP_PX,
          placed.y + LABEL_HEIGHT / 2,
          n.own ? NPC_COLOURS.own : NPC_COLOURS.other,
          {
            from: 'left',
            priority: LayerZ.settlements - 1,
          },
        );
      }
    }
  }

  minimapDots(view: MapView): MinimapDot[] {
    return this.visibleAt(view.now).map((n) => ({ x: n.x, y: n.y, colour: n.own ? NPC_COLOURS.own : NPC_COLOURS.other }));
  }
}

/** The same NPCs, drawn alike (what draw() reads of each). */
function sameNpcs(a: readonly NpcNow[], b: readonly NpcNow[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const q = b[i]!;
    if (p.id !== q.id || p.x !== q.x || p.y !== q.y || p.name !== q.name) return false;
    if (p.own !== q.own || p.byRadio !== q.byRadio || p.moving !== q.moving) return false;
  }
  return true;
}
