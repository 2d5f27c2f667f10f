/**
 * The words of raids, upkeep and injuries on the page: the toasts and game-log lines of the three live frames, the
 * Treat toasts, and the labels of threat, outcome and condition. The sentences themselves are the contract's
 * (RAID_TEXT, api/contract/raids.ts); this only puts them together. Pure.
 */
import { lossesSummary, RAID_TEXT, type ThreatLevel } from '../../../../api/contract/raid-text.ts';
import type { RaidView } from '../../../../api/contract/raids.ts';
import { type NpcCondition, UNFED_DAYS_TO_LEAVE } from '../../../../api/game/upkeep.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { reasonOf } from '../npcs/text.ts';
import { formatCountdown } from './countdown.ts';

/** Raid toasts stay longer than the usual 5 s: they report what happened while you were busy elsewhere. */
export const RAID_TOAST_MS = 10_000;

export const THREAT_LABELS: Record<ThreatLevel, string> = { none: 'None', low: 'Low', high: 'High' };
export const OUTCOME_LABELS: Record<RaidView['outcome'], string> = { repelled: 'Repelled', breached: 'Breached' };
export const CONDITION_LABELS: Record<NpcCondition, string> = { fit: 'Fit', injured: 'Injured', hungry: 'Hungry' };
/** What a condition means, after its label. */
export const CONDITION_HINTS: Record<NpcCondition, string> = {
  fit: 'works and defends',
  injured: 'rests instead of working or defending until treated or healed',
  hungry: 'no food in storage: works slower, and leaves if nobody feeds them',
};

/** Raiders 40 vs defence 34 · 6 rounds spent · injured: Ada, Bo. */
export function fightText(raid: Pick<RaidView, 'strength' | 'defence' | 'ammoSpent' | 'injured'>): string {
  const parts = [`Raiders ${raid.strength} vs defence ${raid.defence}`];
  if (raid.ammoSpent > 0) parts.push(`${raid.ammoSpent} round${raid.ammoSpent === 1 ? '' : 's'} spent`);
  if (raid.injured.length > 0) parts.push(`injured: ${raid.injured.join(', ')}`);
  return parts.join(' · ');
}

export function warningToast(w: { settlementName: string; strength: number | null }, msLeft: number): ToastInput {
  const strength = w.strength === null ? '' : ` · raiders' strength about ${w.strength}`;
  return {
    title: RAID_TEXT.warning(w.settlementName),
    description: `They arrive in ${formatCountdown(msLeft)}${strength}. Members in the settlement at arrival fight too.`,
    variant: 'destructive',
    duration: RAID_TOAST_MS,
  };
}

export function resultToast(settlementName: string, raid: RaidView): ToastInput {
  const breached = raid.outcome === 'breached';
  const lost = breached ? lossesSummary(raid.losses) : '';
  const losses = lost ? `. ${lost}` : '';
  return {
    title: breached ? RAID_TEXT.breached(settlementName) : RAID_TEXT.repelled(settlementName),
    description: `${fightText(raid)}${losses}`,
    variant: breached ? 'destructive' : 'default',
    duration: RAID_TOAST_MS,
  };
}

/** The game-log line of a warning: 'Raiders are coming to Haven! They arrive in 01:30.' */
export const warningLine = (settlementName: string, msLeft: number): string =>
  `${RAID_TEXT.warning(settlementName)} They arrive in ${formatCountdown(msLeft)}.`;

/** The game-log line of a result: the outcome, the fight and what was lost. */
export function resultLine(settlementName: string, raid: RaidView): string {
  const t = resultToast(settlementName, raid);
  return `${t.title}: ${t.description}`;
}

/** The game-log line of an NPC's new condition ('left' is RAID_TEXT.left: nobody fed them). */
export function conditionLine(npc: string, settlement: string, condition: NpcCondition | 'left'): string {
  switch (condition) {
    case 'left':
      return RAID_TEXT.left(npc, settlement);
    case 'injured':
      return `${npc} of ${settlement} was injured and rests until treated`;
    case 'hungry':
      return `${npc} of ${settlement} is hungry: no food in storage`;
    case 'fit':
      return `${npc} of ${settlement} is fit again`;
  }
}

/** An NPC walked away unfed: a notice for every member, wherever they are. */
export const leftToast = (npc: string, settlement: string): ToastInput => ({
  title: RAID_TEXT.left(npc, settlement),
  description: 'Their bed is free and their gear is in storage. Keep food in a food container: each NPC eats every day.',
  variant: 'destructive',
  duration: RAID_TOAST_MS,
});

/** An NPC went hungry: a notice for every member (they leave if it lasts), saying what fixes it. */
export const hungryToast = (npc: string, settlement: string): ToastInput => ({
  title: `${npc} of ${settlement} is hungry`,
  description: `No food in storage: they work slower and leave after ${UNFED_DAYS_TO_LEAVE} days unfed. Put food in a food container.`,
  variant: 'destructive',
  duration: RAID_TOAST_MS,
});

export const treatedToast = (message: string): ToastInput => ({ title: message });
export const treatFailedToast = (err: unknown): ToastInput => ({
  title: 'Treatment failed',
  description: reasonOf(err) || undefined,
  variant: 'destructive',
});
