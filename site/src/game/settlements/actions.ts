/**
 * Build Shelter, Create Settlement, building, reinforcing and the storage calls: each call → server → toast →
 * refresh of everything it may have changed (inventory, storage, buildings, the lists). One runs at a time
 * (run.ts). The server decides everything (reach, materials, who manages); this only reports it.
 * Dependencies are injected (settlements/wire.ts wires the real ones), so the flows are unit-tested without a browser.
 */
import type { StorageCategory } from '../../../../api/game/items.ts';
import type { SettlementView, ShelterBuilt, ShelterView, StorageOutcome } from '../../../../api/contract/settlements.ts';
import { offersCreateAnyway, SETTLEMENT_TEXT } from '../../../../api/game/settlements.ts';
import { cleanName, type Materials, REINFORCE_COST, SHELTER_COST, transferLimit } from '../../../../api/game/settlements.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $buildings, $hereSettlement, $hereShelter, $offerCreateAnyway } from '../../stores/settlements.ts';
import type { Point } from './here.ts';
import { type BuildKind, costOfNext } from './kinds.ts';
import { actionRunner } from './run.ts';
import {
  autoDepositFailed,
  buildingFailed,
  builtToast,
  failure,
  STORAGE_FAILURES,
  shelterToast,
  success,
  upgradeFailed,
} from './text.ts';

export interface SettlementCalls {
  buildShelter(at: Point, materials: Materials): Promise<ShelterBuilt>;
  createSettlement(body: { name: string; x: number; y: number; poiId?: string }): Promise<SettlementView>;
  build(body: {
    type: BuildKind['type'];
    subtype: BuildKind['subtype'];
    name: string;
    materials: Materials;
    settlementId: string;
  }): Promise<{ message: string }>;
  reinforce(buildingId: string, materials: Materials): Promise<{ message: string }>;
  autoDeposit(settlementId: string): Promise<StorageOutcome>;
  depositCategory(settlementId: string, category: StorageCategory): Promise<StorageOutcome>;
  take(settlementId: string, itemName: string, quantity: number): Promise<StorageOutcome>;
  consolidate(settlementId: string): Promise<StorageOutcome>;
  pickupAll(settlementId: string): Promise<StorageOutcome>;
  fixCategorization(settlementId: string): Promise<StorageOutcome>;
  levelUp(settlementId: string): Promise<{ message: string }>;
}

export interface SettlementActionDeps {
  calls: SettlementCalls;
  /** Where the engine has the survivor. */
  position(): Point;
  toast(t: ToastInput): void;
  unauthorized(): void;
  /** Refetch what an action may have changed: inventory, storage and buildings, the settlement and shelter lists. */
  refresh(): void;
  /** Shows a shelter (or a settlement) the server just made before the next poll brings it. */
  shelterBuilt(s: ShelterView): void;
  settlementCreated(s: SettlementView): void;
}

export type StorageAction = keyof typeof STORAGE_FAILURES;

export interface SettlementActions {
  buildShelter(): Promise<void>;
  /** True when the settlement was founded (the panel clears its name field). */
  createSettlement(name: string, opts?: { anyway?: boolean }): Promise<boolean>;
  build(kind: BuildKind, name: string): Promise<boolean>;
  reinforce(buildingId: string): Promise<void>;
  deposit(category?: StorageCategory): Promise<void>;
  take(itemName: string): Promise<void>;
  storage(action: 'pickup' | 'consolidate' | 'fixCategorization'): Promise<void>;
  /** The settlement here one level up (the server checks every requirement and pays). */
  levelUp(): Promise<void>;
}

export function createSettlementActions(d: SettlementActionDeps): SettlementActions {
  const run = actionRunner(d);

  /** The settlement here, when the player may manage it (the panels offer nothing otherwise). */
  const managed = () => {
    const s = $hereSettlement.get();
    return s?.status === 'manageable' ? s : null;
  };

  const storageCall = async (name: StorageAction, call: (id: string) => Promise<StorageOutcome>, onError = failureOf(name)) => {
    const s = managed();
    if (!s) return;
    const r = await run(name, () => call(s.id), onError);
    if (r) d.toast(success(r.message));
  };

  return {
    async buildShelter() {
      const r = await run(
        'shelter',
        () => d.calls.buildShelter(d.position(), SHELTER_COST),
        (e) => failure(SETTLEMENT_TEXT.failedShelter, e),
      );
      if (!r) return;
      d.shelterBuilt(r.shelter);
      d.toast(shelterToast(r));
    },

    async createSettlement(raw, opts = {}) {
      const name = cleanName(raw);
      if (!name) return false;
      const shelter = $hereShelter.get();
      // Only a POI's shelter names the POI; a basic shelter's id is never sent as one (spec section 4).
      const poiId = opts.anyway ? undefined : (shelter?.poiId ?? undefined);
      const at = d.position();
      let refused = '';
      const r = await run(
        'settlement',
        () => d.calls.createSettlement({ name, x: at.x, y: at.y, poiId }),
        (e) => {
          refused = e instanceof Error ? e.message : String(e);
          return failure(SETTLEMENT_TEXT.failedSettlement, e);
        },
      );
      $offerCreateAnyway.set(!r && offersCreateAnyway(refused));
      if (!r) return false;
      d.settlementCreated(r);
      d.toast(success(SETTLEMENT_TEXT.settlementEstablished));
      return true;
    },

    async build(kind, raw) {
      const s = managed();
      const name = cleanName(raw);
      if (!s || !name) return false;
      const standing = $buildings.get()?.settlementId === s.id ? $buildings.get()!.list : [];
      const materials = costOfNext(kind, standing);
      const r = await run(
        'build',
        () => d.calls.build({ type: kind.type, subtype: kind.subtype, name, materials, settlementId: s.id }),
        buildingFailed,
      );
      if (r) d.toast(builtToast(r.message, name, s.name));
      return !!r;
    },

    async reinforce(buildingId) {
      if (!managed()) return;
      const r = await run(`reinforce:${buildingId}`, () => d.calls.reinforce(buildingId, REINFORCE_COST), upgradeFailed);
      if (r) d.toast(success(r.message));
    },

    async levelUp() {
      const s = managed();
      if (!s) return;
      const r = await run(
        'level-up',
        () => d.calls.levelUp(s.id),
        (e) => failure('Could not level up', e),
      );
      if (r) d.toast({ title: 'Settlement levelled up!', description: r.message });
    },

    deposit: (category) =>
      category
        ? storageCall('deposit', (id) => d.calls.depositCategory(id, category))
        : storageCall('deposit', (id) => d.calls.autoDeposit(id), autoDepositFailed),

    take: (itemName) => storageCall('take', (id) => d.calls.take(id, itemName, transferLimit(itemName))),

    storage: (action) =>
      storageCall(action, (id) =>
        action === 'pickup'
          ? d.calls.pickupAll(id)
          : action === 'consolidate'
            ? d.calls.consolidate(id)
            : d.calls.fixCategorization(id),
      ),
  };
}

const failureOf = (name: StorageAction) => (err: unknown) => failure(STORAGE_FAILURES[name], err);
