import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
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
  /** Each page's Content-Security-Policy: its inline scripts hashed. */
  const policyOf = perFileVersion((file) => pagePolicy(readFileSync(file, 'utf8')));

  function fileResponse(request: Request, file: string, status: number, cacheControl: string): Response {
    const headers: Record<string, string> = { 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' };
    // Pages get their own policy (inline scripts hashed); scripts get the page policy too, since a Web Worker runs
    // under the policy of its own script (it must fetch and compile the WASM core).
    headers['content-security-policy'] = file.endsWith('.html') ? policyOf(file) : SCRIPT_POLICY;
    if (COMPRESSIBLE.test(file) && (request.headers.get('accept-encoding') ?? '').includes('gzip')) {
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
      headers['content-type'] = Bun.file(file).type;
      return new Response(request.method === 'HEAD' ? null : gzipOf(file), { status, headers });
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
