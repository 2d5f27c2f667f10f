/**
 * Map labels never overlap. During a frame the layers ask for labels (sprites.ts drawLabel) and the renderer places
 * them all at the end, on top of every marker: the most important first (the layer's z, or a priority of its own),
 * each at the spot its layer prefers or, when that is taken, mirrored to the other side of its marker, then right
 * and left of it; a label with no free spot is left out. Rectangles the map's own overlays cover (the minimap,
 * the readout) count as taken, so no label hides under them or shows through. Pure but for measuring text.
 */

/** A label's box on screen, CSS pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelRequest {
  text: string;
  /** Where the layer would draw it: the text's bottom centre. */
  x: number;
  y: number;
  colour: string;
  /** Higher is placed first (and wins a contested spot). */
  priority: number;
  /** The marker the label belongs to (its centre): other spots are tried around it. Without one, only the first. */
  anchor?: { x: number; y: number };
  /** 'left': `x` is the text's left edge (a name beside its marker, as NPCs' are), not its centre. */
  from?: 'left';
}

export interface PlacedLabel {
  text: string;
  /** Bottom centre, as drawn. */
  x: number;
  y: number;
  colour: string;
  box: Rect;
}

/** The text's height with its outline (12 px type, 3 px stroke). */
export const LABEL_HEIGHT = 15;
/** Clear space kept around a label's text. */
const PAD = 2;

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The box of a label whose text's bottom centre is (x, y). */
export function labelBox(x: number, y: number, width: number): Rect {
  return { x: x - width / 2 - PAD, y: y - LABEL_HEIGHT - PAD, width: width + 2 * PAD, height: LABEL_HEIGHT + 2 * PAD };
}

/**
 * The spots to try for a label, best first, as bottom-centre points: where its layer put it, then the same distance
 * on the other side of the marker, then beside the marker to the right and to the left.
 */
export function candidateSpots(r: LabelRequest, width: number): { x: number; y: number }[] {
  const spots = [{ x: r.x, y: r.y }];
  const a = r.anchor;
  if (!a) return spots;
  const above = r.y <= a.y;
  // Gap between the marker's centre and the label's near edge, kept on the other side.
  const gap = above ? a.y - r.y : r.y - LABEL_HEIGHT - a.y;
  spots.push({ x: a.x, y: above ? a.y + gap + LABEL_HEIGHT : a.y - gap });
  const side = Math.max(8, gap) + width / 2 + PAD;
  const mid = a.y + LABEL_HEIGHT / 2 - 1;
  spots.push({ x: a.x + side, y: mid }, { x: a.x - side, y: mid });
  return spots;
}

/** A label whose spot is on screen is slid fully onto it; one off screen stays where it is (its marker is too). */
function keepOnScreen(x: number, width: number, screenWidth: number): number {
  const half = width / 2 + PAD;
  if (x < 0 || x > screenWidth || screenWidth < 2 * half) return x;
  return Math.min(Math.max(x, half), screenWidth - half);
}

/**
 * Places `requests` (in priority order, ties in the order asked) so that no two boxes overlap and none overlaps
 * `reserved`, each kept inside the screen's width; returns the placed ones and how many were left out. `measure`
 * gives a text's width in CSS pixels.
 */
export function placeLabels(
  requests: readonly LabelRequest[],
  measure: (text: string) => number,
  reserved: readonly Rect[] = [],
  screenWidth = Infinity,
): { placed: PlacedLabel[]; hidden: number } {
  const order = requests.map((r, i) => ({ r, i })).sort((p, q) => q.r.priority - p.r.priority || p.i - q.i);
  const taken: Rect[] = [...reserved];
  const placed: PlacedLabel[] = [];
  let hidden = 0;
  for (const { r } of order) {
    const width = measure(r.text);
    let done = false;
    const asked = r.from === 'left' ? { ...r, x: r.x + width / 2 } : r;
    for (const spot of candidateSpots(asked, width)) {
      // A long name near the side of the screen slides in rather than being cut off.
      const s = { x: keepOnScreen(spot.x, width, screenWidth), y: spot.y };
      const box = labelBox(s.x, s.y, width);
      if (taken.some((t) => overlaps(t, box))) continue;
      taken.push(box);
      placed.push({ text: r.text, x: s.x, y: s.y, colour: r.colour, box });
      done = true;
      break;
    }
    if (!done) hidden++;
  }
  return { placed, hidden };
}

/**
 * One frame's labels: the renderer opens it before the layers draw and places and draws them after. Between the
 * two, sprites.ts drawLabel adds to it instead of drawing (outside a frame, as in layer tests, it draws at once).
 */
export class FrameLabels {
  readonly requests: LabelRequest[] = [];
  /** The priority of labels that name none: the drawing layer's z (renderer.ts sets it per layer). */
  priority = 0;

  add(r: Omit<LabelRequest, 'priority'> & { priority?: number }): void {
    this.requests.push({ ...r, priority: r.priority ?? this.priority });
  }
}
