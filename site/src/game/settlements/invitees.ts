/**
 * Whom the invite dialog offers: the survivors online in this world and those seen online since the page loaded,
 * minus the player and those who already sleep in the settlement, filtered by what was typed (display name or
 * username, regardless of case). Display names are not unique by themselves everywhere (older names, look-alikes),
 * so each is shown with its username and an invitation from the list names the survivor by id. Pure.
 */
import { normaliseName } from '../../../../api/game/names.ts';
import type { LivePlayer } from '../../../../api/contract/protocol.ts';

export interface Invitee {
  id: string;
  /** Null when the survivor has none: the username is all there is to show. */
  displayName: string | null;
  username: string;
  online: boolean;
}

export interface InviteesInput {
  online: ReadonlyMap<string, LivePlayer>;
  seen: ReadonlyMap<string, LivePlayer>;
  meId: string | null;
  /** Ids that cannot be invited here (they hold a bed in this settlement already). */
  exclude: ReadonlySet<string>;
  query: string;
}

/** The dialog lists at most this many; typing narrows it. */
export const INVITEES_SHOWN = 40;

const folded = (s: string) => normaliseName(s).toLowerCase();

export function invitees(input: InviteesInput): Invitee[] {
  const q = folded(input.query);
  const all = new Map<string, LivePlayer>([...input.seen, ...input.online]);
  const out: Invitee[] = [];
  for (const p of all.values()) {
    if (p.id === input.meId || input.exclude.has(p.id)) continue;
    const displayName = p.displayName || null;
    if (q && !folded(p.name).includes(q) && !(displayName && folded(displayName).includes(q))) continue;
    out.push({ id: p.id, displayName, username: p.name, online: input.online.has(p.id) });
  }
  const exact = (i: Invitee) => (q && (folded(i.username) === q || folded(i.displayName ?? '') === q) ? 0 : 1);
  return out
    .sort(
      (a, b) =>
        exact(a) - exact(b) ||
        Number(b.online) - Number(a.online) ||
        (a.displayName ?? a.username).localeCompare(b.displayName ?? b.username) ||
        a.username.localeCompare(b.username),
    )
    .slice(0, INVITEES_SHOWN);
}

/** "Bea (@bea_12)", or "@bea_12" without a display name: both names, so look-alikes can be told apart. */
export function inviteeLabel(i: Pick<Invitee, 'displayName' | 'username'>): string {
  return i.displayName ? `${i.displayName} (@${i.username})` : `@${i.username}`;
}
