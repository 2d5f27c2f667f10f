import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { Elysia } from 'elysia';
import { pagePolicy } from './security-headers.ts';

const SCRIPT_POLICY = pagePolicy('');

/**
 * Serves the built Astro site. Hashed assets under /_astro are immutable; pages revalidate.
 * Unknown paths get the site's own 404 page with status 404, unknown /api paths a JSON 404.
 * (Written here rather than with @elysiajs/static because that plugin has no not-found page with a 404 status.)
 */
export function siteModule(siteDir: string) {
  const notFoundPage = join(siteDir, '404.html');

  function resolveFile(pathname: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const candidate = normalize(join(siteDir, decoded));
    if (candidate !== siteDir && !candidate.startsWith(siteDir + sep)) return null;
    for (const file of [candidate, join(candidate, 'index.html'), `${candidate}.html`]) {
      try {
        if (statSync(file).isFile()) return file;
      } catch {
        // try the next form
      }
    }
    return null;
  }

  function notFound(request: Request): Response {
    if (existsSync(notFoundPage)) return fileResponse(request, notFoundPage, 404, 'no-cache');
    return Response.json({ message: `Not found: ${new URL(request.url).pathname}` }, { status: 404 });
  }

  /**
   * What is derived from a built file (its gzip, a page's policy), computed once per file version and kept: the site
   * is small and never changes while running.
   */
  function perFileVersion<T>(derive: (file: string) => T): (file: string) => T {
    const kept = new Map<string, { mtimeMs: number; value: T }>();
    return (file) => {
      const mtimeMs = statSync(file).mtimeMs;
      const hit = kept.get(file);
      if (hit && hit.mtimeMs === mtimeMs) return hit.value;
      const value = derive(file);
      kept.set(file, { mtimeMs, value });
      return value;
    };
  }

  const COMPRESSIBLE = /\.(html|css|js|mjs|svg|json|txt|xml|webmanifest)$/;
  const gzipOf = perFileVersion((file) => Bun.gzipSync(readFileSync(file), { level: 9 }));
  // Brotli at its densest: about a fifth smaller than gzip on the game's scripts (the first frame's JavaScript is on a
  // budget, site/e2e/budget.spec.ts). Made once per file version, so its slowness is paid once.
  const brotliOf = perFileVersion((file) => {
    const bytes = readFileSync(file);
    return brotliCompressSync(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  });
  /** Each page's Content-Security-Policy: its inline scripts hashed. */
  const policyOf = perFileVersion((file) => pagePolicy(readFileSync(file, 'utf8')));

  function fileResponse(request: Request, file: string, status: number, cacheControl: string): Response {
    const headers: Record<string, string> = { 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' };
    // Pages get their own policy (inline scripts hashed); scripts get the page policy too, since a Web Worker runs
    // under the policy of its own script (it must fetch and compile the WASM core).
    headers['content-security-policy'] = file.endsWith('.html') ? policyOf(file) : SCRIPT_POLICY;
    const encoding = COMPRESSIBLE.test(file) ? preferredEncoding(request.headers.get('accept-encoding')) : null;
    if (encoding) {
      headers['content-encoding'] = encoding;
      headers.vary = 'accept-encoding';
      headers['content-type'] = Bun.file(file).type;
      const body = request.method === 'HEAD' ? null : encoding === 'br' ? brotliOf(file) : gzipOf(file);
      return new Response(body, { status, headers });
    }
    return new Response(Bun.file(file), { status, headers });
  }

  const serve = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return Response.json({ message: `Not found: ${pathname}` }, { status: 404 });
    }
    const file = resolveFile(pathname);
    if (!file) return notFound(request);
    const immutable = pathname.startsWith('/_astro/');
    return fileResponse(request, file, 200, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  };

  return new Elysia({ name: 'wasteland.site', seed: siteDir }).get('/*', serve).head('/*', serve);
}

/**
 * The compression a client takes for a static file, brotli before gzip; none when it names neither (or refuses them
 * with q=0). `Accept-Encoding: gzip, deflate, br, zstd` is what Chromium sends.
 */
export function preferredEncoding(acceptEncoding: string | null): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}
