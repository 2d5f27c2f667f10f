import { createHash } from 'node:crypto';
import { Elysia } from 'elysia';
import type { Config } from '../config.ts';

/**
 * The policy of every built page. Inline scripts are allowed only by the SHA-256 of their exact text (Astro's
 * island bootstrap), computed from the built HTML (`pagePolicy`), so a rebuild needs no configuration change.
 * 'wasm-unsafe-eval' lets the game compile the WASM core (in the page and in its Web Worker); inline styles stay
 * allowed because Astro emits style attributes and `<style>` blocks and styles cannot run code.
 */
function pageDirectives(scriptHashes: readonly string[]): string[] {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // 'self' covers the same-origin WebSocket (ws:/wss: to this host) in CSP Level 3 browsers.
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
}

/** Everything that is not a page (JSON, scripts, fonts, the WASM module) may load nothing and be framed by nobody. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP of one built page: the page policy plus the hashes of the inline scripts it contains. */
export function pagePolicy(html: string): string {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (m[1]!.length > 0) hashes.add(`sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}`);
  }
  return pageDirectives([...hashes].sort()).join('; ');
}

/** A year, with subdomains: only sent when the site is configured as https (PUBLIC_ORIGIN https://…). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries: no MIME sniffing, a strict referrer policy, no framing, no caching of API answers
 * (they are per user), and HSTS when the site is served over https. The site module replaces the CSP of pages
 * with their own (`pagePolicy`).
 */
export function securityHeaders(config: Pick<Config, 'allowedOrigins' | 'cookieSecure'>) {
  const https = config.cookieSecure || config.allowedOrigins.some((o) => o.startsWith('https://'));
  return new Elysia({ name: 'wasteland.security-headers', seed: https }).onRequest(({ request, set }) => {
    const h = set.headers;
    h['x-content-type-options'] = 'nosniff';
    h['referrer-policy'] = 'strict-origin-when-cross-origin';
    h['x-frame-options'] = 'DENY';
    h['content-security-policy'] = NON_PAGE_POLICY;
    h['cross-origin-opener-policy'] = 'same-origin';
    if (https) h['strict-transport-security'] = HSTS;
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) h['cache-control'] = 'no-store';
  });
}
