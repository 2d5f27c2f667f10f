/**
 * Survivor colours: every survivor seated in a world wears a colour at least MIN_COLOUR_DELTA_E (OKLab ΔE) from the
 * colour of every other survivor seated there.
 *
 * Distance is Euclidean in OKLab (lightness 0–1), a perceptual space where equal distances look about equally
 * different; a just-noticeable difference is about 0.02. The conversion is a dozen lines of published matrices
 * (Björn Ottosson, 2020), so no colour library is pulled in for it.
 *
 * The palette: 24 colours of lightness 0.60–0.88 (readable on the dark map) and chroma ≥ 0.06 (no greys), chosen
 * from the sRGB cube in steps of 15 by farthest-point selection in OKLab; any two of them are ≥ 0.115 apart, so a
 * world of 20 seats always has a free one that is far from everyone else's.
 */
export const MIN_COLOUR_DELTA_E = 0.1;

export const SURVIVOR_PALETTE: readonly string[] = [
  '#ff00ff',
  '#00ff00',
  '#0096b4',
  '#ff5a00',
  '#f0c3ff',
  '#ffd23c',
  '#875aff',
  '#2df0e1',
  '#00a500',
  '#b46996',
  '#b4a578',
  '#ff0087',
  '#87a5ff',
  '#ff87a5',
  '#5ad269',
  '#d278f0',
  '#a57800',
  '#0f87ff',
  '#00c3d2',
  '#c33cc3',
  '#ff9600',
  '#c3d2a5',
  '#96d2ff',
  '#699669',
];

type Lab = readonly [number, number, number];

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** OKLab of a `#rrggbb` colour. */
export function oklab(hex: string): Lab {
  const [r, g, b] = [1, 3, 5].map((i) => linear(Number.parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/** Perceptual distance of two `#rrggbb` colours (OKLab ΔE). */
export function colourDistance(a: string, b: string): number {
  const [l1, a1, b1] = oklab(a);
  const [l2, a2, b2] = oklab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

const isHex = (c: string) => /^#[0-9a-f]{6}$/i.test(c);

/**
 * The colour a survivor wears among `taken` (the colours of the others seated in the world): `current` if it is a
 * palette colour far enough from all of them, else the first far-enough palette colour counting on from `seed` (a
 * hash of the survivor, so each survivor has its own first choice). Should every colour be too close (more survivors
 * than the palette, which 20 seats never reach), the one farthest from its nearest neighbour.
 */
export function chooseSurvivorColour(seed: number, taken: readonly string[], current?: string | null): string {
  const others = taken.filter(isHex);
  const nearest = (c: string) => others.reduce((d, t) => Math.min(d, colourDistance(c, t)), Number.POSITIVE_INFINITY);
  if (current && SURVIVOR_PALETTE.includes(current) && nearest(current) >= MIN_COLOUR_DELTA_E) return current;
  const start = (seed >>> 0) % SURVIVOR_PALETTE.length;
  let best = SURVIVOR_PALETTE[start] as string;
  let bestDistance = -1;
  for (let i = 0; i < SURVIVOR_PALETTE.length; i++) {
    const c = SURVIVOR_PALETTE[(start + i) % SURVIVOR_PALETTE.length] as string;
    const d = nearest(c);
    if (d >= MIN_COLOUR_DELTA_E) return c;
    if (d > bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}
