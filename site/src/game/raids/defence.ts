/**
 * What the Defence section derives from GET /settlements/:id/defence: whether the ammunition arms every defender,
 * how many in-game days the food lasts, the threat in words, and when the next night, raid or end of beginner's
 * protection comes. The numbers are the rules' (api/game/raids.ts, api/game/upkeep.ts), imported, never copied. Pure.
 */
import type { DefenceView } from '../../../../api/contract/raids.ts';
import { AMMO_PER_DEFENDER, UNARMED_FACTOR } from '../../../../api/game/raids.ts';
import { HUNGRY_WORK_FACTOR, NPC_FOOD_PER_DAY, UNFED_DAYS_TO_LEAVE } from '../../../../api/game/upkeep.ts';
import { formatCountdown } from './countdown.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** '12 rounds', and a warning when some defenders would fight unarmed. */
export function ammoText(d: Pick<DefenceView, 'ammo' | 'defenders'>): { text: string; short: string | null } {
  const armed = Math.min(d.defenders, Math.floor(d.ammo / AMMO_PER_DEFENDER));
  const text = plural(d.ammo, 'round');
  if (armed >= d.defenders) return { text, short: null };
  const weak = `${Math.round(UNARMED_FACTOR * 100)}%`;
  if (armed === 0)
    return { text, short: `No ammunition (${AMMO_PER_DEFENDER} rounds per defender): defenders fight at ${weak}.` };
  return {
    text,
    short: `Ammunition for ${armed} of ${plural(d.defenders, 'defender')} (${AMMO_PER_DEFENDER} rounds each): the others fight at ${weak}.`,
  };
}

/** The upkeep line and, when tomorrow's meals are short, what that means. */
export function upkeepText(u: DefenceView['upkeep']): { text: string; short: string | null } {
  if (u.npcs === 0) return { text: `No NPCs to feed · ${u.food} food stored`, short: null };
  const days = u.foodPerDay > 0 ? Math.floor(u.food / u.foodPerDay) : 0;
  const text = `${plural(u.npcs, 'NPC')} × ${NPC_FOOD_PER_DAY} = ${u.foodPerDay} food a day · ${u.food} stored (${plural(days, 'day')})`;
  if (u.food >= u.foodPerDay) return { text, short: null };
  return {
    text,
    short: `Not enough food for the next meal: hungry NPCs work ${HUNGRY_WORK_FACTOR}× slower and leave after ${plural(UNFED_DAYS_TO_LEAVE, 'day')} unfed.`,
  };
}

/** Why the threat is what it is, in a few words. */
export function threatHint(d: Pick<DefenceView, 'threat' | 'wealthAbove' | 'protectedUntil'>, now: number): string {
  if (d.protectedUntil && Date.parse(d.protectedUntil) > now) return "Beginner's protection: no raid yet";
  if (d.wealthAbove <= 0) return 'Nothing stored above protection: raiders pass you by';
  if (d.threat === 'high') return 'A raid is likely on a coming night';
  return d.threat === 'low' ? 'A raid is possible on a coming night' : 'No raid expected';
}

/** '20:15 (in 03:12)', or `past` once it has come; the clock's format is the caller's (the page's locale). */
export function whenText(iso: string, now: number, clock: (ms: number) => string, past = 'now'): string {
  const at = Date.parse(iso);
  return at > now ? `${clock(at)} (in ${formatCountdown(at - now)})` : past;
}

/** Each container's units and the part of them above its protected capacity (what a breach may take from it). */
export function exposure(
  entries: readonly { building: { id: string; name: string }; totalQuantity: number; protectedCapacity: number }[],
): { id: string; name: string; stored: number; above: number; protectedCapacity: number }[] {
  return entries.map((e) => ({
    id: e.building.id,
    name: e.building.name,
    stored: e.totalQuantity,
    above: Math.max(0, e.totalQuantity - e.protectedCapacity),
    protectedCapacity: e.protectedCapacity,
  }));
}
