import { Elysia } from 'elysia';

/** Bodies smaller than this go out as they are: gzip would cost more than it saves. */
const MIN_BYTES = 2048;

/** Whether the client takes gzip answers; the chunks call's pre-compressed answer follows the same rule. */
export function acceptsGzip(request: Request): boolean {
  return (request.headers.get('accept-encoding') ?? '').includes('gzip');
}

/**
 * gzip for JSON API answers when the client accepts it (chunk regions are ~600 KiB of base64 that shrink
 * some twentyfold, but they come already compressed from http/gzip-parts.ts: a Response passes through). Static
 * files are served as they are.
 */
export const jsonCompression = new Elysia({ name: 'wasteland.compression' }).mapResponse(
  { as: 'global' },
  ({ request, responseValue, set }) => {
    if (!acceptsGzip(request)) return;
    const value = responseValue;
    if (value === null || typeof value !== 'object' || value instanceof Response || value instanceof Blob) return;
    const text = JSON.stringify(value);
    if (text.length < MIN_BYTES) return;
    set.headers['content-encoding'] = 'gzip';
    set.headers.vary = 'accept-encoding';
    return new Response(Bun.gzipSync(new TextEncoder().encode(text)), {
      status: typeof set.status === 'number' ? set.status : 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip', vary: 'accept-encoding' },
    });
  },
);
