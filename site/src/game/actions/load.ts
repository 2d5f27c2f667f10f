/**
 * What the page says about the pack's weight: the load bar's words and the toast when the pack crosses into slow
 * walking or reaches its limit. The numbers are the server's rule (api/game/carrying.ts), never copied.
 */
import { carryLimit, kg, paceAt, type PackState as PackLoad } from '../../../../api/game/carrying.ts';
import type { ToastInput } from '../../stores/toast.ts';

export type LoadLevel = 'light' | 'heavy' | 'full';

export function loadLevel(p: PackLoad): LoadLevel {
  if (p.load >= carryLimit(p.capacity)) return 'full';
  return p.load > p.capacity ? 'heavy' : 'light';
}

/** "34.2 / 40 kg" */
export function loadText(p: PackLoad): string {
  return `${kg(p.load).replace(' kg', '')} / ${kg(p.capacity)}`;
}

/** The line under the bar: full speed, how slow, or full. */
export function loadNote(p: PackLoad): string {
  const level = loadLevel(p);
  const pct = Math.round(paceAt(p.load, p.capacity) * 100);
  if (level === 'full') return `Pack full: walking at ${pct}% speed; nothing more can be picked up`;
  if (level === 'heavy') return `Heavy: walking at ${pct}% speed (full speed up to ${kg(p.capacity)})`;
  return `Full speed up to ${kg(p.capacity)}; slower above, nothing more past ${kg(carryLimit(p.capacity))}`;
}

/** A toast when the pack gets heavier than a level it was at (the first weighing of a session says nothing). */
export function packNotice(before: PackLoad | undefined, after: PackLoad): ToastInput | null {
  if (!before) return null;
  const was = loadLevel(before);
  const now = loadLevel(after);
  if (was === now || now === 'light' || (was === 'full' && now === 'heavy')) return null;
  const pct = Math.round(paceAt(after.load, after.capacity) * 100);
  if (now === 'full') {
    return {
      title: 'Your pack is full',
      description: `You walk at ${pct}% speed and can pick nothing more up: store something at a settlement.`,
    };
  }
  return {
    title: 'Your pack is heavy',
    description: `You walk at ${pct}% speed above ${kg(after.capacity)}: store something at a settlement to walk at full speed.`,
  };
}
