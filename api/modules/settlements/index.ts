import { Elysia } from 'elysia';
import {
  BedAssignments,
  BuildingBody,
  BuildingCatalogue,
  LevelledUp,
  SettlementProgress,
  BuildingBuilt,
  Buildings,
  BuildShelterBody,
  ContainerReinforced,
  CreateSettlementBody,
  DepositCategoryBody,
  IdParams,
  OptionalWorldBody,
  SettlementList,
  SettlementView,
  ShelterBuilt,
  ShelterView,
  Storage,
  StorageOutcome,
  TransferBody,
  UpgradeBody,
  WorldBody,
} from '../../contract/settlements.ts';
import { RegionQuery, WorldIdQuery, WorldParams } from '../../contract/world.ts';
import { SETTLEMENT_CHUNK_RADIUS } from '../../contract/world.ts';
import { errorResponses } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import { DefenceView, RaidList } from '../../contract/raids.ts';
import type { DefenceQueries } from './defence.ts';
import type { LevelsService } from './levels-service.ts';
import type { SettlementQueries } from './queries.ts';
import type { SettlementService } from './service.ts';
import type { StorageService } from './storage-service.ts';

/**
 * Shelters, settlements, buildings and storage (spec section 7, "Settlements and buildings"). Every call needs a
 * lobby seat; writes answer 400 for bad input, 403 for someone else's settlement or standing too far, 404 for an
 * unknown world, settlement or building, 409 when the state forbids it (materials, names, distance, capacity).
 */
export function settlementsModule(
  services: Services,
  settlements: SettlementService,
  storage: StorageService,
  queries: SettlementQueries,
  defence: DefenceQueries,
  levels: LevelsService,
) {
  const reads = errorResponses(400, 401, 403, 404);
  const writes = errorResponses(400, 401, 403, 404, 409);
  const storageCall = { game: true, params: IdParams, response: { 200: StorageOutcome, ...writes } } as const;
  return (
    new Elysia({ prefix: '/api' })
      // Public: what can be built, at which level, for what (the wiki and a signed-out visitor may read it).
      .get('/buildings/catalogue', () => levels.catalogue(), { response: { 200: BuildingCatalogue } })
      .use(gameAccessPlugin(services))
      .post('/build-shelter', ({ user, body }) => settlements.buildShelter(user, body.worldId, body), {
        game: true,
        body: BuildShelterBody,
        response: { 200: ShelterBuilt, ...writes },
      })
      .post('/settlements', ({ user, body }) => settlements.createSettlement(user, body), {
        game: true,
        body: CreateSettlementBody,
        response: { 200: SettlementView, ...writes },
      })
      .get(
        '/world/:worldId/settlements',
        ({ user, params, query }) =>
          queries.inRegion(
            user.id,
            params.worldId,
            query.centerChunkX,
            query.centerChunkY,
            query.chunkRadius ?? SETTLEMENT_CHUNK_RADIUS,
          ),
        { game: true, params: WorldParams, query: RegionQuery, response: { 200: SettlementList, ...reads } },
      )
      .get(
        '/world/:worldId/shelters',
        ({ params, query }) =>
          queries.sheltersInRegion(
            params.worldId,
            query.centerChunkX,
            query.centerChunkY,
            query.chunkRadius ?? SETTLEMENT_CHUNK_RADIUS,
          ),
        { game: true, params: WorldParams, query: RegionQuery, response: { 200: ShelterView.array(), ...reads } },
      )
      .get('/player/settlements', ({ user, query }) => queries.mine(user.id, query.worldId), {
        game: true,
        query: WorldIdQuery,
        response: { 200: SettlementList, ...reads },
      })
      .get('/settlements/:id', ({ user, seatWorldId, params }) => queries.one(user, seatWorldId, params.id), {
        game: true,
        params: IdParams,
        response: { 200: SettlementView, ...reads },
      })
      .get('/settlements/:id/buildings', ({ user, seatWorldId, params }) => queries.buildings(user, seatWorldId, params.id), {
        game: true,
        params: IdParams,
        response: { 200: Buildings, ...reads },
      })
      .get('/settlements/:id/storage', ({ user, seatWorldId, params }) => queries.storage(user, seatWorldId, params.id), {
        game: true,
        params: IdParams,
        response: { 200: Storage, ...reads },
      })
      .get('/settlements/:id/defence', ({ user, seatWorldId, params }) => defence.defence(user.id, seatWorldId, params.id), {
        game: true,
        params: IdParams,
        response: { 200: DefenceView, ...reads },
      })
      .get('/settlements/:id/raids', ({ user, seatWorldId, params }) => defence.raids(user.id, seatWorldId, params.id), {
        game: true,
        params: IdParams,
        response: { 200: RaidList, ...reads },
      })
      .get(
        '/settlements/:id/bed-assignments',
        ({ user, seatWorldId, params }) => queries.bedAssignments(user, seatWorldId, params.id),
        {
          game: true,
          params: IdParams,
          response: { 200: BedAssignments, ...reads },
        },
      )
      .post('/buildings', ({ user, body }) => settlements.build(user, body), {
        game: true,
        body: BuildingBody,
        response: { 200: BuildingBuilt, ...writes },
      })
      .get('/settlements/:id/progress', ({ user, seatWorldId, params }) => levels.progress(user, seatWorldId, params.id), {
        game: true,
        params: IdParams,
        response: { 200: SettlementProgress, ...reads },
      })
      .post('/settlements/:id/level-up', ({ user, params, body }) => levels.levelUp(user, body.worldId, params.id), {
        game: true,
        params: IdParams,
        body: WorldBody,
        response: { 200: LevelledUp, ...writes },
      })
      .post('/buildings/:id/upgrade', ({ user, params, body }) => settlements.reinforce(user, body.worldId, Number(params.id)), {
        game: true,
        params: IdParams,
        body: UpgradeBody,
        response: { 200: ContainerReinforced, ...writes },
      })
      .post(
        '/settlements/:id/auto-deposit-items',
        ({ user, params, body }) => storage.autoDeposit(user, body.worldId, Number(params.id)),
        {
          ...storageCall,
          body: WorldBody,
        },
      )
      .post(
        '/settlements/:id/deposit-by-category',
        ({ user, params, body }) => storage.depositCategory(user, body.worldId, Number(params.id), body.category),
        { ...storageCall, body: DepositCategoryBody },
      )
      .post(
        '/settlements/:id/transfer-from-storage',
        ({ user, params, body }) => storage.transfer(user, body.worldId, Number(params.id), body.itemName, body.quantity),
        { ...storageCall, body: TransferBody },
      )
      .post(
        '/settlements/:id/consolidate',
        ({ user, params, body }) => storage.consolidate(user, body.worldId, Number(params.id)),
        {
          ...storageCall,
          body: WorldBody,
        },
      )
      .post('/settlements/:id/pickup-all', ({ user, params, body }) => storage.pickupAll(user, body.worldId, Number(params.id)), {
        ...storageCall,
        body: WorldBody,
      })
      .post(
        '/settlements/:id/fix-categorization',
        ({ user, params, body }) => storage.fixCategorization(user, body.worldId, Number(params.id)),
        { ...storageCall, body: WorldBody },
      )
      .post(
        '/settlements/:id/fix-items',
        ({ user, seatWorldId, params, body }) => storage.fixItems(user, body?.worldId ?? seatWorldId, Number(params.id)),
        { ...storageCall, body: OptionalWorldBody },
      )
  );
}
