import { Elysia } from 'elysia';
import {
  EquipAllBody,
  EquipBody,
  EquipmentList,
  EquipmentOutcome,
  UnequipAllBody,
  UnequipBody,
} from '../../contract/equipment.ts';
import { WorldIdQuery } from '../../contract/world.ts';
import { errorResponses } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { EquipmentService } from './service.ts';

/**
 * Player equipment (spec section 7, "Equipment"). 400 for bad input, an item that cannot be worn or a slot that is
 * not the catalogue's; 403 'No settlement nearby' away from a settlement the player manages (or someone else's
 * settlement named); 404 for an unknown world, settlement or item.
 */
export function equipmentModule(services: Services, equipment: EquipmentService) {
  const answers = errorResponses(400, 401, 403, 404);
  return new Elysia({ prefix: '/api/player' })
    .use(gameAccessPlugin(services))
    .get('/equipment', ({ user, query }) => equipment.list(user.id, query.worldId), {
      game: true,
      query: WorldIdQuery,
      response: { 200: EquipmentList, ...answers },
    })
    .post('/equipment/equip', ({ user, body }) => equipment.equip(user, body), {
      game: true,
      body: EquipBody,
      response: { 200: EquipmentOutcome, ...answers },
    })
    .post('/equipment/unequip', ({ user, body }) => equipment.unequip(user, body), {
      game: true,
      body: UnequipBody,
      response: { 200: EquipmentOutcome, ...answers },
    })
    .post('/equipment/equip-all-settlement', ({ user, body }) => equipment.equipAll(user, body), {
      game: true,
      body: EquipAllBody,
      response: { 200: EquipmentOutcome, ...answers },
    })
    .post('/equipment/unequip-all', ({ user, body }) => equipment.unequipAll(user, body), {
      game: true,
      body: UnequipAllBody,
      response: { 200: EquipmentOutcome, ...answers },
    });
}
