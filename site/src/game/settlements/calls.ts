/** The settlement routes (api/modules/settlements) through the typed client, bound to one world. */
import type { Materials } from '../../../../api/game/settlements.ts';
import { SETTLEMENT_CHUNK_RADIUS } from '../../../../api/game/world.ts';
import { api, unwrap } from '../../lib/api.ts';
import { chunkOfWorld } from '../map/geometry.ts';
import type { SettlementCalls } from './actions.ts';
import type { BedCalls } from './bed-actions.ts';
import type { Point } from './here.ts';
// Answers are read with the contract's schemas (markers.ts) in the validator worker: arktype stays off the page.
import { read } from '../validate/client.ts';

const shown = (m: Materials): Record<string, number> => ({ ...m });

export function settlementCalls(worldId: string): SettlementCalls {
  const one = (id: string) => api.api.settlements({ id });
  return {
    buildShelter: (at, materials) =>
      unwrap(api.api['build-shelter'].post({ worldId, x: at.x, y: at.y, materials: shown(materials) })),
    createSettlement: async (body) => {
      const made = await unwrap(api.api.settlements.post({ worldId, ...body }));
      return (await read('settlements', [made]))[0] ?? made;
    },
    build: (b) => unwrap(api.api.buildings.post({ ...b, materials: shown(b.materials), worldId })),
    reinforce: (id, materials) => unwrap(api.api.buildings({ id }).upgrade.post({ materials: shown(materials), worldId })),
    autoDeposit: (id) => unwrap(one(id)['auto-deposit-items'].post({ worldId })),
    depositCategory: (id, category) => unwrap(one(id)['deposit-by-category'].post({ worldId, category })),
    take: (id, itemName, quantity) => unwrap(one(id)['transfer-from-storage'].post({ worldId, itemName, quantity })),
    consolidate: (id) => unwrap(one(id).consolidate.post({ worldId })),
    pickupAll: (id) => unwrap(one(id)['pickup-all'].post({ worldId })),
    fixCategorization: (id) => unwrap(one(id)['fix-categorization'].post({ worldId })),
    levelUp: (id) => unwrap(one(id)['level-up'].post({ worldId })),
  };
}

/** The bed routes (api/modules/settlements/beds.ts); withdraw is DELETE /bed-invitations/:id. */
export function bedCalls(worldId: string): BedCalls {
  const invitation = (id: string) => api.api['bed-invitations']({ id });
  return {
    invite: (b) => unwrap(api.api['bed-invitations'].post({ worldId, ...b })),
    withdraw: (id) => unwrap(invitation(id).delete()),
    kick: (id, bedId) => unwrap(api.api.settlements({ id }).beds({ bedId }).kick.post()),
    accept: (id) => unwrap(invitation(id).accept.post()),
    reject: (id) => unwrap(invitation(id).reject.post()),
  };
}

/** The reads: the region's settlements and shelters around a position, yours, one settlement's buildings and storage. */
export function settlementReads(worldId: string) {
  const region = (at: Point) => ({
    query: { centerChunkX: chunkOfWorld(at.x), centerChunkY: chunkOfWorld(at.y), chunkRadius: SETTLEMENT_CHUNK_RADIUS },
  });
  const world = api.api.world({ worldId });
  return {
    settlements: async (at: Point) => read('settlements', await unwrap(world.settlements.get(region(at)))),
    shelters: async (at: Point) => read('shelters', await unwrap(world.shelters.get(region(at)))),
    mine: async () => read('settlements', await unwrap(api.api.player.settlements.get({ query: { worldId } }))),
    buildings: async (id: string) => read('buildings', (await unwrap(api.api.settlements({ id }).buildings.get())).buildings),
    storage: async (id: string) => read('storage', (await unwrap(api.api.settlements({ id }).storage.get())).storage),
    progress: (id: string) => unwrap(api.api.settlements({ id }).progress.get()),
    beds: async (id: string) => {
      const one = api.api.settlements({ id });
      const [beds, pending] = await Promise.all([unwrap(one['bed-assignments'].get()), unwrap(one['pending-invitations'].get())]);
      const [assignments, invited] = await Promise.all([
        read('beds', beds.bedAssignments),
        read('invitations', pending.pendingInvitations),
      ]);
      return { assignments, pending: invited };
    },
    respawn: () => unwrap(api.api.player.respawn.get({ query: { worldId } })),
    invitations: async () =>
      read('invitations', (await unwrap(api.api.player['bed-invitations'].get({ query: { worldId } }))).invitations),
  };
}
export type SettlementReads = ReturnType<typeof settlementReads>;
