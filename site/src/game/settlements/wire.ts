/**
 * Wires settlements to the live page: the map's settlement, shelter and navigation layers; the region's
 * settlements and shelters and Your Settlements (every 10 s, on a new sector, and at once when the socket says a
 * settlement changed); the player's bed invitations (the same way); the panel of the settlement here, its beds
 * included; and the actions the panels call through $settlementActions and $bedActions, each followed by a refresh
 * of the inventory and of all of the above.
 */
import { atom } from 'nanostores';
import { toast } from '../../stores/toast.ts';
import { $mine, $respawn, $settlements, $shelters, resetSettlementStores } from '../../stores/settlements.ts';
import { $actions } from '../actions/wire.ts';
import { coalesced } from '../actions/refresh.ts';
import type { GameSession } from '../session/context.ts';
import { handleUnauthorized } from '../session/unauthorized.ts';
import { createSettlementActions, type SettlementActions } from './actions.ts';
import { type BedActions, createBedActions } from './bed-actions.ts';
import { bedCalls, settlementCalls, settlementReads } from './calls.ts';
import { invitationsPoller } from './invitations.ts';
import { SettlementLayer } from './layer.ts';
import { NavArrowLayer } from './nav-layer.ts';
import { afterRegion, setRegionPoll, trackPanel } from './panel.ts';
import { ShelterLayer } from './shelter-layer.ts';
import { arrivedToast } from './text.ts';
import { trackHere } from './track.ts';

/** Spec section 7: settlements and shelters are polled every 10 s. */
export const SETTLEMENT_POLL_MS = 10_000;

export const $settlementActions = atom<SettlementActions | null>(null);
export const $bedActions = atom<BedActions | null>(null);

/** Returns the reload of the panel of the settlement here (its buildings, storage and beds) for other features. */
export function wireSettlements(s: GameSession): { refreshPanel(): void } {
  resetSettlementStores();
  const { engine } = s;
  const settlementLayer = new SettlementLayer();
  const shelterLayer = new ShelterLayer();
  for (const layer of [shelterLayer, settlementLayer, new NavArrowLayer()]) s.onStop(engine.addLayer(layer));
  s.onStop($settlements.subscribe((list) => settlementLayer.set(list)));
  s.onStop($shelters.subscribe((list) => shelterLayer.set(list)));

  const reads = settlementReads(s.worldId);
  const pollRegion = coalesced(async () => {
    const at = engine.position;
    try {
      const [settlements, shelters] = await Promise.all([reads.settlements(at), reads.shelters(at)]);
      $settlements.set(settlements);
      $shelters.set(shelters);
    } catch (err) {
      s.failed('settlements poll', err);
    }
  });
  s.onStop(setRegionPoll(pollRegion));
  const pollMine = coalesced(async () => {
    try {
      $mine.set({ status: 'ready', list: await reads.mine() });
    } catch (err) {
      $mine.set({ status: 'error', list: $mine.get().list, message: err instanceof Error ? err.message : String(err) });
      s.failed('your settlements poll', err);
    }
  });
  // The bed you wake up in changes with the same events as your settlements (accept, kick, leave): read it after them.
  const pollBed = coalesced(async () => {
    try {
      $respawn.set(await reads.respawn());
    } catch (err) {
      s.failed('respawn bed', err);
    }
  });
  s.onStop($mine.listen(() => void pollBed()));
  const pollInvitations = invitationsPoller(reads.invitations, (err) => s.failed('bed invitations poll', err));
  const panel = trackPanel({ ...reads, onError: (err) => s.failed('settlement panel', err) });
  s.onStop(panel.stop);
  s.onStop(
    trackHere({
      onPosition: (fn) => engine.walk.onPosition(fn),
      position: () => engine.position,
      newSector: () => void pollRegion(),
      arrived: (target) => toast(arrivedToast(target.name)),
    }),
  );

  const refreshAll = () => {
    void $actions.get()?.refreshInventory();
    void pollRegion();
    void pollMine();
    void pollInvitations();
    void panel.refresh();
  };
  const actions = createSettlementActions({
    calls: settlementCalls(s.worldId),
    position: () => engine.position,
    toast,
    unauthorized: handleUnauthorized,
    refresh: refreshAll,
    // Shown at once: the panel moves on to Create Settlement without waiting for the next poll.
    shelterBuilt: (shelter) => $shelters.set([...$shelters.get().filter((x) => x.id !== shelter.id), shelter]),
    settlementCreated: (created) => $settlements.set([...$settlements.get().filter((x) => x.id !== created.id), created]),
  });
  $settlementActions.set(actions);
  const beds = createBedActions({ calls: bedCalls(s.worldId), toast, unauthorized: handleUnauthorized, refresh: refreshAll });
  $bedActions.set(beds);
  s.onStop(() => {
    if ($settlementActions.get() === actions) $settlementActions.set(null);
    if ($bedActions.get() === beds) $bedActions.set(null);
  });

  void pollRegion();
  void pollMine();
  void pollInvitations();
  s.interval(() => {
    // The panel after the list: a settlement no longer ours (kicked) is not asked for its storage.
    void pollRegion().then(panel.refresh);
    void pollMine();
    void pollInvitations();
  }, SETTLEMENT_POLL_MS);
  s.onStop(
    s.live.on('settlementChanged', (changed) => {
      void pollRegion();
      void pollMine();
      // An invitation (or its withdrawal) reaches the invitee as a settlement event: its only live nudge.
      void pollInvitations();
      void afterRegion(changed.id, panel.refresh);
    }),
  );
  return { refreshPanel: () => void panel.refresh() };
}
