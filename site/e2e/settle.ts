import { expect, type Page } from '@playwright/test';

export interface SettleHere {
  /** The settlement's name. */
  name: string;
  /** One container built in it (none when unset). */
  container?: { subtype: 'food' | 'medicine' | 'ammo' | 'materials' | 'items' | 'misc'; name: string };
  /** Then the pack's items of this category deposited into it. */
  deposit?: string;
}

/**
 * A shelter, a settlement and (if asked) one container where the survivor stands, through the API from the page (the
 * session's cookie, the page's origin), each call asserted to succeed; returns the settlement's id.
 */
export async function settleHere(page: Page, plan: SettleHere): Promise<string> {
  const result = await page.evaluate(async ({ name, container, deposit }) => {
    const call = async (path: string, body: unknown) => {
      const r = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json().catch(() => null)) as { id?: string } | null };
    };
    const me = (await (await fetch('/api/player/current', { credentials: 'include' })).json()) as { x: number; y: number };
    const shelter = await call('/api/build-shelter', { worldId: 'default', x: me.x, y: me.y });
    const s = await call('/api/settlements', { worldId: 'default', name, x: me.x, y: me.y });
    const id = s.body?.id ?? '';
    const statuses = [shelter.status, s.status];
    if (container) {
      const box = await call('/api/buildings', {
        type: 'container',
        subtype: container.subtype,
        name: container.name,
        materials: {},
        settlementId: id,
        worldId: 'default',
      });
      statuses.push(box.status);
    }
    if (deposit) {
      statuses.push((await call(`/api/settlements/${id}/deposit-by-category`, { worldId: 'default', category: deposit })).status);
    }
    return { id, statuses };
  }, plan);
  expect(result.statuses).toEqual(result.statuses.map(() => 200));
  return result.id;
}
