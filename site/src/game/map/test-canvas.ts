/** A 2D context that records calls, and a plain view, for layer tests (no canvas in bun:test). */
import type { MapView } from './layer.ts';

export function recordingContext(calls: string[] = []): CanvasRenderingContext2D {
  return new Proxy(
    {},
    {
      get: (_t, key) =>
        key === 'measureText'
          ? () => ({ width: 10 })
          : key === 'createRadialGradient' || key === 'createLinearGradient'
            ? (...a: unknown[]) => {
                calls.push(`${key}(${a.join(',')})`);
                return { addColorStop: (o: number, c: string) => calls.push(`addColorStop(${o},${c})`) };
              }
            : typeof key === 'string' && /^[a-z]/.test(key)
              ? (...a: unknown[]) => calls.push(`${key}(${a.join(',')})`)
              : undefined,
      set: () => true,
    },
  ) as unknown as CanvasRenderingContext2D;
}

/** A view at `now` where world and screen coordinates coincide and everything is on screen. */
export function plainView(now: number, over: Partial<MapView> = {}): MapView {
  return {
    camera: { x: 0, y: 0, zoom: 1, width: 800, height: 600 },
    drawn: { x0: 0, y0: 0, x1: 0, y1: 0 },
    me: { x: 0, y: 0 },
    now,
    small: false,
    tactical: false,
    toScreen: (x, y) => ({ x, y }),
    onScreen: () => true,
    ...over,
  };
}
