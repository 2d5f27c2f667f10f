import fc from 'fast-check';
import { MAX_CHUNK_COORD, MAX_TILE_COORD, MIN_TILE_COORD } from '../../core-wasm/constants.ts';
import { CHAT_CHANNELS, CHAT_MESSAGE_MAX } from '../game/chat.ts';
import { EQUIPMENT_SLOTS } from '../game/equipment.ts';
import { NPC_BATCH_MAX } from '../game/npc-equipment.ts';
import {
  hostileNumber,
  hostileString,
  hostileValue,
  intQueryValue,
  mixedText,
  nearValidObject,
  rarely,
  withHostileInside,
} from './values.ts';

/**
 * One generator per route of the app: near-valid path parameters, query and body for it. The fuzz test derives
 * the route list from the running app (`app.routes`) and fails when a route has no entry here, so a new route
 * cannot go unfuzzed.
 */

/** What the generators need to know about the world the fuzz runs in. */
export interface FuzzContext {
  seed: number;
  /** Usernames that exist (never the churner's: failed sign-ins would lock it out). */
  usernames: string[];
  /** Ids of real players (what a mute names), the player's own among them. */
  playerIds: string[];
  password: string;
  /** Where the main player stands, and a POI within reach of it. */
  player: { x: number; y: number };
  nearPoiId: string;
  /** Other real POI ids of the world (out of reach). */
  poiIds: string[];
  /** Files of the built site, as URL paths. */
  sitePaths: string[];
  tileSize: number;
  chunkTiles: number;
}

export type Actor = 'visitor' | 'player' | 'churner';

export interface RouteSpec {
  /** Visitors must never get a 2xx here. */
  auth: boolean;
  /** Can cost its caller the session or the seat: only the churner and visitors call it. */
  destructive?: boolean;
  params?: Record<string, fc.Arbitrary<string>>;
  query?: fc.Arbitrary<Record<string, string>>;
  /** Near-valid JSON body (undefined: the route reads no body). */
  body?: fc.Arbitrary<unknown>;
  /** Also send it as text/plain (navigator.sendBeacon). */
  beacon?: boolean;
  /** Site fallback routes: the path itself is the input. */
  site?: boolean;
  /** The live-connection upgrade. */
  socket?: boolean;
}

const worldIdValue = fc.oneof(
  { weight: 8, arbitrary: fc.constant('default') },
  { weight: 1, arbitrary: fc.constantFrom('nope', 'Default', 'default2', 'x'.repeat(64), 'x'.repeat(65)) },
  { weight: 2, arbitrary: withHostileInside(fc.constant('default')) },
  { weight: 2, arbitrary: hostileString },
);

const worldIdQuery = fc.option(worldIdValue, { freq: 3 }).map((w): Record<string, string> => (w === null ? {} : { worldId: w }));

const username = fc.stringMatching(/^[A-Za-z0-9_-]{3,24}$/);
const password = fc.string({ minLength: 8, maxLength: 128 });
const shortText = (max: number) => fc.string({ maxLength: max });

