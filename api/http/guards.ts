import { Elysia } from 'elysia';
import { jsonNestsDeeperThan, TOO_DEEP_MESSAGE } from '../contract/json-depth.ts';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Is `origin` this server's own? Configured origins win; otherwise the origin the request was addressed to. */
export function isOwnOrigin(config: Config, request: Request, origin: string): boolean {
  if (config.allowedOrigins.length > 0) return config.allowedOrigins.includes(origin);
  return origin === new URL(request.url).origin;
}

/**
 * Bodies no parser of this app turns into nested values: forms and raw bytes. Every other body with a content type
 * may reach a JSON parser (Elysia's, or a route's own: beacons come as text/plain), so it is scanned for depth.
 */
const NOT_JSON = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded|application\/octet-stream)\s*(;|$)/i;

function mayBeJson(contentType: string | null): boolean {
  return contentType !== null && !NOT_JSON.test(contentType);
}

/** Reads a body of unknown length, giving up (null) as soon as it passes `limit` bytes. */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/**
 * Cheap refusals before any parsing: oversized bodies (413), state-changing requests from another site (403) and JSON
 * nested deeper than MAX_JSON_DEPTH (400), thrown rather than returned so that onError answers them like every other
 * error (and the access log sees them: Elysia skips onAfterResponse for an answer returned from onRequest).
 * A declared Content-Length over the cap is refused at once; a body without one (chunked) is read here with a
 * running count and refused the moment it passes the cap. A body that may be parsed as JSON is read here too and
 * its nesting counted on the raw bytes (a 40 KiB body nested 20,000 deep held the event loop for seconds in
 * validation); what passes is handed on to the parser as a buffered request. Bun's own `maxRequestBodySize` stays as
 * a backstop.
 */
export function requestGuards(config: Config) {
  const tooLarge = () => new HttpError(413, `Request body too large (limit ${config.maxBodyBytes} bytes)`);
  return new Elysia({ name: 'wasteland.guards', seed: config }).onRequest(async (ctx) => {
    const { request } = ctx;
    const declared = request.headers.get('content-length');
    if (Number(declared ?? 0) > config.maxBodyBytes) throw tooLarge();
    if (STATE_CHANGING.has(request.method)) {
      const origin = request.headers.get('origin');
      if (origin !== null && !isOwnOrigin(config, request, origin)) {
        throw new HttpError(403, 'Cross-origin request refused');
      }
    }
    const scanned = mayBeJson(request.headers.get('content-type'));
    if (request.body === null) return;
    if (declared === null) {
      const bytes = await readCapped(request.body, config.maxBodyBytes);
      if (bytes === null) throw tooLarge();
      if (scanned && jsonNestsDeeperThan(bytes)) throw new HttpError(400, TOO_DEEP_MESSAGE);
      const headers = new Headers(request.headers);
      headers.delete('transfer-encoding');
      headers.set('content-length', String(bytes.byteLength));
      // Elysia parses `context.request` after this hook: the buffered copy replaces the consumed stream.
      (ctx as { request: Request }).request = new Request(request.url, { method: request.method, headers, body: bytes });
    } else if (scanned) {
      // A copy is read, so the parser still gets the request Bun made (and server.requestIP still knows its peer).
      const bytes = await readCapped(request.clone().body!, config.maxBodyBytes);
      if (bytes === null) throw tooLarge();
      if (jsonNestsDeeperThan(bytes)) throw new HttpError(400, TOO_DEEP_MESSAGE);
    }
  });
}
