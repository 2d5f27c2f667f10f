import { Elysia } from 'elysia';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Is `origin` this server's own? Configured origins win; otherwise the origin the request was addressed to. */
export function isOwnOrigin(config: Config, request: Request, origin: string): boolean {
  if (config.allowedOrigins.length > 0) return config.allowedOrigins.includes(origin);
  return origin === new URL(request.url).origin;
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
 * Cheap refusals before any parsing: oversized bodies (413) and state-changing requests from another site (403),
 * thrown rather than returned so that onError answers them like every other error (and the access log sees them:
 * Elysia skips onAfterResponse for an answer returned from onRequest).
 * A declared Content-Length over the cap is refused at once; a body without one (chunked) is read here with a
 * running count, refused the moment it passes the cap, and otherwise handed on to the parser as a buffered
 * request. Bun's own `maxRequestBodySize` stays as a backstop.
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
    if (declared === null && request.body !== null) {
      const bytes = await readCapped(request.body, config.maxBodyBytes);
      if (bytes === null) throw tooLarge();
      const headers = new Headers(request.headers);
      headers.delete('transfer-encoding');
      headers.set('content-length', String(bytes.byteLength));
      // Elysia parses `context.request` after this hook: the buffered copy replaces the consumed stream.
      (ctx as { request: Request }).request = new Request(request.url, { method: request.method, headers, body: bytes });
    }
  });
}
