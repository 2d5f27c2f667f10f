/**
 * Wires NPCs to the live page: the map's NPC layer from GET /world/:id/npcs (stale 10 s, polled every 30 s, again on
 * a new sector and on settlement events) and the live journeys and arrivals; radio tracking while a Portable Radio is
 * worn (radio.ts); the NPCs of the settlement here (every 15 s, on its settlement events and as its NPCs move); the
 * Wanderer dialog's loading when a scavenge draws a survivor; and the actions the panels call through $recruiter and
 * $npcActions. A raid's result and an NPC's new condition reload the settlement's list (and the map's, when one left).
 */
import { atom } from 'nanostores';
import { toast } from '../../stores/toast.ts';
import { $wanderer } from '../../stores/actions.ts';
import { $gear } from '../../stores/equipment.ts';
import { $npcGear, $recruit, $settlementNpcs, resetNpcStores } from '../../stores/npcs.ts';
import { $hereSettlement, $mine } from '../../stores/settlements.ts';
import { coalesced } from '../actions/refresh.ts';
import { $actions } from '../actions/wire.ts';
import { chunkKey, chunkOfWorld } from '../map/geometry.ts';
import type { GameSession } from '../session/context.ts';
import { handleUnauthorized } from '../session/unauthorized.ts';
import { addPersonalLogLine } from '../../stores/game.ts';
import { settlementNameOf } from '../settlements/name-of.ts';
import { afterRegion, managedHereId } from '../settlements/panel.ts';
import { batchEquipmentCall, npcCalls, npcReads, recruitCalls } from './calls.ts';
import { NpcLayer } from './layer.ts';
import { createNpcActions, type NpcActions } from './npc-actions.ts';
import { BATCH_EQUIPMENT_POLL_MS, radioTracker } from './radio.ts';
import { createRecruiter, type Recruiter } from './recruit.ts';
import { throttled, withFreshness } from './stale.ts';
import { returnedLine, returnedToast } from './text.ts';

/** Spec sections 7 and 9: the world's NPC list is stale after 10 s and polled every 30 s. */
export const NPC_LIST_STALE_MS = 10_000;
export const NPC_LIST_POLL_MS = 30_000;
/** Spec section 7: a settlement's NPCs every 15 s. */
export const SETTLEMENT_NPCS_POLL_MS = 15_000;
/** A settlement's NPC moving (a journey, an arrival) changes its status: reload its list at most this often (and once after). */
export const SETTLEMENT_NPCS_STALE_MS = 2_000;

export const $recruiter = atom<Recruiter | null>(null);
export const $npcActions = atom<NpcActions | null>(null);

