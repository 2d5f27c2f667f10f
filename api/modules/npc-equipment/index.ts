import { Elysia } from 'elysia';
import { EquipmentOutcome } from '../../contract/equipment.ts';
import {
  BatchEquipment,
  BatchEquipmentQuery,
  NpcEquipBody,
  NpcEquipmentList,
  NpcSettlementBody,
  NpcUnequipBody,
} from '../../contract/npc-equipment.ts';
import { NpcParams } from '../../contract/npcs.ts';
import { errorResponses } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { NpcEquipmentService } from './service.ts';

/**
 * NPC equipment and radio tracking (spec section 7, "NPCs"). 400 for bad input (more than NPC_BATCH_MAX ids, an
 * item that cannot be worn, a slot that is not the catalogue's, a settlementId that is not the NPC's); 403 for a
 * caller who is not a member of the NPC's settlement or stands away from it, and for batch-equipment without a
 * Portable Radio equipped; 404 for an unknown NPC, settlement, world or item.
 */
export function npcEquipmentModule(services: Services, gear: NpcEquipmentService) {
  const answers = errorResponses(400, 401, 403, 404);
  return new Elysia({ prefix: '/api/npcs' })
    .use(gameAccessPlugin(services))
    .get(
      '/batch-equipment',
      ({ user, query }) => {
        const ids = query.npcIds === undefined ? [] : typeof query.npcIds === 'string' ? [query.npcIds] : query.npcIds;
        return gear.batch(user, query.worldId, ids);
      },
      { game: true, query: BatchEquipmentQuery, response: { 200: BatchEquipment, ...answers } },
    )
    .get('/:id/equipment', ({ user, seatWorldId, params }) => gear.list(user, seatWorldId, Number(params.id)), {
      game: true,
      params: NpcParams,
      response: { 200: NpcEquipmentList, ...answers },
    })
    .post(
      '/:id/equipment/equip',
      ({ user, seatWorldId, params, body }) => gear.equip(user, seatWorldId, Number(params.id), body),
      {
        game: true,
        params: NpcParams,
        body: NpcEquipBody,
        response: { 200: EquipmentOutcome, ...answers },
      },
    )
    .post(
      '/:id/equipment/unequip',
      ({ user, seatWorldId, params, body }) => gear.unequip(user, seatWorldId, Number(params.id), body),
      {
        game: true,
        params: NpcParams,
        body: NpcUnequipBody,
        response: { 200: EquipmentOutcome, ...answers },
      },
    )
    .post(
      '/:id/equipment/equip-all',
      ({ user, seatWorldId, params, body }) => gear.equipAll(user, seatWorldId, Number(params.id), body),
      {
        game: true,
        params: NpcParams,
        body: NpcSettlementBody,
        response: { 200: EquipmentOutcome, ...answers },
      },
    )
    .post(
      '/:id/equipment/unequip-all',
      ({ user, seatWorldId, params, body }) => gear.unequipAll(user, seatWorldId, Number(params.id), body),
      {
        game: true,
        params: NpcParams,
        body: NpcSettlementBody,
        response: { 200: EquipmentOutcome, ...answers },
      },
    );
}
