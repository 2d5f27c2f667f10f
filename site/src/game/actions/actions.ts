/**
 * Scavenge, auto-scavenge, forage and the inventory refresh: each call → server → stores, toasts and Scavenge
 * Results. The results are personal: they stay out of the Activity Log, which only shows the server's world events.
 * The server decides everything (reach, loot, depletion, cooldowns); this only reports it. Dependencies are
 * injected (actions/wire.ts wires the real ones), so the flows are unit-tested without a browser.
 */
import { AUTO_SCAVENGE_INTERVAL_MS } from '../../../../api/game/actions.ts';
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import type { InventoryItem } from '../../../../api/contract/items.ts';
import type { ToastInput } from '../../stores/toast.ts';
import {
  $autoScavenge,
  $exhausted,
  $forageScoured,
  $foraging,
  $inventory,
  $lastForage,
  $nearbyPoi,
  $scavenging,
  $wanderer,
  addResult,
} from '../../stores/actions.ts';
import { AutoLoop, type AutoEnd, type Timers } from './auto.ts';
import { coalesced } from './refresh.ts';
import { packNotice } from './load.ts';
import {
  ACTION_TOASTS,
  UNKNOWN_SURVIVOR,
  autoLeftToast,
  forageNote,
  autoStartedToast,
  forageToast,
  scavengeNote,
  scavengeToast,
  type ForageResult,
  type ScavengeResult,
} from './text.ts';
import { tileOf } from '../map/geometry.ts';

export interface ActionDeps {
  scavengeCall(poiId: string): Promise<ScavengeResult>;
  forageCall(x: number, y: number): Promise<ForageResult>;
  inventoryCall(): Promise<{ items: InventoryItem[]; load: number; capacity: number }>;
  position(): { x: number; y: number };
  setPoiSignificance(id: string, currentSignificance: number): void;
  toast(t: ToastInput): void;
  unauthorized(): void;
  timers?: Timers;
}

export interface Actions {
  scavenge(): Promise<void>;
  /** False when auto-scavenge is already running, a search is in flight, or no POI is in reach. */
  startAuto(): boolean;
  stopAuto(): void;
  forage(): Promise<void>;
  refreshInventory(): Promise<void>;
  /** Stops the loop without a word (the session is ending). */
  dispose(): void;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createActions(d: ActionDeps): Actions {
  let loop: AutoLoop | null = null;
  let disposed = false;

  const fail = (err: unknown, t: ToastInput) => {
    if (isUnauthorizedError(err)) return d.unauthorized();
    console.warn(`[actions] ${t.title}:`, messageOf(err));
    d.toast(t);
  };

  const refreshInventory = coalesced(async () => {
    try {
      const { items, load, capacity } = await d.inventoryCall();
      const notice = packNotice($inventory.get().pack, { load, capacity });
      $inventory.set({ status: 'ready', items, pack: { load, capacity } });
      if (notice) d.toast(notice);
    } catch (err) {
      if (isUnauthorizedError(err)) return d.unauthorized();
      const { items, pack } = $inventory.get();
      $inventory.set({ status: 'error', items, ...(pack ? { pack } : {}), message: messageOf(err) });
    }
  });

  function applyScavenge(poi: { id: string; name: string }, r: ScavengeResult): void {
    d.setPoiSignificance(poi.id, r.newSignificance);
    const near = $nearbyPoi.get();
    if (near?.id === poi.id) $nearbyPoi.set({ ...near, currentSignificance: r.newSignificance });
    if (r.depleted) $exhausted.set({ poiId: poi.id, significance: r.newSignificance });
    d.toast(scavengeToast(r));
    addResult({ kind: 'scavenge', place: poi.name, items: r.items, note: scavengeNote(r) });
    if (r.items.length > 0) void refreshInventory();
    if (r.npcSpawnCheck.shouldSpawn) {
      const npc = r.npcRecruitment?.npc ?? UNKNOWN_SURVIVOR;
      $wanderer.set({
        name: npc.name,
        description: npc.description,
        ...('skills' in npc && npc.skills ? { skills: npc.skills } : {}),
        named: !!r.npcRecruitment?.npc,
      });
    }
  }

  /** One search of `poi`, applied everywhere; throws what the call throws. */
  async function search(poi: { id: string; name: string }): Promise<ScavengeResult> {
    $scavenging.set(true);
    try {
      const r = await d.scavengeCall(poi.id);
      applyScavenge(poi, r);
      return r;
    } finally {
      $scavenging.set(false);
    }
  }

  async function scavenge(): Promise<void> {
    const poi = $nearbyPoi.get();
    if (!poi || $scavenging.get() || $autoScavenge.get()) return;
    try {
      await search(poi);
    } catch (err) {
      fail(err, ACTION_TOASTS.scavengeFailed);
    }
  }

  function startAuto(): boolean {
    const poi = $nearbyPoi.get();
    if (!poi || loop?.active || $scavenging.get()) return false;
    const target = { id: poi.id, name: poi.name };
    const onEnd = (reason: AutoEnd, err?: unknown) => {
      $autoScavenge.set(null);
      if (disposed) return; // the page is tearing the session down: no toast
      if (reason === 'depleted') d.toast(ACTION_TOASTS.areaDepleted);
      else if (reason === 'error') fail(err, ACTION_TOASTS.autoFailed);
      else if (reason === 'left') d.toast(autoLeftToast(target.name));
      // Stopped by the player: the card already shows it.
    };
    loop = new AutoLoop({
      intervalMs: AUTO_SCAVENGE_INTERVAL_MS,
      timers: d.timers,
      step: async () => {
        if ($nearbyPoi.get()?.id !== target.id) return 'left';
        return (await search(target)).depleted ? 'depleted' : null;
      },
      onEnd,
    });
    $autoScavenge.set({ poiId: target.id, poiName: target.name });
    const started = loop.start();
    if (started) d.toast(autoStartedToast(target.name));
    return started;
  }

  async function forage(): Promise<void> {
    if ($foraging.get() || $forageScoured.get()) return;
    const p = d.position();
    $foraging.set(true);
    try {
      const r = await d.forageCall(p.x, p.y);
      $lastForage.set({ tileX: tileOf(p.x), tileY: tileOf(p.y) });
      d.toast(forageToast(r));
      addResult({
        kind: 'forage',
        place: `The land around X ${Math.round(p.x)} · Y ${Math.round(p.y)}`,
        items: r.items,
        note: forageNote(r),
      });
      if (r.items.length > 0) void refreshInventory();
    } catch (err) {
      fail(err, ACTION_TOASTS.forageFailed);
    } finally {
      $foraging.set(false);
    }
  }

  return {
    scavenge,
    startAuto,
    stopAuto: () => loop?.stop(),
    forage,
    refreshInventory,
    dispose: () => {
      disposed = true;
      loop?.stop();
    },
  };
}
