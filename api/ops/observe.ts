import { createHash, timingSafeEqual } from 'node:crypto';
import { type } from 'arktype';
import { Elysia, ElysiaCustomStatusResponse, StatusMap } from 'elysia';
import type { Config } from '../config.ts';
import { errorResponses, HttpError, REQUEST_ID_HEADER, UNMATCHED_ROUTE } from '../http/errors.ts';
import { clientAddress } from '../http/client-address.ts';
import type { Logger } from './log.ts';
import type { Metrics } from './metrics.ts';

/** Put on the request's context when it arrives; read when its answer has gone. */
const ARRIVAL = Symbol('wasteland.arrival');
interface Arrival {
  startedAt: number;
  /** The socket peer: Bun no longer knows it once the answer is sent. */
  peer: string | undefined;
}

/** The status that went out: a returned Response or status(), else what onError put on `set.status` (errors.ts). */
function statusOf(responseValue: unknown, setStatus: number | string | undefined, request: Request): number {
  if (responseValue instanceof Response) return responseValue.status;
  if (responseValue instanceof ElysiaCustomStatusResponse) return Number(responseValue.code);
  const status = typeof setStatus === 'number' ? setStatus : (StatusMap[setStatus as keyof typeof StatusMap] ?? 200);
  // An accepted WebSocket upgrade has no answer value: Bun switched protocols.
  if (status === 200 && responseValue === undefined && request.headers.get('upgrade')?.toLowerCase() === 'websocket') return 101;
  return status;
}

/** Both sides hashed first, so the comparison takes as long whatever the token's length or content. */
export function bearerMatches(header: string | null, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * One access line per request (`msg: "request"`, at info) and the request metrics, both named by the matched route
 * pattern. Use it before every other module: its arrival stamp must be the first thing a request gets, and its
 * onAfterResponse must be registered before the routes it watches.
 */
export function observability(opts: { config: Config; log: Logger; metrics: Metrics; seed: string }) {
  const { config, log, metrics } = opts;
  return new Elysia({ name: 'wasteland.observability', seed: opts.seed })
    .onRequest((ctx) => {
      const arrival: Arrival = { startedAt: performance.now(), peer: ctx.server?.requestIP(ctx.request)?.address };
      (ctx as unknown as { [ARRIVAL]: Arrival })[ARRIVAL] = arrival;
    })
    .onAfterResponse({ as: 'global' }, (ctx) => {
      const arrival = (ctx as unknown as { [ARRIVAL]?: Arrival })[ARRIVAL];
      if (!arrival) return;
      const { request, set } = ctx;
      const durationMs = performance.now() - arrival.startedAt;
      const route = ctx.route || UNMATCHED_ROUTE;
      const status = statusOf(ctx.responseValue, set.status, request);
      metrics.request(request.method, route, status, durationMs / 1000);
      if (!log.isLevelEnabled('info')) return;
      log.info(
        {
          requestId: set.headers[REQUEST_ID_HEADER],
          method: request.method,
          route,
          status,
          durationMs: Math.round(durationMs * 100) / 100,
          client: clientAddress(arrival.peer, request.headers.get('x-forwarded-for'), config.trustProxyHops),
          userId: (ctx as { user?: { id?: string } }).user?.id,
        },
        'request',
      );
    });
}

/**
 * GET /metrics in Prometheus text format, behind `Authorization: Bearer <METRICS_TOKEN>` when that is set. Use it
 * after errorHandling, which answers its 401 (an onError hook covers only the routes registered after it).
 */
export function metricsEndpoint(opts: { config: Config; metrics: Metrics }) {
  const { config, metrics } = opts;
  return new Elysia().get(
    '/metrics',
    async ({ request, set }) => {
      if (config.metricsToken !== undefined && !bearerMatches(request.headers.get('authorization'), config.metricsToken)) {
        set.headers['www-authenticate'] = 'Bearer';
        throw new HttpError(401, 'Unauthorized');
      }
      return new Response(await metrics.render(), {
        headers: { 'content-type': metrics.contentType, 'cache-control': 'no-store' },
      });
    },
    { response: { 200: type('string'), ...errorResponses(401) } },
  );
}
