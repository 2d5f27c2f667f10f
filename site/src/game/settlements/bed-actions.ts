/**
 * Invite, withdraw, kick and leave (on the beds of the settlement here) and accept / reject (on the player's own
 * invitations, wherever they are): call → server → toast → refresh (run.ts). The server decides who may; the
 * panels offer only what it would allow (beds.ts). Dependencies are injected, so the flows are unit-tested.
 */
import { BED_TEXT } from '../../../../api/game/beds.ts';
import { cleanName } from '../../../../api/game/settlements.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $hereSettlement } from '../../stores/settlements.ts';
import { BED_FAILURES, type BedCall } from './bed-text.ts';
import { actionRunner } from './run.ts';
import { failure, reasonOf, success } from './text.ts';

export interface BedCalls {
  invite(
    body: { settlementId: string; buildingId: string } & ({ inviteePlayerName: string } | { inviteeId: string }),
  ): Promise<{ message: string }>;
  withdraw(invitationId: string): Promise<{ message: string }>;
  kick(settlementId: string, bedId: string): Promise<{ message: string }>;
  accept(invitationId: string): Promise<{ message: string }>;
  reject(invitationId: string): Promise<{ message: string }>;
}

export interface BedActionDeps {
  calls: BedCalls;
  toast(t: ToastInput): void;
  unauthorized(): void;
  /** Refetch what an answer may have changed: the panel's beds, the lists, the invitations. */
  refresh(): void;
}

/** A survivor chosen from the invite dialog's list: their id, and the name the toast says. */
export interface Picked {
  id: string;
  name: string;
}

/** An invitation's outcome: sent, refused (with the server's reason, shown in the dialog too), or not sent at all. */
export type InviteOutcome = { sent: true } | { sent: false; reason: string };

export interface BedActions {
  /**
   * Invites a survivor picked from the player list (`{ id, name }`: sent by id, the name is for the toast) or typed
   * by name (the server refuses a name that means several players). Not sent (null) when the name is empty after
   * trimming, nothing is managed here, or another action is running.
   */
  invite(bedId: string, who: string | Picked): Promise<InviteOutcome | null>;
  withdraw(invitationId: string): Promise<boolean>;
  kick(bedId: string): Promise<boolean>;
  leave(bedId: string): Promise<boolean>;
  accept(invitationId: string): Promise<boolean>;
  reject(invitationId: string): Promise<boolean>;
}

export function createBedActions(d: BedActionDeps): BedActions {
  const run = actionRunner(d);
  const failed = (call: BedCall) => (err: unknown) => failure(BED_FAILURES[call], err);

  /** The settlement here, when the player manages it: its beds are the ones the panel shows. */
  const managedId = () => {
    const s = $hereSettlement.get();
    return s?.status === 'manageable' ? s.id : null;
  };

  /** A call whose success toast is the server's own sentence. */
  const simple = async (call: BedCall, key: string, fn: () => Promise<{ message: string }>) => {
    const r = await run(`${call}:${key}`, fn, failed(call));
    if (r) d.toast(success(r.message));
    return !!r;
  };

  return {
    async invite(bedId, who) {
      const picked = typeof who === 'string' ? null : who;
      const name = cleanName(picked ? picked.name : (who as string));
      const settlementId = managedId();
      if ((!name && !picked) || !settlementId) return null;
      const invitee = picked ? { inviteeId: picked.id } : { inviteePlayerName: name };
      let refused: string | null = null;
      const r = await run(
        `invite:${bedId}`,
        () => d.calls.invite({ settlementId, buildingId: bedId, ...invitee }),
        (err) => {
          refused = reasonOf(err);
          return failed('invite')(err);
        },
      );
      if (!r) return refused === null ? null : { sent: false, reason: refused };
      d.toast({ title: BED_TEXT.invitationSent, description: `${name} can accept it under Your Settlements.` });
      return { sent: true };
    },

    withdraw: (invitationId) => simple('withdraw', invitationId, () => d.calls.withdraw(invitationId)),

    async kick(bedId) {
      const settlementId = managedId();
      return !!settlementId && simple('kick', bedId, () => d.calls.kick(settlementId, bedId));
    },

    // Giving up one's own bed is the same call as a kick (the server allows it to anyone, founder included).
    async leave(bedId) {
      const settlementId = managedId();
      return !!settlementId && simple('leave', bedId, () => d.calls.kick(settlementId, bedId));
    },

    accept: (invitationId) => simple('accept', invitationId, () => d.calls.accept(invitationId)),
    reject: (invitationId) => simple('reject', invitationId, () => d.calls.reject(invitationId)),
  };
}
