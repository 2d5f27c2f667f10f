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

  /** Text assets gzipped once per file version and kept: the site is small and never changes while running. */
  const gzipped = new Map<string, { mtimeMs: number; bytes: Uint8Array<ArrayBuffer> }>();
  const COMPRESSIBLE = /\.(html|css|js|mjs|svg|json|txt|xml|webmanifest)$/;
  function gzipOf(file: string): Uint8Array<ArrayBuffer> {
    const mtimeMs = statSync(file).mtimeMs;
    const hit = gzipped.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.bytes;
    const bytes = Bun.gzipSync(readFileSync(file), { level: 9 });
    gzipped.set(file, { mtimeMs, bytes });
    return bytes;
  }

  /** Each page's Content-Security-Policy (its inline scripts hashed), kept per file version like the gzip. */
  const policies = new Map<string, { mtimeMs: number; policy: string }>();
  function policyOf(file: string): string {
    const mtimeMs = statSync(file).mtimeMs;
    const hit = policies.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.policy;
    const policy = pagePolicy(readFileSync(file, 'utf8'));
    policies.set(file, { mtimeMs, policy });
    return policy;
  }

  function fileResponse(request: Request, file: string, status: number, cacheControl: string): Response {
    const headers: Record<string, string> = { 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' };
    // Pages get their own policy (inline scripts hashed); scripts get the page policy too, since a Web Worker runs
    // under the policy of its own script (it must fetch and compile the WASM core).
    headers['content-security-policy'] = file.endsWith('.html') ? policyOf(file) : SCRIPT_POLICY;
    if (COMPRESSIBLE.test(file) && (request.headers.get('accept-encoding') ?? '').includes('gzip')) {
      headers['content-encoding'] = 'gzip';
      headers['vary'] = 'accept-encoding';
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
