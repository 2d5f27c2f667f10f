import { describe, expect, test } from 'bun:test';
import { MoveReporter, REST_REPORT_MS, SOCKET_REPORT_MS } from './move-reporter.ts';
import type { Point } from '../map/walker.ts';

function setup(socket: boolean) {
  let now = 0;
  const sent: { via: string; p: Point }[] = [];
  const rest: (() => void)[] = [];
  const r = new MoveReporter(
    {
      socketOpen: () => socket,
      sendSocket: (p) => {
        sent.push({ via: 'ws', p });
        return true;
      },
      sendRest: (p) => {
        sent.push({ via: 'rest', p });
        return new Promise<void>((res) => rest.push(res));
      },
    },
    () => now,
  );
  return { r, sent, rest, tick: (ms: number) => (now += ms) };
}

describe('move reports', () => {
  test('over the socket at most every 100 ms while walking, and always on arrival', () => {
    const { r, sent, tick } = setup(true);
    for (let i = 1; i <= 60; i++) {
      tick(1000 / 60);
      r.report({ x: i, y: 0 });
    }
    expect(sent.length).toBeGreaterThanOrEqual(9);
    expect(sent.length).toBeLessThanOrEqual(1000 / SOCKET_REPORT_MS);
    r.report({ x: 60.5, y: 0 }, true);
    expect(sent.at(-1)).toEqual({ via: 'ws', p: { x: 60.5, y: 0 } });
    r.report({ x: 60.5, y: 0 }, true);
    expect(sent.at(-1)!.p.x).toBe(60.5);
    const count = sent.length;
    r.report({ x: 60.5, y: 0 }, true); // unchanged: nothing sent
    expect(sent.length).toBe(count);
  });

  test('over REST one request at a time, every 500 ms; the arrival waits for the request in flight', async () => {
    const { r, sent, rest, tick } = setup(false);
    r.report({ x: 1, y: 0 });
    expect(sent).toHaveLength(1);
    tick(REST_REPORT_MS + 1);
    r.report({ x: 2, y: 0 });
    expect(sent).toHaveLength(1); // still in flight
    r.report({ x: 3, y: 0 }, true);
    expect(sent).toHaveLength(1);
    rest.shift()!();
    await Bun.sleep(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ via: 'rest', p: { x: 3, y: 0 } });
  });

  test('after a snap-back, the same spot is not reported again', () => {
    const { r, sent } = setup(true);
    r.reset({ x: 5, y: 5 });
    r.report({ x: 5, y: 5 }, true);
    expect(sent).toHaveLength(0);
  });
});
