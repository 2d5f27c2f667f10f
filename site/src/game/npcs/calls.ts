/** The NPC routes (api/modules/npcs, api/modules/npc-equipment) through the typed client, bound to one world. */
import { api, unwrap } from '../../lib/api.ts';
import type { NpcCalls } from './npc-actions.ts';
import type { BatchCall } from './radio.ts';
import type { RecruitCalls } from './recruit.ts';

export function recruitCalls(worldId: string): RecruitCalls {
  const npcs = api.api.npcs;
  return {
    options: () => unwrap(npcs['recruitment-options'].get({ query: { worldId } })),
    mySettlements: () => unwrap(api.api.player.settlements.get({ query: { worldId } })),
    generateRandom: () => unwrap(npcs['generate-random'].get()),
    recruit: (body) => unwrap(npcs.recruit.post({ ...body, worldId })),
    dismiss: (npcName) => unwrap(npcs.dismiss.post({ npcName, worldId })),
  };
}

export function npcCalls(worldId: string): NpcCalls {
  const one = (id: string) => api.api.npcs({ id });
  return {
    assign: (id, assignment) => unwrap(one(id).assign.post({ assignment, worldId })),
    equipment: async (id) => (await unwrap(one(id).equipment.get())).equipment,
    equip: (id, body) => unwrap(one(id).equipment.equip.post(body)),
    unequip: (id, body) => unwrap(one(id).equipment.unequip.post(body)),
    equipAll: (id, settlementId) => unwrap(one(id).equipment['equip-all'].post({ settlementId })),
    unequipAll: (id, settlementId) => unwrap(one(id).equipment['unequip-all'].post({ settlementId })),
    treat: (id) => unwrap(one(id).treat.post({ worldId })),
    dismiss: (npcName) => unwrap(api.api.npcs.dismiss.post({ npcName, worldId })),
  };
}

export function npcReads(worldId: string) {
  return {
    world: () => unwrap(api.api.world({ worldId }).npcs.get()),
    settlement: async (id: string) => (await unwrap(api.api.settlements({ id }).npcs.get())).npcs,
  };
}

/** GET /api/npcs/batch-equipment?npcIds=…&npcIds=… (repeated, as the spec sends them). */
export function batchEquipmentCall(worldId: string): BatchCall {
  return async (ids) => (await unwrap(api.api.npcs['batch-equipment'].get({ query: { npcIds: ids, worldId } }))).equipmentData;
}
