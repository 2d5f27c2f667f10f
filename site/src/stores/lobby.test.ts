import { afterEach, describe, expect, test } from 'bun:test';
import { $lobby, leaveLobby, pollWhileVisible, refreshLobby } from './lobby.ts';

/** A document whose visibility the test switches. */
class FakeDoc extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('pollWhileVisible', () => {
  test('ticks at once and on every interval while visible; pauses while hidden (heartbeat instead); resumes at once on show', async () => {
    const doc = new FakeDoc();
    let ticks = 0;
    let beats = 0;
    const stop = pollWhileVisible(() => ticks++, 40, { doc, hidden: { tick: () => beats++, intervalMs: 30 } });
    expect(ticks).toBe(1);
    await sleep(100);
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(beats).toBe(0);

    doc.set('hidden');
    const whenHidden = ticks;
    await sleep(130);
    expect(ticks).toBe(whenHidden);
    expect(beats).toBeGreaterThanOrEqual(2);

    doc.set('visible');
    expect(ticks).toBe(whenHidden + 1);
    const beatsWhenShown = beats;
    await sleep(100);
    expect(beats).toBe(beatsWhenShown);
    expect(ticks).toBeGreaterThan(whenHidden + 1);

    stop();
    const atStop = ticks;
    await sleep(100);
    expect(ticks).toBe(atStop);
    doc.set('hidden');
    doc.set('visible');
    expect(ticks).toBe(atStop);
  });

  test('starts paused in a hidden tab, and never overlaps a slow tick', async () => {
    const doc = new FakeDoc();
    doc.visibilityState = 'hidden';
    let started = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const stop = pollWhileVisible(
      async () => {
        started++;
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(70);
        inFlight--;
      },
      10,
      { doc },
    );
    await sleep(40);
    expect(started).toBe(0);
    doc.set('visible');
    await sleep(120);
    stop();
    expect(started).toBeGreaterThanOrEqual(1);
    expect(started).toBeLessThanOrEqual(3);
    expect(maxInFlight).toBe(1);
  });
});

describe('leaving the lobby', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    delete (globalThis as { location?: unknown }).location;
  });

  test('waits for a refresh in flight before leaving, and sends no refresh after it (a late poll would re-join)', async () => {
    const log: string[] = [];
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const call = `${req.method} ${new URL(req.url).pathname}`;
      log.push(`start ${call}`);
      if (call === 'GET /api/lobby') await sleep(60);
      log.push(`end ${call}`);
      return call === 'GET /api/lobby' ? json({ players: [], queue: [], maxPlayers: 2 }) : json({ left: 'lobby' });
    }) as typeof fetch;
    (globalThis as { location?: unknown }).location = { href: '/lobby', origin: 'http://localhost' };

    const inFlight = refreshLobby();
    const left = leaveLobby();
    await refreshLobby(); // a poll tick while leaving
    await Promise.all([inFlight, left]);
    await refreshLobby();

    expect(log).toEqual([
      'start GET /api/lobby',
      'end GET /api/lobby',
      'start POST /api/lobby/leave',
      'end POST /api/lobby/leave',
    ]);
    expect((globalThis as unknown as { location: { href: string } }).location.href).toBe('/');
    expect($lobby.get().status).toBe('loaded');
  });
});
