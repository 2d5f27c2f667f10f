/**
 * The part of a visit to /game that waits for the map's first frame (game-session.ts imports it then, as its own
 * chunk): the live connection and the contract's validator for its frames (arktype), each feature's layer, socket
 * messages and polling, the explored-land sync and the debug hook. A new feature adds its `wireX(session)` call
 * below and touches nothing else.
 */
import type { TimeInfo } from '../../../../api/contract/protocol.ts';
import type { PlayerInfo, WorldInfo } from '../../../../api/contract/world.ts';
import { checkAccess } from '../../stores/access.ts';
import { wireActions } from '../actions/wire.ts';
import { wireAudio } from '../audio/wire.ts';
import { wireChat, wireChatBubbles } from '../chat/wire.ts';
import { restoreOffer, wireNotices } from '../notices/wire.ts';
import { wireReport } from '../report/wire.ts';
import { wireCrafting } from '../crafting/wire.ts';
import { wireEquipment } from '../equipment/wire.ts';
import type { ExploredMap } from '../explored/explored.ts';
import { startExploredSync } from '../explored/sync.ts';
import { LiveClient, liveUrl } from '../live/client.ts';
import { wireConnection } from '../live/connection.ts';
import { LiveEvents } from '../live/events.ts';
import { wireMoves } from '../live/moves.ts';
import { OfflinePolls } from '../live/offline.ts';
import { wireGameLog } from '../log/wire.ts';
import type { GameEngine } from '../map/engine.ts';
import { wireNpcs } from '../npcs/wire.ts';
import { wirePlayers } from '../players/wire.ts';
import { wirePois } from '../pois/wire.ts';
import { wireRaids } from '../raids/wire.ts';
import { wireSettlements } from '../settlements/wire.ts';
import { wireClock } from '../time/wire.ts';
import { reportFailure, type GameSession, type SessionScope } from './context.ts';
import { installDebugHook } from './debug-hook.ts';
import { handleUnauthorized } from './unauthorized.ts';

/** What the session loaded before the map drew. */
export interface Loaded {
  worldId: string;
  world: WorldInfo;
  player: PlayerInfo;
  time: TimeInfo;
  engine: GameEngine;
  explored: ExploredMap;
}

/** Wires every feature to the session, then opens the live connection (so no frame arrives before its listener). */
export function wireFeatures(scope: SessionScope, { worldId, world, player, time, engine, explored }: Loaded): void {
  const live = new LiveEvents();
  const socket = new LiveClient(liveUrl(world.id), live.handlers);
  const offline = new OfflinePolls();
  const session: GameSession = {
    worldId,
    world,
    player,
    engine,
    live,
    socket,
    offline,
    interval: (fn, ms) => scope.interval(fn, ms),
    onStop: (fn) => scope.onStop(fn),
    failed: reportFailure,
  };

  // Each feature: its layer, its socket messages, its polling.
  wireClock(session, time);
  // The log's first list is fetched now, with the socket about to open: nothing logged since can slip between.
  wireGameLog(session);
  const survivors = wirePlayers(session);
  const { pois, siteArrow } = wirePois(session);
  const settlements = wireSettlements(session);
  wireNotices(session);
  void restoreOffer(session);
  void wireReport(session);
  wireMoves(session);
  wireActions(session, pois);
  wireEquipment(session);
  const npcs = wireNpcs(session);
  wireRaids(session);
  wireCrafting(session, settlements);
  wireAudio(session);
  wireChat(session);
  wireChatBubbles(session, survivors);
  scope.onStop(startExploredSync(explored, worldId, handleUnauthorized));
  scope.onStop(installDebugHook(engine, survivors, npcs, siteArrow));
  scope.onStop(
    wireConnection({
      live,
      offline,
      reconnect: () => socket.start(),
      setWalking: (on) => engine.walk.setEnabled(on),
      checkAccess,
    }),
  );
  scope.onStop(() => offline.set(false));

  socket.start();
  scope.onStop(() => socket.stop());
}
