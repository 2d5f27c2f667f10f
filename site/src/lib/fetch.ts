/**
 * Plain fetch with the API's error contract ("<status>: <message>", api/contract/errors.ts), for what runs before the
 * map has drawn: the session, the access gate, the game's first loads. Those keep the typed Eden client (lib/api.ts)
 * out of the page's first JavaScript and name their answer's contract type instead.
 */
import { errorFromResponse } from '../../../api/contract/errors.ts';

/** Fetches `path` on this origin with the session cookie; a non-OK answer throws the spec's error (with `status`). */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    credentials: 'include',
    ...init,
    headers: init.body ? { 'content-type': 'application/json', ...init.headers } : init.headers,
  });
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as T;
}

/** GET `path` with `query` (values URI-encoded). */
export function getJson<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const q = new URLSearchParams(query).toString();
  return apiFetch<T>(q ? `${path}?${q}` : path);
}