export function routeSpecs(ctx: FuzzContext): Record<string, RouteSpec> {
  const chunkWorld = ctx.chunkTiles * ctx.tileSize;
  const playerChunk = { x: Math.floor(ctx.player.x / chunkWorld), y: Math.floor(ctx.player.y / chunkWorld) };
  const chunkCoord = (near: number) => intQueryValue([near, 0], [MAX_CHUNK_COORD, -MAX_CHUNK_COORD]);
  // Valid centres include the world's edge chunks (±MAX_CHUNK_COORD), whose neighbours are outside the world.
  const validChunk = (near: number) =>
    fc
      .oneof(
        { weight: 3, arbitrary: fc.integer({ min: near - 3, max: near + 3 }) },
        { weight: 1, arbitrary: fc.constantFrom(MAX_CHUNK_COORD, -MAX_CHUNK_COORD, MAX_CHUNK_COORD - 1, 1 - MAX_CHUNK_COORD) },
      )
      .map(String);
  const regionQuery = (maxRadius: number) =>
    nearValidObject(
      {
        centerChunkX: chunkCoord(playerChunk.x),
        centerChunkY: chunkCoord(playerChunk.y),
        chunkRadius: intQueryValue([0, 1, maxRadius], [maxRadius + 1, -1]),
      },
      {
        centerChunkX: validChunk(playerChunk.x),
        centerChunkY: validChunk(playerChunk.y),
        chunkRadius: fc.integer({ min: 0, max: maxRadius }).map(String),
      },
    ).map(asQuery);
  const minWorld = MIN_TILE_COORD * ctx.tileSize;
  const maxWorld = (MAX_TILE_COORD + 1) * ctx.tileSize;
  const coordString = (near: number) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.double({ min: near - 200, max: near + 200, noNaN: true }).map(String) },
      { weight: 2, arbitrary: fc.constantFrom(minWorld, maxWorld, minWorld - 1, maxWorld + 1, maxWorld - 0.001, 0).map(String) },
      { weight: 2, arbitrary: hostileString },
    );
  const coordNumber = (near: number) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.double({ min: near - 30, max: near + 30, noNaN: true }) },
      { weight: 1, arbitrary: fc.constantFrom(minWorld, maxWorld, minWorld - 1, maxWorld + 1) },
      { weight: 2, arbitrary: hostileNumber },
    );
  const near = (v: number) => fc.double({ min: v - 30, max: v + 30, noNaN: true });
  const textField = (max: number) =>
    fc.oneof(
      { weight: 3, arbitrary: shortText(max) },
      { weight: 2, arbitrary: withHostileInside(shortText(max)) },
      { weight: 1, arbitrary: hostileString },
    );
  const validBits = fc.uint8Array({ minLength: 2048, maxLength: 2048 }).map((b) => Buffer.from(b).toString('base64'));
  const bits = fc.oneof(
    { weight: 4, arbitrary: validBits },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2100 }).map((b) => Buffer.from(b).toString('base64')) },
    { weight: 1, arbitrary: validBits.map((b) => `${b.slice(0, 100)}\u0000${b.slice(101)}`) },
    { weight: 1, arbitrary: hostileString },
  );
  const validExploredChunk = fc.record({
    chunkX: fc.integer({ min: playerChunk.x - 2, max: playerChunk.x + 2 }),
    chunkY: fc.integer({ min: playerChunk.y - 2, max: playerChunk.y + 2 }),
    bits: validBits,
  });
  const exploredChunk = nearValidObject({
    chunkX: fc.oneof(
      fc.integer({ min: playerChunk.x - 2, max: playerChunk.x + 2 }),
      fc.constantFrom(MAX_CHUNK_COORD, -MAX_CHUNK_COORD, MAX_CHUNK_COORD + 1),
    ),
    chunkY: fc.oneof(
      fc.integer({ min: playerChunk.y - 2, max: playerChunk.y + 2 }),
      fc.constantFrom(MAX_CHUNK_COORD, -MAX_CHUNK_COORD, -MAX_CHUNK_COORD - 1),
    ),
    bits,
  });
  const poiId = fc.oneof(
    { weight: 5, arbitrary: fc.constant(ctx.nearPoiId) },
    { weight: 2, arbitrary: fc.constantFrom(...ctx.poiIds) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(ctx.seed, ctx.seed + 1, 0, -1),
          intQueryValue([0], [MAX_TILE_COORD, MIN_TILE_COORD, 2 ** 53]),
          intQueryValue([0], [MAX_TILE_COORD + 1]),
        )
        .map(([s, x, y]) => `poi_${s}_${x}_${y}`),
    },
    { weight: 1, arbitrary: withHostileInside(fc.constant(ctx.nearPoiId)) },
    { weight: 2, arbitrary: hostileString },
  );
  const anyQuery = fc.dictionary(fc.oneof(hostileString, fc.constantFrom('worldId', 'x', 'y', 'userId')), hostileString, {
    maxKeys: 3,
  });
  const noBody = rarely(hostileValue, 4);
  const numericId = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '01', '1.5', '99999999999', '2147483648', '9999999999') },
    { weight: 1, arbitrary: hostileString },
  );
  const materials = fc.oneof(
    fc.dictionary(fc.constantFrom('Wood Planks', 'Scrap Metal', 'Cloth Scraps'), fc.integer({ min: 0, max: 10 })),
    fc.dictionary(hostileString, hostileValue, { maxKeys: 3 }),
  );
  const worldBody = nearValidObject({ worldId: worldIdValue }, { worldId: fc.constant('default') });
  const slotValue = fc.oneof(fc.constantFrom(...EQUIPMENT_SLOTS, 'scanner', 'multitool', 'Vision', 'head'), hostileString);
  const sourceValue = fc.oneof(fc.constantFrom('inventory', 'settlement', 'storage', 'Inventory'), hostileString);
  const npcSettlementBody = nearValidObject(
    { settlementId: numericId },
    { settlementId: fc.integer({ min: 1, max: 20 }).map(String) },
  );
  const chatText = fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: CHAT_MESSAGE_MAX }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '   ', ' \u00a0\t', 'x'.repeat(CHAT_MESSAGE_MAX), 'x'.repeat(CHAT_MESSAGE_MAX + 1)),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: CHAT_MESSAGE_MAX }).map((s) => `  ${s}  `) },
    { weight: 2, arbitrary: withHostileInside(shortText(CHAT_MESSAGE_MAX)) },
    { weight: 1, arbitrary: hostileString },
  );
  // Nearby voice needs no radio, so its valid sends reach the success path (and slow mode) for every survivor.
  const chatChannel = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...CHAT_CHANNELS) },
    { weight: 1, arbitrary: fc.constantFrom('Nearby', 'shout', 'world', '') },
    { weight: 1, arbitrary: hostileString },
  );
  const playerId = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ctx.playerIds) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.playerIds).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: withHostileInside(fc.constantFrom(...ctx.playerIds)) },
    { weight: 1, arbitrary: hostileString },
  );
  const settlementBody = nearValidObject(
    { settlementId: numericId, worldId: worldIdValue },
    { settlementId: fc.integer({ min: 1, max: 20 }).map(String), worldId: fc.constant('default') },
  );

  return {
    'GET /api/health': { auth: false, query: anyQuery },
    'GET /metrics': { auth: false, query: anyQuery },
    'GET /api/login': { auth: false, query: anyQuery },
    'GET /api/logout': { auth: false, destructive: true, query: anyQuery },
    'POST /api/auth/register': {
      auth: false,
      body: nearValidObject(
        {
          username: fc.oneof({ weight: 4, arbitrary: username }, { weight: 1, arbitrary: fc.constantFrom(...ctx.usernames) }),
          password: fc.oneof({ weight: 3, arbitrary: password }, { weight: 1, arbitrary: withHostileInside(password) }),
          displayName: textField(32),
          email: fc.oneof(
            fc.emailAddress(),
            fc.constant(''),
            withHostileInside(fc.emailAddress()),
            fc.emailAddress().map((e) => ` ${e.toUpperCase()} `),
          ),
        },
        {
          username,
          password: fc.string({ minLength: 8, maxLength: 40 }),
          displayName: fc.string({ maxLength: 32 }),
          email: fc.oneof(fc.emailAddress(), fc.constant('')),
        },
      ),
    },
    'POST /api/auth/login': {
      auth: false,
      body: nearValidObject(
        {
          username: fc.oneof(
            fc.constantFrom(...ctx.usernames),
            username,
            withHostileInside(fc.constantFrom(...ctx.usernames)),
            mixedText(70),
          ),
          password: fc.oneof(fc.constant(ctx.password), password, withHostileInside(fc.constant(ctx.password))),
        },
        { username: fc.constantFrom(...ctx.usernames), password: fc.oneof(fc.constant(ctx.password), password) },
      ),
    },
    'GET /api/auth/user': { auth: true, query: anyQuery },
    'PATCH /api/user/display-name': {
      auth: true,
      body: nearValidObject({ displayName: textField(33) }, { displayName: fc.string({ minLength: 1, maxLength: 32 }) }),
    },
    'GET /api/lobby': { auth: true, query: anyQuery },
    'POST /api/lobby/join-game': {
      auth: true,
      // No body (the usual join), or a world to join: the main player stays in 'default' (it is the only world).
      body: fc.oneof(noBody, nearValidObject({ worldId: worldIdValue }, { worldId: fc.constant('default') })),
    },
    'GET /api/worlds': { auth: false, query: anyQuery },
    'GET /api/world/:worldId': { auth: true, params: { worldId: worldIdValue }, query: anyQuery },
    // The operator's routes: the fuzz server has no ADMIN_TOKEN, so every call must be refused (404), never a 5xx.
    'GET /api/admin/worlds': { auth: true, query: anyQuery },
    'POST /api/admin/worlds': { auth: true, body: nearValidObject({ name: mixedText(40) }, { name: fc.constant('New Camp') }) },
    'POST /api/admin/worlds/:world/close': { auth: true, params: { world: worldIdValue }, body: noBody },
    'POST /api/admin/worlds/:world/rename': {
      auth: true,
      params: { world: worldIdValue },
      body: nearValidObject({ name: mixedText(40) }, { name: fc.constant('Renamed') }),
    },
    'POST /api/lobby/ready': { auth: true, body: nearValidObject({ ready: fc.boolean() }, { ready: fc.boolean() }) },
    'POST /api/lobby/leave': { auth: true, destructive: true, body: noBody },
    'GET /api/lobby/access': { auth: true, query: anyQuery },
    'GET /api/world/default': { auth: true, query: anyQuery },
    'GET /api/time': { auth: false, query: anyQuery },
    'GET /api/world/:worldId/chunks': { auth: true, params: { worldId: worldIdValue }, query: regionQuery(2) },
    'GET /api/world/:worldId/poi-state': { auth: true, params: { worldId: worldIdValue }, query: regionQuery(2) },
    'GET /api/world/:worldId/settlements': { auth: true, params: { worldId: worldIdValue }, query: regionQuery(3) },
    'GET /api/world/:worldId/shelters': { auth: true, params: { worldId: worldIdValue }, query: regionQuery(3) },
    'GET /api/world/:worldId/terrain-info': {
      auth: true,
      params: { worldId: worldIdValue },
      query: nearValidObject(
        { x: coordString(ctx.player.x), y: coordString(ctx.player.y) },
        {
          x: fc
            .oneof(
              fc.double({ min: ctx.player.x - 500, max: ctx.player.x + 500, noNaN: true }),
              fc.constantFrom(minWorld, maxWorld - 0.001),
            )
            .map(String),
          y: fc
            .oneof(
              fc.double({ min: ctx.player.y - 500, max: ctx.player.y + 500, noNaN: true }),
              fc.constantFrom(minWorld, maxWorld - 0.001),
            )
            .map(String),
        },
      ).map(asQuery),
    },
    'GET /api/world/:worldId/path': {
      auth: true,
      params: { worldId: worldIdValue },
      query: nearValidObject(
        {
          fromX: coordString(ctx.player.x),
          fromY: coordString(ctx.player.y),
          toX: coordString(ctx.player.x),
          toY: coordString(ctx.player.y),
        },
        {
          fromX: fc.double({ min: ctx.player.x - 50, max: ctx.player.x + 50, noNaN: true }).map(String),
          fromY: fc.double({ min: ctx.player.y - 50, max: ctx.player.y + 50, noNaN: true }).map(String),
          // Near and far targets: within the search, beyond its bound, at the world's edge.
          toX: fc
            .oneof(
              fc.double({ min: ctx.player.x - 800, max: ctx.player.x + 800, noNaN: true }),
              fc.constantFrom(minWorld, maxWorld - 0.001),
            )
            .map(String),
          toY: fc.double({ min: ctx.player.y - 800, max: ctx.player.y + 800, noNaN: true }).map(String),
        },
      ).map(asQuery),
    },
    'GET /api/world/:worldId/players': { auth: true, params: { worldId: worldIdValue }, query: anyQuery },
    'GET /api/world/:worldId/events': { auth: true, params: { worldId: worldIdValue }, query: anyQuery },
    'GET /api/world/:worldId/chat': { auth: true, params: { worldId: worldIdValue }, query: anyQuery },
    'POST /api/world/:worldId/chat': {
      auth: true,
      params: { worldId: worldIdValue },
      body: nearValidObject(
        { message: chatText, channel: chatChannel },
        { message: fc.string({ minLength: 1, maxLength: CHAT_MESSAGE_MAX }), channel: fc.constantFrom(...CHAT_CHANNELS) },
      ),
    },
    'GET /api/player/mutes': { auth: true, query: anyQuery },
    'PUT /api/player/mutes/:playerId': { auth: true, params: { playerId }, body: noBody },
    'DELETE /api/player/mutes/:playerId': { auth: true, params: { playerId }, body: noBody },
    'POST /api/player/logout': { auth: true, destructive: true, body: noBody },
    'GET /api/player/current': { auth: true, query: worldIdQuery },
    'POST /api/player/move': {
      auth: true,
      query: worldIdQuery,
      body: nearValidObject(
        { x: coordNumber(ctx.player.x), y: coordNumber(ctx.player.y) },
        { x: near(ctx.player.x), y: near(ctx.player.y) },
      ),
    },
    'GET /api/player/explored-tiles': { auth: true, query: worldIdQuery },
    'POST /api/player/explored-tiles': {
      auth: true,
      beacon: true,
      body: nearValidObject(
        {
          worldId: worldIdValue,
          exploredTiles: fc.oneof(
            { weight: 4, arbitrary: fc.array(exploredChunk, { maxLength: 4 }) },
            { weight: 1, arbitrary: fc.array(exploredChunk, { minLength: 15, maxLength: 18 }) },
          ),
        },
        { worldId: fc.constant('default'), exploredTiles: fc.array(validExploredChunk, { maxLength: 4 }) },
      ),
    },
    'POST /api/poi/:id/scavenge': {
      auth: true,
      params: { id: poiId },
      body: nearValidObject({ worldId: worldIdValue }, { worldId: fc.constant('default') }),
    },
    'POST /api/forage': {
      auth: true,
      body: nearValidObject(
        { worldId: worldIdValue, playerX: coordNumber(ctx.player.x), playerY: coordNumber(ctx.player.y) },
        { worldId: fc.constant('default'), playerX: near(ctx.player.x), playerY: near(ctx.player.y) },
      ),
    },
    'GET /api/player/inventory': { auth: true, query: worldIdQuery },
    'GET /api/player/npc-spawn-check': { auth: true, query: worldIdQuery },
    'GET /api/player/report': { auth: true, query: worldIdQuery },
    'POST /api/build-shelter': {
      auth: true,
      body: nearValidObject(
        { worldId: worldIdValue, x: coordNumber(ctx.player.x), y: coordNumber(ctx.player.y), materials: materials },
        { worldId: fc.constant('default'), x: near(ctx.player.x), y: near(ctx.player.y) },
      ),
    },
    'POST /api/settlements': {
      auth: true,
      body: nearValidObject(
        { worldId: worldIdValue, name: textField(45), x: coordNumber(ctx.player.x), y: coordNumber(ctx.player.y), poiId },
        {
          worldId: fc.constant('default'),
          name: fc.string({ minLength: 1, maxLength: 40 }),
          x: near(ctx.player.x),
          y: near(ctx.player.y),
        },
      ),
    },
    'GET /api/player/settlements': { auth: true, query: worldIdQuery },
    'GET /api/settlements/:id': { auth: true, params: { id: numericId }, query: anyQuery },
    'GET /api/settlements/:id/buildings': { auth: true, params: { id: numericId }, query: anyQuery },
    'GET /api/settlements/:id/storage': { auth: true, params: { id: numericId }, query: anyQuery },
    'GET /api/settlements/:id/bed-assignments': { auth: true, params: { id: numericId }, query: anyQuery },
    'GET /api/settlements/:id/defence': { auth: true, params: { id: numericId }, query: anyQuery },
    'GET /api/settlements/:id/raids': { auth: true, params: { id: numericId }, query: anyQuery },
    'GET /api/settlements/:id/progress': { auth: true, params: { id: numericId }, query: anyQuery },
    'POST /api/settlements/:id/level-up': { auth: true, params: { id: numericId }, body: worldBody },
    'GET /api/buildings/catalogue': { auth: false, query: anyQuery },
    'GET /api/crafting/recipes': { auth: false, query: anyQuery },
    'POST /api/settlements/:id/craft': {
      auth: true,
      params: { id: numericId },
      body: nearValidObject(
        {
          recipeId: fc.oneof(fc.constantFrom('bandages', 'portable-radio', 'rope', 'perpetual-motion', ''), hostileString),
          quantity: fc.oneof(fc.integer({ min: -2, max: 12 }), hostileNumber),
          worldId: worldIdValue,
        },
        { recipeId: fc.constantFrom('bandages', 'rope', 'portable-radio'), quantity: fc.integer({ min: 1, max: 10 }) },
      ),
    },
    'GET /api/settlements/:id/craft-queue': { auth: true, params: { id: numericId }, query: anyQuery },
    'DELETE /api/settlements/:id/craft-queue/:jobId': { auth: true, params: { id: numericId, jobId: numericId }, body: noBody },
    'POST /api/buildings': {
      auth: true,
      body: nearValidObject(
        {
          type: fc.oneof(fc.constantFrom('bed', 'container', 'tower', 'Bed'), hostileString),
          subtype: fc.oneof(
            fc.constantFrom('food', 'medicine', 'ammo', 'materials', 'items', 'misc', 'jewels', null),
            hostileString,
          ),
          name: textField(45),
          materials,
          settlementId: numericId,
          worldId: worldIdValue,
        },
        {
          type: fc.constantFrom('bed', 'container'),
          subtype: fc.constantFrom('food', 'misc'),
          name: fc.string({ minLength: 1, maxLength: 40 }),
          settlementId: fc.integer({ min: 1, max: 20 }).map(String),
          worldId: fc.constant('default'),
        },
      ),
    },
    'POST /api/buildings/:id/upgrade': { auth: true, params: { id: numericId }, body: worldBody },
    'POST /api/settlements/:id/auto-deposit-items': { auth: true, params: { id: numericId }, body: worldBody },
    'POST /api/settlements/:id/deposit-by-category': {
      auth: true,
      params: { id: numericId },
      body: nearValidObject(
        { worldId: worldIdValue, category: fc.oneof(fc.constantFrom('food', 'ammo', 'weapons'), hostileString) },
        { worldId: fc.constant('default'), category: fc.constantFrom('food', 'items') },
      ),
    },
    'POST /api/settlements/:id/transfer-from-storage': {
      auth: true,
      params: { id: numericId },
      body: nearValidObject(
        { worldId: worldIdValue, itemName: textField(70), quantity: fc.oneof(fc.integer({ min: -5, max: 100 }), hostileNumber) },
        {
          worldId: fc.constant('default'),
          itemName: fc.constantFrom('Canned Beans', 'Crowbar'),
          quantity: fc.integer({ min: 1, max: 50 }),
        },
      ),
    },
    'POST /api/settlements/:id/consolidate': { auth: true, params: { id: numericId }, body: worldBody },
    'POST /api/settlements/:id/pickup-all': { auth: true, params: { id: numericId }, body: worldBody },
    'POST /api/settlements/:id/fix-categorization': { auth: true, params: { id: numericId }, body: worldBody },
    'POST /api/settlements/:id/fix-items': { auth: true, params: { id: numericId }, body: fc.oneof(worldBody, noBody) },
    'POST /api/bed-invitations': {
      auth: true,
      body: nearValidObject(
        { worldId: worldIdValue, settlementId: numericId, buildingId: numericId, inviteePlayerName: textField(70) },
        {
          worldId: fc.constant('default'),
          settlementId: fc.integer({ min: 1, max: 20 }).map(String),
          buildingId: fc.integer({ min: 1, max: 40 }).map(String),
          inviteePlayerName: fc.constantFrom(...ctx.usernames),
        },
      ),
    },
    'GET /api/player/bed-invitations': { auth: true, query: worldIdQuery },
    'POST /api/bed-invitations/:id/accept': { auth: true, params: { id: numericId }, body: noBody },
    'POST /api/bed-invitations/:id/reject': { auth: true, params: { id: numericId }, body: noBody },
    'DELETE /api/bed-invitations/:id': { auth: true, params: { id: numericId }, body: noBody },
    'GET /api/settlements/:id/pending-invitations': { auth: true, params: { id: numericId }, query: anyQuery },
    'POST /api/settlements/:id/beds/:bedId/kick': { auth: true, params: { id: numericId, bedId: numericId }, body: noBody },
    'GET /api/player/respawn': { auth: true, query: worldIdQuery },
    'GET /api/player/equipment': { auth: true, query: worldIdQuery },
    'POST /api/player/equipment/equip': {
      auth: true,
      body: nearValidObject(
        { itemId: numericId, slot: slotValue, worldId: worldIdValue, source: sourceValue },
        {
          itemId: fc.integer({ min: 1, max: 40 }).map(String),
          slot: fc.constantFrom(...EQUIPMENT_SLOTS),
          worldId: fc.constant('default'),
          source: fc.constantFrom('inventory', 'settlement'),
        },
      ),
    },
    'POST /api/player/equipment/unequip': {
      auth: true,
      body: nearValidObject(
        { itemId: numericId, worldId: worldIdValue },
        { itemId: fc.integer({ min: 1, max: 40 }).map(String) },
      ),
    },
    'POST /api/player/equipment/equip-all-settlement': { auth: true, body: settlementBody },
    'POST /api/player/equipment/unequip-all': { auth: true, body: settlementBody },
    'GET /api/npcs/recruitment-options': { auth: true, query: worldIdQuery },
    'GET /api/npcs/generate-random': { auth: true, query: anyQuery },
    'POST /api/npcs/recruit': {
      auth: true,
      body: nearValidObject(
        { npcName: textField(70), npcDescription: textField(320), settlementId: numericId, worldId: worldIdValue },
        {
          npcName: fc.string({ minLength: 1, maxLength: 30 }),
          npcDescription: fc.string({ maxLength: 60 }),
          settlementId: fc.integer({ min: 1, max: 20 }).map(String),
          worldId: fc.constant('default'),
        },
      ),
    },
    'POST /api/npcs/dismiss': {
      auth: true,
      body: nearValidObject(
        { npcName: textField(70), worldId: worldIdValue },
        { npcName: fc.string({ minLength: 1, maxLength: 30 }), worldId: fc.constant('default') },
      ),
    },
    'GET /api/world/:worldId/npcs': { auth: true, params: { worldId: worldIdValue }, query: anyQuery },
    'GET /api/settlements/:id/npcs': { auth: true, params: { id: numericId }, query: anyQuery },
    'POST /api/npcs/:id/assign': {
      auth: true,
      params: { id: numericId },
      body: nearValidObject(
        {
          assignment: fc.oneof(fc.constantFrom('defend', 'scavenge', 'foraging', 'gather', 'craft', 'dance'), hostileString),
          worldId: worldIdValue,
        },
        { assignment: fc.constantFrom('defend', 'scavenge', 'foraging', 'gather', 'craft'), worldId: fc.constant('default') },
      ),
    },
    'POST /api/npcs/:id/treat': {
      auth: true,
      params: { id: numericId },
      body: nearValidObject({ worldId: worldIdValue }, { worldId: fc.constant('default') }),
    },
    'GET /api/npcs/batch-equipment': {
      auth: true,
      // Elysia splits a comma list into an array, as it collects repeated npcIds: both reach the array schema.
      query: nearValidObject(
        {
          npcIds: fc.oneof(
            numericId,
            fc.array(numericId, { minLength: 1, maxLength: 5 }).map((ids) => ids.join(',')),
            fc
              .array(fc.integer({ min: 1, max: 40 }), { minLength: NPC_BATCH_MAX, maxLength: NPC_BATCH_MAX + 2 })
              .map((ids) => ids.join(',')),
          ),
          worldId: worldIdValue,
        },
        { npcIds: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 }).map((ids) => ids.join(',')) },
      ).map(asQuery),
    },
    'GET /api/npcs/:id/equipment': { auth: true, params: { id: numericId }, query: anyQuery },
    'POST /api/npcs/:id/equipment/equip': {
      auth: true,
      params: { id: numericId },
      body: nearValidObject(
        { itemId: numericId, slot: slotValue, settlementId: numericId },
        {
          itemId: fc.integer({ min: 1, max: 40 }).map(String),
          slot: fc.constantFrom(...EQUIPMENT_SLOTS),
          settlementId: fc.integer({ min: 1, max: 20 }).map(String),
        },
      ),
    },
    'POST /api/npcs/:id/equipment/unequip': {
      auth: true,
      params: { id: numericId },
      body: nearValidObject(
        { slot: slotValue, settlementId: numericId },
        { slot: fc.constantFrom(...EQUIPMENT_SLOTS), settlementId: fc.integer({ min: 1, max: 20 }).map(String) },
      ),
    },
    'POST /api/npcs/:id/equipment/equip-all': { auth: true, params: { id: numericId }, body: npcSettlementBody },
    'POST /api/npcs/:id/equipment/unequip-all': { auth: true, params: { id: numericId }, body: npcSettlementBody },
    'WS /ws': {
      auth: true,
      socket: true,
      query: nearValidObject(
        { worldId: worldIdValue, userId: fc.oneof(fc.uuid(), hostileString) },
        { worldId: fc.constant('default') },
      ).map(asQuery),
    },
    'GET /*': { auth: false, site: true },
    'HEAD /*': { auth: false, site: true },
  };
}

