/**
 * Map input: a tap or click moves, a drag pans, the wheel and a two-finger pinch zoom (toward the pointer),
 * WASD / arrow keys walk, + and - zoom, C re-centres on the survivor. DOM events in, intents out.
 */
import { MOVEMENT_KEYS } from './walker.ts';

/** A press that moves less than this (CSS px) is a tap, not a drag. */
export const TAP_SLOP_PX = 6;

export interface MapIntents {
  tap(sx: number, sy: number): void;
  pan(dxPx: number, dyPx: number): void;
  /** Zoom by a wheel event at (sx, sy). */
  wheel(deltaY: number, deltaMode: number, sx: number, sy: number): void;
  /** A pinch started (returns the zoom at its start) and changed. */
  pinchStart(): number;
  pinch(startZoom: number, startDistance: number, distance: number, cx: number, cy: number): void;
  keys(held: ReadonlySet<string>): void;
  zoomStep(steps: number): void;
  recentre(): void;
}

/** Whether a key press belongs to a form control (typing a name must not walk the survivor). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.isContentEditable || el.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

export const isTap = (dx: number, dy: number) => Math.hypot(dx, dy) < TAP_SLOP_PX;

/** Two fingers' spread (what a pinch scales the zoom by) and midpoint (what it zooms toward and pans with). */
export function pinchGeometry(a: { x: number; y: number }, b: { x: number; y: number }) {
  return { distance: Math.hypot(a.x - b.x, a.y - b.y), cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2 };
}

export function bindMapInput(el: HTMLElement, intents: MapIntents): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let press: { id: number; x: number; y: number; dragging: boolean } | null = null;
  let pinch: { startZoom: number; startDistance: number; cx: number; cy: number } | null = null;
  const held = new Set<string>();

  const local = (e: { clientX: number; clientY: number }) => {
    const r = el.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const fingers = () => {
    const [a, b] = [...pointers.values()];
    return pinchGeometry(a!, b!);
  };

  const onDown = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    el.setPointerCapture?.(e.pointerId);
    pointers.set(e.pointerId, local(e));
    if (pointers.size === 1) {
      const p = local(e);
      press = { id: e.pointerId, x: p.x, y: p.y, dragging: false };
    } else if (pointers.size === 2) {
      press = null;
      const g = fingers();
      pinch = { startZoom: intents.pinchStart(), startDistance: g.distance, cx: g.cx, cy: g.cy };
    }
  };
  const onMove = (e: PointerEvent) => {
    const last = pointers.get(e.pointerId);
    if (!last) return;
    const p = local(e);
    pointers.set(e.pointerId, p);
    if (pinch && pointers.size >= 2) {
      const g = fingers();
      intents.pan(g.cx - pinch.cx, g.cy - pinch.cy);
      pinch.cx = g.cx;
      pinch.cy = g.cy;
      intents.pinch(pinch.startZoom, pinch.startDistance, g.distance, g.cx, g.cy);
      return;
    }
    if (!press || press.id !== e.pointerId) return;
    if (!press.dragging && !isTap(p.x - press.x, p.y - press.y)) press.dragging = true;
    if (press.dragging) intents.pan(p.x - last.x, p.y - last.y);
  };
  const onUp = (e: PointerEvent) => {
    if (!pointers.delete(e.pointerId)) return;
    if (pointers.size < 2) pinch = null;
    if (press && press.id === e.pointerId) {
      const p = local(e);
      if (!press.dragging && e.type === 'pointerup' && isTap(p.x - press.x, p.y - press.y)) intents.tap(p.x, p.y);
      press = null;
    }
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const p = local(e);
    intents.wheel(e.deltaY, e.deltaMode, p.x, p.y);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
    if (MOVEMENT_KEYS.has(e.code)) {
      e.preventDefault();
      if (!held.has(e.code)) {
        held.add(e.code);
        intents.keys(held);
      }
      return;
    }
    if (e.key === '+' || e.key === '=') intents.zoomStep(1);
    else if (e.key === '-' || e.key === '_') intents.zoomStep(-1);
    else if (e.code === 'KeyC') intents.recentre();
  };
  const onKeyUp = (e: KeyboardEvent) => {
    if (held.delete(e.code)) intents.keys(held);
  };
  const onBlur = () => {
    if (held.size === 0) return;
    held.clear();
    intents.keys(held);
  };

  el.addEventListener('pointerdown', onDown);
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointercancel', onUp);
  el.addEventListener('wheel', onWheel, { passive: false });
  window.addEventListener('keydown', onKeyDown);
  window.addEventListener('keyup', onKeyUp);
  window.addEventListener('blur', onBlur);
  return () => {
    el.removeEventListener('pointerdown', onDown);
    el.removeEventListener('pointermove', onMove);
    el.removeEventListener('pointerup', onUp);
    el.removeEventListener('pointercancel', onUp);
    el.removeEventListener('wheel', onWheel);
    window.removeEventListener('keydown', onKeyDown);
    window.removeEventListener('keyup', onKeyUp);
    window.removeEventListener('blur', onBlur);
  };
}
