import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { Elysia } from 'elysia';

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

  function notFound(): Response {
    if (existsSync(notFoundPage)) {
      return new Response(Bun.file(notFoundPage), {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
      });
    }
    return new Response('404 Page Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }

  const serve = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return Response.json({ message: `Not found: ${pathname}` }, { status: 404 });
    }
    const file = resolveFile(pathname);
    if (!file) return notFound();
    const immutable = pathname.startsWith('/_astro/');
    return new Response(Bun.file(file), {
      headers: {
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      },
    });
  };

  return new Elysia({ name: 'wasteland.site', seed: siteDir }).get('/*', serve).head('/*', serve);
}
