/**
 * The Wanderer dialog's flow (spec sections 2, 4, 5 and 8): when a scavenge draws a survivor, load the offer and
 * the settlements with an empty bed (GET recruitment-options; when that fails, the player's settlements with
 * emptyBeds > 0 and, unless the scavenge named the survivor, GET generate-random with the spec's defaults), then
 * Recruit into the chosen settlement or Dismiss. The server decides; this reports it with the spec's toasts.
 * Dependencies are injected (npcs/wire.ts wires the real ones), so the flow is unit-tested without a browser.
 */
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import type { SettlementView } from '../../../../api/contract/settlements.ts';
import { DEFAULT_NPC } from '../../../../api/game/npcs.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $wanderer } from '../../stores/actions.ts';
import { $recruit, $recruitPending, type RecruitChoice } from '../../stores/npcs.ts';
import { dismissedToast, dismissFailedToast, NPC_TOASTS, recruitedToast, recruitFailedToast } from './text.ts';

export interface Survivor {
  name: string;
  description: string;
}

export interface RecruitCalls {
  options(): Promise<{ npc: Survivor | null; settlements: readonly RecruitChoice[] }>;
  /** The fallback's settlements: the player's own (GET /player/settlements). */
  mySettlements(): Promise<readonly SettlementView[]>;
  generateRandom(): Promise<Survivor>;
  recruit(body: { npcName: string; npcDescription: string; settlementId: string }): Promise<{ message: string }>;
  dismiss(npcName: string): Promise<{ message: string }>;
}

export interface RecruitDeps {
  calls: RecruitCalls;
  toast(t: ToastInput): void;
  unauthorized(): void;
  /** A survivor joined a settlement: refetch what shows it (the settlement lists, its NPCs, the map's NPCs). */
  recruited(settlementId: string): void;
}

export interface Recruiter {
  /** Loads the dialog's data for the survivor the scavenge drew ($recruit). */
  load(drawn: { name: string; description: string; named: boolean }): Promise<void>;
  /** Recruits into `settlementId`; false when refused, not sent, or another call is in flight. */
  recruit(settlementId: string | null): Promise<boolean>;
  /** Turns the survivor away on the server; the dialog closes whatever the answer. */
  dismiss(): Promise<boolean>;
}

/** The fallback's choice: the settlements the player manages with an empty bed. */
export function withEmptyBeds(list: readonly SettlementView[]): RecruitChoice[] {
  return list
    .filter((s) => s.status === 'manageable' && s.emptyBeds > 0)
    .map((s) => ({ id: s.id, name: s.name, emptyBeds: s.emptyBeds, x: s.x, y: s.y }));
}

export function createRecruiter(d: RecruitDeps): Recruiter {
  let loadSeq = 0;

  const fail = (err: unknown, t: ToastInput) => {
    if (isUnauthorizedError(err)) return d.unauthorized();
    console.warn(`[npcs] ${t.title}:`, err);
    d.toast(t);
  };

  async function load(drawn: { name: string; description: string; named: boolean }): Promise<void> {
    const seq = ++loadSeq;
    $recruit.set({ status: 'loading' });
    let npc: Survivor;
    let settlements: RecruitChoice[];
    let offered: boolean;
    try {
      const o = await d.calls.options();
      npc = o.npc ?? { name: drawn.name, description: drawn.description };
      settlements = o.settlements.filter((s) => s.emptyBeds > 0);
      offered = !!o.npc;
    } catch (err) {
      if (isUnauthorizedError(err)) return d.unauthorized();
      console.warn('[npcs] recruitment options failed; falling back', err);
      const [mine, generated] = await Promise.all([
        d.calls.mySettlements().then(withEmptyBeds, (e) => {
          console.warn('[npcs] settlements for the fallback failed', e);
          return [] as RecruitChoice[];
        }),
        drawn.named
          ? Promise.resolve({ name: drawn.name, description: drawn.description })
          : d.calls.generateRandom().catch(() => ({ ...DEFAULT_NPC })),
      ]);
      npc = { name: generated.name || DEFAULT_NPC.name, description: generated.description || DEFAULT_NPC.description };
      settlements = mine;
      offered = true;
    }
    if (seq !== loadSeq || !$wanderer.get()) return; // another survivor, or the dialog closed meanwhile
    $recruit.set({ status: 'ready', npc, settlements });
    // Spec section 4: options without a survivor or a settlement say there is no bed to offer.
    if (!offered || settlements.length === 0) d.toast(NPC_TOASTS.noAvailableBeds);
  }

  async function recruit(settlementId: string | null): Promise<boolean> {
    if ($recruitPending.get()) return false;
    if (!settlementId) {
      d.toast(NPC_TOASTS.noSettlementSelected);
      return false;
    }
    const state = $recruit.get();
    const drawn = $wanderer.get();
    const npc = state.status === 'ready' ? state.npc : drawn;
    if (!npc) return false;
    $recruitPending.set('recruit');
    try {
      const r = await d.calls.recruit({ npcName: npc.name, npcDescription: npc.description, settlementId });
      d.toast(recruitedToast(r.message));
      $wanderer.set(null);
      d.recruited(settlementId);
      return true;
    } catch (err) {
      fail(err, recruitFailedToast(err));
      return false;
    } finally {
      $recruitPending.set(null);
    }
  }

  async function dismiss(): Promise<boolean> {
    if ($recruitPending.get()) return false;
    const state = $recruit.get();
    const drawn = $wanderer.get();
    const npc = state.status === 'ready' ? state.npc : drawn;
    if (!npc) return false;
    $recruitPending.set('dismiss');
    try {
      const r = await d.calls.dismiss(npc.name);
      d.toast(dismissedToast(r.message));
      return true;
    } catch (err) {
      fail(err, dismissFailedToast(err));
      return false;
    } finally {
      $recruitPending.set(null);
      $wanderer.set(null);
    }
  }

  return { load, recruit, dismiss };
}
