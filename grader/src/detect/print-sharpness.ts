import { distance, type Point } from '../geometry/homography.ts';
import type { PhotoRegion } from '../image/raster.ts';
import { riseAt, type Samples } from './edge-profile.ts';
import { brightnessAcross } from './outer-edge.ts';

type Quad = [Point, Point, Point, Point];

/** Profiles across each side, over its middle, reading the print just inside the card. */
const PROFILES = 12;
const SIDE_SPAN = { from: 0.2, to: 0.8 } as const;
/** The profile starts this far outside the outline (the card's own edge is a step too)... */
const FROM_MM = -3;
/** ...to this far in: a border's inner edge, a frame, a name bar. */
const TO_MM = 9;
/** Pixels along the side averaged into each sample. */
const STRIP = 5;
/** A step must change the brightness (sum of RGB) this much over SPAN_MM (at least 6 pixels) to be timed. */
const MIN_STEP = 60;
const SPAN_MM = 1.5;
/** The rise read: this quantile of the profiles' rises. */
const SHARPER_SHARE = 0.25;
/** Profiles whose step could be timed, of the 4 x PROFILES read, for the estimate to stand. */
const MIN_TIMED = 8;

/**
 * How sharp the photo is where the card's own edge gave no step clear enough to time (a white card
 * on white paper): the 10-90% rise, in photo pixels, of the strongest step across each side from
 * 3 mm outside it to 9 mm in (the card's edge, a border's inner edge, a frame line), the lower
 * quartile over the profiles where one stands out; NaN where too few do. Printed edges are as
 * sharp as a card's cut edge, so a photo blurred past grading shows it in them too.
 */
export function printRisePx(region: PhotoRegion, corners: Quad, pxPerMm: number): number {
  const { raster, left, top } = region;
  const quad = corners.map((p) => ({ x: p.x - left, y: p.y - top })) as Quad;
  const centre = { x: quad.reduce((s, p) => s + p.x, 0) / 4, y: quad.reduce((s, p) => s + p.y, 0) / 4 };
  const from = Math.round(FROM_MM * pxPerMm);
  const to = Math.round(TO_MM * pxPerMm);
  const span = Math.max(6, Math.round(SPAN_MM * pxPerMm));
  const rises: number[] = [];
  for (let side = 0; side < 4; side += 1) {
    const a = quad[side]!;
    const b = quad[(side + 1) % 4]!;
    const length = distance(a, b);
    const dir = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
    let inward = { x: -dir.y, y: dir.x };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if (inward.x * (centre.x - mid.x) + inward.y * (centre.y - mid.y) < 0) inward = { x: -inward.x, y: -inward.y };
    for (let k = 0; k < PROFILES; k += 1) {
      const t = SIDE_SPAN.from + ((SIDE_SPAN.to - SIDE_SPAN.from) * k) / (PROFILES - 1);
      const base = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      const values = brightnessAcross(raster, base, inward, dir, from, to, STRIP);
      if (!values) continue;
      // The strongest change over the span: a blurred step spreads its change over many pixels.
      const change = (i: number) => Math.abs(values[i + span]! - values[i]!);
      let best = -1;
      for (let i = 0; i + span < values.length; i += 1) if (best < 0 || change(i) > change(best)) best = i;
      if (best < 0 || change(best) < MIN_STEP) continue;
      // Its middle: the steepest change within that span.
      let middle = best + 1;
      for (let i = best + 1; i < best + span; i += 1)
        if (Math.abs(values[i + 1]! - values[i - 1]!) > Math.abs(values[middle + 1]! - values[middle - 1]!)) middle = i;
      const rise = riseAt(samplesOf(values), middle);
      if (Number.isFinite(rise)) rises.push(rise);
    }
  }
  if (rises.length < MIN_TIMED) return Number.NaN;
  rises.sort((x, y) => x - y);
  // The sharper steps tell: a photo is no sharper than its sharpest edges, and soft print (a
  // vignette, a holder's haze) is soft in any photo.
  return rises[Math.floor(rises.length * SHARPER_SHARE)]!;
}

/** An array read as the rise timer reads a profile. */
function samplesOf(values: number[]): Samples {
  return {
    length: values.length,
    at: (i) => values[i] ?? Number.NaN,
    median: (from, to, centre) => {
      const picked = values
        .slice(Math.max(0, from), Math.min(values.length, to))
        .map((v) => (centre === undefined ? v : Math.abs(v - centre)));
      if (!picked.length) return 0;
      picked.sort((x, y) => x - y);
      return picked[picked.length >> 1]!;
    },
  };
}
