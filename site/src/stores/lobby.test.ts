import { describe, expect, test } from 'bun:test';
import { pollWhileVisible } from './lobby.ts';

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
