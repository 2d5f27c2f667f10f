/**
 * The words of crafting on the page: the recipe rows (what an input lacks and where the rest is stored, why Craft is
 * off), times, the bench's pace, the queue's status, and the toasts and game-log lines of crafting, cancelling and a
 * job done. The server's own sentences (CRAFT_TEXT, its 409 "Insufficient materials! Missing …") are shown as they
 * come. Pure.
 */
import { CRAFT_TEXT, craftPace, isCraftable, type Recipe } from '../../../../api/game/crafting.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { reasonOf } from '../npcs/text.ts';
import { formatCountdown } from '../raids/countdown.ts';
import type { InputRow } from './book.ts';

/** '15 s', '1 min 30 s', '3 min', '1 h 5 min'. */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return rest > 0 ? `${m} min ${rest} s` : `${m} min`;
}

/** 'Portable Radio ×1'; a recipe named apart from its output says what comes out: 'Smoked Fish (Dried Meat ×2)'. */
export function productText(r: Pick<Recipe, 'name' | 'output'>, quantity = 1): string {
  const made = `${r.output.itemName} ×${r.output.quantity * quantity}`;
  return r.name === r.output.itemName ? made : `${r.name} (${made})`;
}

/** What follows an input's have/need: '1 missing', '2 in storage', '1 missing · 1 in storage'; '' when the pack pays. */
export function inputNote(row: Pick<InputRow, 'missing' | 'storage'>): string {
  const parts: string[] = [];
  if (row.missing > 0) parts.push(`${row.missing} missing`);
  if (row.storage > 0) parts.push(`${row.storage} in storage`);
  return parts.join(' · ');
}

/** Why Craft is off: 'Missing 1 Rope, 2 Batteries' (the server's order and words); '' when everything is there. */
export function missingText(rows: readonly Pick<InputRow, 'itemName' | 'missing'>[]): string {
  const short = rows.filter((r) => r.missing > 0);
  return short.length ? `Missing ${short.map((r) => `${r.missing} ${r.itemName}`).join(', ')}` : '';
}

/** The bench's pace, and what makes it faster. */
export function paceText(crafters: number): string {
  if (crafters <= 0) return 'Nobody at the bench: an NPC assigned to Craft doubles the pace.';
  // A mechanic counts 1.5 (api/game/npc-skills.ts): the units are shown as the pace they give.
  const who = Number.isInteger(crafters) ? (crafters === 1 ? '1 NPC crafts' : `${crafters} NPCs craft`) : 'Your crafters work';
  return `${who} here: the bench works ×${craftPace(crafters)} as fast.`;
}

/** A job's line under its bar: its time left, 'Finishing...' past its time, or when a waiting one should be done. */
export function jobStatus(job: { started: boolean; msLeft: number }): string {
  if (!job.started) return `Waiting · done in about ${formatCountdown(job.msLeft)}`;
  return job.msLeft > 0 ? `${formatCountdown(job.msLeft)} left` : 'Finishing...';
}

/** 'Crafting 1 Portable Radio' with when it should be ready (the server's projection, NPC_TIME_SCALE included). */
export function queuedToast(message: string, msLeft: number | null): ToastInput {
  return { title: message, description: msLeft === null ? undefined : `Ready in about ${formatCountdown(msLeft)}.` };
}

/** 'Failed to craft' with the server's reason (a 409's 'Insufficient materials! Missing 1 Rope.', a full queue, reach). */
export const craftFailedToast = (err: unknown): ToastInput => ({
  title: CRAFT_TEXT.failed,
  description: reasonOf(err) || undefined,
  variant: 'destructive',
});

/** '2 back in your pack, 3 back in storage'. */
export function refundText(refunded: { toPack: number; toStorage: number }): string {
  const parts: string[] = [];
  if (refunded.toPack > 0) parts.push(`${refunded.toPack} back in your pack`);
  if (refunded.toStorage > 0) parts.push(`${refunded.toStorage} back in storage`);
  return parts.join(', ');
}

export function cancelledToast(message: string, refunded: { toPack: number; toStorage: number }): ToastInput {
  return { title: message, description: refundText(refunded) || undefined };
}

export const cancelFailedToast = (err: unknown): ToastInput => ({
  title: 'Failed to cancel',
  description: reasonOf(err) || undefined,
  variant: 'destructive',
});

export interface CraftDone {
  settlementName: string;
  itemName: string;
  quantity: number;
  quality: number;
  deliveredTo: 'pack' | 'storage';
}

/** 'in your pack' / "in Haven's storage". */
const whereText = (d: Pick<CraftDone, 'deliveredTo' | 'settlementName'>) =>
  d.deliveredTo === 'pack' ? 'in your pack' : `in ${d.settlementName}'s storage`;

/** 'Portable Radio ×1 is ready — in your pack'. */
export function doneToast(d: CraftDone): ToastInput {
  return { title: `${d.itemName} ×${d.quantity} is ready — ${whereText(d)}`, description: `Quality ${d.quality}.` };
}

/** The game-log line: 'Portable Radio ×1 (Q55) crafted at Haven, in your pack' (or 'in its storage'). */
export function doneLine(d: CraftDone): string {
  const where = d.deliveredTo === 'pack' ? 'in your pack' : 'in its storage';
  return `${d.itemName} ×${d.quantity} (Q${d.quality}) crafted at ${d.settlementName}, ${where}`;
}

/** The inventory's mark on an item some recipe makes. */
export function craftableMark(itemName: string): { text: string; title: string } | null {
  return isCraftable(itemName)
    ? { text: 'Craftable', title: "Made at a settlement's bench: Crafting, in the settlement panel" }
    : null;
}
