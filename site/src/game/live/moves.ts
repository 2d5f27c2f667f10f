/**
 * Reports the local survivor's walk to the server (over the socket when it is open, else POST /api/player/move)
 * and applies the server's corrections (a rejected move snaps the survivor back).
 */
import { isUnauthorizedError } from '../../../../api/contract/errors.ts';
import { api, unwrap } from '../../lib/api.ts';
import { toast } from '../../stores/toast.ts';
import type { Point } from '../map/walker.ts';
import type { GameSession } from '../session/context.ts';
import { handleUnauthorized } from '../session/unauthorized.ts';
import { MoveReporter } from './move-reporter.ts';

export function wireMoves(s: GameSession): void {
  const walk = s.engine.walk;
  const postMove = async (p: Point) => {
    try {
      const result = await unwrap(api.api.player.move.post({ x: p.x, y: p.y }, { query: { worldId: s.worldId } }));
      if (!result.accepted) walk.snapTo(result.x, result.y);
    } catch (err) {
      if (isUnauthorizedError(err)) return handleUnauthorized();
      walk.stop();
      toast({ title: 'Movement Failed', description: 'Could not move to that position', variant: 'destructive' });
    }
  };
  const reporter = new MoveReporter({
    socketOpen: () => s.socket.isConnected,
    sendSocket: (p) => s.socket.send({ type: 'player_move', x: p.x, y: p.y }),
    sendRest: postMove,
  });
  s.onStop(walk.track(reporter));
  s.onStop(
    s.live.on('moveRejected', (x, y, reason) => {
      console.info('[game] move rejected:', reason);
      walk.snapTo(x, y);
    }),
  );
}