export function wireNpcs(s: GameSession): NpcLayer {
  resetNpcStores();
  const { engine, worldId } = s;
  const reads = npcReads(worldId);

  let own = new Set<string>();
  s.onStop(
    $mine.subscribe((m) => {
      own = new Set(m.list.filter((x) => x.status === 'manageable').map((x) => x.id));
    }),
  );
  const radioOn = () => $gear.get().radio;
  const layer = new NpcLayer({ sees: (x, y) => engine.sees(x, y), radioOn, isOwn: (id) => own.has(id) });
  s.onStop(engine.addLayer(layer));

  const radio = radioTracker({
    radioOn,
    ids: () => layer.ids(),
    batch: batchEquipmentCall(worldId),
    set: (ids) => layer.setRadios(ids),
    onError: (err) => s.failed('NPC radio tracking', err),
  });

  const loadWorld = withFreshness(async () => {
    try {
      layer.setAll(await reads.world());
      void radio();
      return true;
    } catch (err) {
      s.failed('NPC list', err);
      return false;
    }
  }, NPC_LIST_STALE_MS);

  const loadSettlement = coalesced(async () => {
    const id = managedHereId();
    if (!id) {
      $settlementNpcs.set(null);
      return;
    }
    try {
      const npcs = await reads.settlement(id);
      if (managedHereId() === id) $settlementNpcs.set({ settlementId: id, npcs });
    } catch (err) {
      s.failed('settlement NPCs', err);
    }
  });
  let shownHere = managedHereId();
  s.onStop(
    $hereSettlement.listen(() => {
      const id = managedHereId();
      if (id === shownHere) return;
      shownHere = id;
      $settlementNpcs.set(null);
      $npcGear.set(null);
      void loadSettlement();
    }),
  );
  const inHereList = (npcId: string) => !!$settlementNpcs.get()?.npcs.some((n) => n.id === npcId);
  // One of its NPCs set out or arrived: its status changed. At most one reload per window, the last one never lost.
  const settlementMoved = throttled(() => void loadSettlement(), SETTLEMENT_NPCS_STALE_MS);
  s.onStop(() => settlementMoved.cancel());

  s.onStop(
    s.live.on('npcJourney', (j) => {
      if (!layer.journey(j)) void loadWorld();
      if (inHereList(j.npcId)) settlementMoved();
    }),
  );
  s.onStop(
    s.live.on('npcArrival', (a) => {
      if (!layer.arrival(a)) void loadWorld();
      if (inHereList(a.npcId)) settlementMoved();
    }),
  );
  s.onStop(
    s.live.on('settlementChanged', (changed) => {
      void loadWorld();
      void afterRegion(changed.id, loadSettlement);
    }),
  );
  // Home with finds: a toast and a log line name them, and the settlement here shows its storage grown.
  s.onStop(
    s.live.on('npcReturned', (b) => {
      const where = settlementNameOf(b.settlementId);
      toast(returnedToast(b.npcName, where, b.items));
      addPersonalLogLine('npc', returnedLine(b.npcName, where, b.items));
    }),
  );
  // Raids injure defenders; hunger, healing and treatment change a condition; an unfed NPC leaves.
  s.onStop(
    s.live.on('npcCondition', (c) => {
      if (c.condition === 'left') void loadWorld(true);
      if (c.settlementId === managedHereId()) void loadSettlement();
    }),
  );
  s.onStop(
    s.live.on('raidResult', (r) => {
      if (r.settlementId === managedHereId()) void loadSettlement();
    }),
  );
  // The list covers the settlements around the survivor: a new sector may bring others.
  let sector = '';
  s.onStop(
    engine.walk.onPosition((p) => {
      const key = chunkKey(chunkOfWorld(p.x), chunkOfWorld(p.y));
      if (key === sector) return;
      const first = sector === '';
      sector = key;
      if (!first) void loadWorld();
    }),
  );
  // Putting a radio on starts the tracking at once; taking it off ends it.
  let radioWas = radioOn();
  s.onStop(
    $gear.listen((g) => {
      if (g.radio === radioWas) return;
      radioWas = g.radio;
      void radio(true);
    }),
  );

  const recruiter = createRecruiter({
    calls: recruitCalls(worldId),
    toast,
    unauthorized: handleUnauthorized,
    recruited: () => {
      void loadWorld(true);
      void loadSettlement();
    },
  });
  s.onStop(
    $wanderer.subscribe((w) => {
      if (w) void recruiter.load(w);
      else $recruit.set({ status: 'loading' });
    }),
  );
  const calls = npcCalls(worldId);
  const actions = createNpcActions({
    // A treatment uses medicine from the pack: the inventory shows it gone.
    calls: { ...calls, treat: (id) => calls.treat(id).finally(() => void $actions.get()?.refreshInventory()) },
    toast,
    unauthorized: handleUnauthorized,
    refresh: () => {
      void loadSettlement();
      void radio(true);
    },
  });
  $recruiter.set(recruiter);
  $npcActions.set(actions);
  s.onStop(() => {
    if ($recruiter.get() === recruiter) $recruiter.set(null);
    if ($npcActions.get() === actions) $npcActions.set(null);
  });

  void loadWorld(true);
  void loadSettlement();
  s.interval(() => void loadWorld(), NPC_LIST_POLL_MS);
  s.interval(() => void loadSettlement(), SETTLEMENT_NPCS_POLL_MS);
  s.interval(() => void radio(), BATCH_EQUIPMENT_POLL_MS);
  return layer;
}
