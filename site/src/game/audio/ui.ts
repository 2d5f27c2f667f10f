/**
 * The interface's own sounds from one delegated listener each, so no component calls the audio: a click on any
 * control, a hover over one (mouse only, one per control, at most one per HOVER_GAP_MS), and the inventory's open
 * and close for a disclosure marked `data-audio-toggle="inventory"` (its aria-expanded, read before the click
 * flips it, says which).
 */
import { HOVER_GAP_MS } from '../../lib/audio-rules.ts';
import type { SoundName } from './sounds.ts';

const CONTROL = 'button, a[href], summary, [role="button"], [role="tab"], [role="menuitem"], [role="switch"]';

function controlOf(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest<HTMLElement>(CONTROL);
  if (!el || el.matches(':disabled, [aria-disabled="true"]')) return null;
  return el;
}

export function clickSound(el: HTMLElement): SoundName {
  if (el.dataset.audioToggle === 'inventory')
    return el.getAttribute('aria-expanded') === 'true' ? 'inventoryClose' : 'inventoryOpen';
  return 'click';
}

/** Listens on `doc`; returns the function that stops listening. */
export function listenToUi(doc: Document, play: (name: SoundName) => void, now = () => performance.now()): () => void {
  let hovered: HTMLElement | null = null;
  let hoveredAt = -Infinity;

  const onClick = (e: MouseEvent) => {
    const el = controlOf(e.target);
    if (el) play(clickSound(el));
  };
  const onOver = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    const el = controlOf(e.target);
    if (el === hovered) return;
    hovered = el;
    if (!el || now() - hoveredAt < HOVER_GAP_MS) return;
    hoveredAt = now();
    play('hover');
  };
  // Capture: the sound hears the click before a React handler re-renders (aria-expanded) or stops it.
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('pointerover', onOver, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('pointerover', onOver, true);
  };
}

/** Calls `unlock` on the player's first pointerdown or keydown (the browser's condition for sound), then stops. */
export function unlockOnFirstTouch(doc: Document, unlock: () => boolean): () => void {
  const onTouch = () => {
    if (unlock()) stop();
  };
  const stop = () => {
    doc.removeEventListener('pointerdown', onTouch, true);
    doc.removeEventListener('keydown', onTouch, true);
  };
  doc.addEventListener('pointerdown', onTouch, true);
  doc.addEventListener('keydown', onTouch, true);
  return stop;
}