/** Query objects keep only string values (anything else is written as its JSON). */
function asQuery(o: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) out[k] = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  return out;
}

/** Paths for the site fallback: real pages and assets, traversal attempts, garbage. */
export function sitePath(ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ctx.sitePaths) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '/..%2f..%2fetc%2fpasswd',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/_astro/..%2f..%2fpackage.json',
        '/..%2fpackage.json',
        '/%2e%2e%2fdb%2fschema%2findex.ts',
        '/%00',
        '/index.html%00.png',
        '/%ZZ',
        '/%',
        '/wiki/',
        '//wiki',
        '/WIKI',
        '/api',
        '/api/',
        '/api/nope',
        '/api/health/',
        '/api//health',
        '/ws/',
        '/lobby/../game',
        `/${'a'.repeat(2000)}`,
        '/.git/config',
        '/.env',
      ),
    },
    {
      weight: 3,
      arbitrary: fc
        .array(fc.oneof(hostileString, fc.webSegment()), { minLength: 1, maxLength: 4 })
        .map((segs) => '/' + segs.map(encodeSegment).join('/')),
    },
    { weight: 1, arbitrary: fc.webPath() },
  );
}

/** Encodes a path segment, but lets a few raw escapes through unchanged ('%00', '%ZZ', '..'). */
export function encodeSegment(s: string): string {
  if (/^(%[0-9A-Za-z]{0,2}|\.{1,2}|%2e%2e|%2f)$/i.test(s)) return s;
  try {
    return encodeURIComponent(s);
  } catch {
    // a lone surrogate: percent-encode its UTF-16 unit as WTF-8 would never be valid; send the replacement instead
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD')) + '%ED%A0%80';
  }
}
