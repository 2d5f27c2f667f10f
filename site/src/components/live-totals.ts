/**
 * The landing page's live line: players online and worlds open, from GET /api/worlds (public). The page
 * is static and complete without it: until this runs, without JavaScript or when the call fails, the line keeps its
 * built-in text. Plain DOM and fetch, no framework: this is the landing's only script.
 */
import type { WorldsList } from '../../../api/contract/lobby.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 survivors online · 2 worlds open"; a deployment nobody has played yet opens its first world on the first join. */
export function totalsText({ online, open }: Pick<WorldsList, 'online' | 'open'>): string {
  if (online === 0 && open === 0) return 'No survivors online yet: the first world opens when you join';
  return `${plural(online, 'survivor', 'survivors')} online · ${plural(open, 'world', 'worlds')} open`;
}

/** Totals from an answer of GET /api/worlds, or null for anything else (an error page, a changed shape). */
export function totalsOf(body: unknown): Pick<WorldsList, 'online' | 'open'> | null {
  if (!body || typeof body !== 'object') return null;
  const { online, open } = body as Record<string, unknown>;
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  return count(online) && count(open) ? { online, open } : null;
}

/** Fills `[data-live-totals]` with the live numbers; leaves it as built when the call fails. */
export async function showLiveTotals(doc: Document, get: typeof fetch = fetch): Promise<void> {
  const line = doc.querySelector<HTMLElement>('[data-live-totals]');
  if (!line) return;
  try {
    const res = await get('/api/worlds', { headers: { accept: 'application/json' } });
    const totals = res.ok ? totalsOf(await res.json()) : null;
    if (!totals) return;
    line.textContent = totalsText(totals);
    line.dataset.liveTotals = 'live';
  } catch {
    // Offline or the server is down: the built-in line stays.
  }
}
