/** Small canvas helpers: an offscreen surface where the browser has one, a detached <canvas> otherwise. */
export type Surface = OffscreenCanvas | HTMLCanvasElement;
export type Surface2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

export function makeSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

export function context2d(surface: Surface): Surface2D {
  const ctx = surface.getContext('2d') as Surface2D | null;
  if (!ctx) throw new Error('2D canvas is not available');
  return ctx;
}
