import { Elysia } from 'elysia';
import type { Config } from '../config.ts';

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function json(status: number, message: string): Response {
  return Response.json({ message }, { status });
}

/** Is `origin` this server's own? Configured origins win; otherwise the origin the request was addressed to. */
export function isOwnOrigin(config: Config, request: Request, origin: string): boolean {
  if (config.allowedOrigins.length > 0) return config.allowedOrigins.includes(origin);
  return origin === new URL(request.url).origin;
}

/**
 * Cheap refusals before any parsing: oversized bodies (413) and state-changing requests from another site (403).
 * Bun's own `maxRequestBodySize` backs the size cap up for bodies without a Content-Length.
 */
export function requestGuards(config: Config) {
  return new Elysia({ name: 'wasteland.guards', seed: config }).onRequest(({ request }) => {
    const length = Number(request.headers.get('content-length') ?? 0);
    if (length > config.maxBodyBytes) {
      return json(413, `Request body too large (limit ${config.maxBodyBytes} bytes)`);
    }
    if (STATE_CHANGING.has(request.method)) {
      const origin = request.headers.get('origin');
      if (origin !== null && !isOwnOrigin(config, request, origin)) {
        return json(403, 'Cross-origin request refused');
      }
    }
  });
}
