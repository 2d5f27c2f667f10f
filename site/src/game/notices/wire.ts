/**
 * Notifications: a toast, its chime (audio/wire.ts plays one for every toast) and the Manage badge for
 * what reaches the player while the panel is closed: bed invitations received (new ids in the invitations list, which
 * the socket's settlement event refreshes at once), an invitation of yours accepted or rejected and being kicked
 * (bed_notice), and a shelter raised by someone else at a site in sight (poi_updated.hasShelter). Opening Manage clears the news; invitations keep counting until answered.
 */
import type { NpcSkill } from '../../../../api/game/npc-skills.ts';
import { computed, atom } from 'nanostores';
import { toast } from '../../stores/toast.ts';
import { api, unwrap } from '../../lib/api.ts';
import { $wanderer } from '../../stores/actions.ts';
import { $mobilePanel } from '../../stores/game.ts';
import { $invitations, $shelters } from '../../stores/settlements.ts';
import type { GameSession } from '../session/context.ts';
import {
  bedNoticeToast,
  invitationToast,
  manageCount,
  newInvitations,
  offerWaitingToast,
  OWN_SHELTER_GRACE_MS,
  shelterSeenToast,
} from './notices.ts';

/** News for Manage not yet seen there (a kick, an NPC back, an offer, a shelter): cleared when Manage opens. */
export const $manageUnseen = atom(0);
/** The count on the phone's Manage button and the sidebar's Your Settlements. */
export const $manageBadge = computed([$invitations, $manageUnseen], (inv, unseen) =>
  manageCount(inv.status === 'ready' ? inv.list.length : 0, unseen),
);

export function noteForManage(): void {
  if ($mobilePanel.get() !== 'manage') $manageUnseen.set($manageUnseen.get() + 1);
}

export function wireNotices(
  s: Pick<GameSession, 'onStop'> & { live?: GameSession['live'] },
  showToast: typeof toast = toast,
  later: (fn: () => void, ms: number) => void = (fn, ms) => void setTimeout(fn, ms),
): void {
  $manageUnseen.set(0);
  let known: Set<string> | null = null;
  s.onStop(
    $invitations.subscribe((state) => {
      if (state.status !== 'ready') return;
      for (const i of newInvitations(known, state.list)) showToast(invitationToast(i));
      known = new Set(state.list.map((i) => i.id));
    }),
  );
  // The settlement's own settlement_updated reloads the panels; this says what happened.
  if (s.live) {
    s.onStop(
      s.live.on('bedNotice', (n) => {
        showToast(bedNoticeToast(n));
        noteForManage();
      }),
    );
    // poi_updated goes to those who see the site; a shelter on it that is not in our list by then is someone else's.
    const told = new Set<string>();
    let stopped = false;
    s.onStop(() => (stopped = true));
    s.onStop(
      s.live.on('poiUpdated', (poi) => {
        if (!poi.hasShelter || told.has(poi.id)) return;
        told.add(poi.id);
        later(() => {
          if (stopped || $shelters.get().some((x) => x.poiId === poi.id)) return;
          showToast(shelterSeenToast);
          noteForManage();
        }, OWN_SHELTER_GRACE_MS);
      }),
    );
  }
  s.onStop(
    $mobilePanel.subscribe((open) => {
      if (open === 'manage') $manageUnseen.set(0);
    }),
  );
}

type OfferCheck = () => Promise<{ shouldSpawn: boolean; npc?: { name: string; description: string; skills?: NpcSkill[] } }>;

/**
 * A wanderer's offer outlives a reload (it stands NPC_OFFER_TTL_MS on the server): asked once at the start, an open
 * one is offered again (the recruit dialog) with a toast and a count on Manage.
 */
export async function restoreOffer(
  s: Pick<GameSession, 'worldId' | 'failed'>,
  check: OfferCheck = async () =>
    unwrap(api.api.player['npc-spawn-check'].get({ query: { worldId: s.worldId } })) as ReturnType<OfferCheck>,
  showToast: typeof toast = toast,
): Promise<void> {
  try {
    const offer = await check();
    if (!offer.shouldSpawn || !offer.npc || $wanderer.get()) return;
    $wanderer.set({
      name: offer.npc.name,
      description: offer.npc.description,
      ...(offer.npc.skills ? { skills: offer.npc.skills } : {}),
      named: true,
    });
    showToast(offerWaitingToast(offer.npc.name));
    noteForManage();
  } catch (err) {
    s.failed('npc offer check', err);
  }
}
