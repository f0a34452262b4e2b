import { distance, robustFitLine, type Line, type Point } from '../geometry/homography.ts';
import { median } from '../geometry/median.ts';
import type { Raster } from '../image/raster.ts';

type Quad = [Point, Point, Point, Point];

/** Profiles across each side, over its middle (the rounded corners bend away from it). */
const PROFILES = 32;
const SIDE_SPAN = { from: 0.15, to: 0.85 } as const;
/** Pixels along the side averaged into each profile sample: a faint step stands out of the grain. */
const STRIP = 7;
/** Of the profiles, the share whose strongest step must agree (within AGREE_PX) for a side to count. */
const MIN_AGREEING = 0.5;
const AGREE_PX = 2;
/** The step must stand this many times above the profile's typical change from pixel to pixel... */
const STEP_OVER_GRAIN = 3;
/** ...and at least this far (a sum of RGB over two pixels) where a profile has no grain at all (a white card on white paper steps by about 30). */
const MIN_STEP = 4;
/** The fainter line lies at least this many pixels past where the search starts, with flat border before it. */
const MIN_RING_PX = 2;
/** Across a printed border the brightness changes by at most this share of the step at the card's edge. */
const RING_FLAT = 0.5;

/**
 * The fainter line just outside each side of a found outline (side i runs from corner i to corner
 * i + 1), null where none shows, each side searched from `fromPx` to `toPx` outward: on every
 * profile across it the strongest brightness step in that band, the side counted when most
 * profiles agree where it lies and a flat border lies before it, the line fitted. For a light
 * card on light paper the colour and outline searches find the printed frame inside the border,
 * whose edge is strong, and miss the card's own faint edge a few millimetres outside it.
 */
export function outerSides(raster: Raster, quad: Quad, fromPx: number, toPx: number): (Line | null)[] {
  const centre = { x: quad.reduce((s, p) => s + p.x, 0) / 4, y: quad.reduce((s, p) => s + p.y, 0) / 4 };
  return [0, 1, 2, 3].map((side) => outerSide(raster, quad[side]!, quad[(side + 1) % 4]!, centre, fromPx, toPx));
}

function outerSide(raster: Raster, a: Point, b: Point, centre: Point, fromPx: number, toPx: number): Line | null {
  const length = distance(a, b);
  const dir = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
  let normal = { x: -dir.y, y: dir.x };
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  if (normal.x * (mid.x - centre.x) + normal.y * (mid.y - centre.y) < 0) normal = { x: -normal.x, y: -normal.y };
  const steps: { at: Point; offset: number; values: number[] }[] = [];
  for (let k = 0; k < PROFILES; k += 1) {
    const t = SIDE_SPAN.from + ((SIDE_SPAN.to - SIDE_SPAN.from) * k) / (PROFILES - 1);
    const base = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    const step = strongestStep(raster, base, normal, dir, fromPx, toPx);
    if (step !== null) steps.push({ at: { x: base.x + normal.x * step.offset, y: base.y + normal.y * step.offset }, offset: step.offset, values: step.values });
  }
  // The offset most profiles agree on (foil, shading or a table's line wins a profile here and there).
  const near = (offset: number) => steps.filter((s) => Math.abs(s.offset - offset) <= AGREE_PX);
  const agreeing = steps.map((s) => near(s.offset)).reduce((best, set) => (set.length > best.length ? set : best), [] as typeof steps);
  if (agreeing.length < PROFILES * MIN_AGREEING) return null;
  if (!flatBefore(agreeing, fromPx)) return null;
  return robustFitLine(
    agreeing.map((s) => s.at),
    AGREE_PX,
  );
}

/**
 * Where along the outward normal, between `fromPx` and `toPx`, the brightness (strip-averaged)
 * steps most, if it stands out of the profile's own grain; null otherwise.
 */
function strongestStep(raster: Raster, base: Point, normal: Point, dir: Point, fromPx: number, toPx: number): { offset: number; values: number[] } | null {
  const values: number[] = [];
  for (let d = fromPx - 1; d <= toPx + 1; d += 1) {
    let sum = 0;
    for (let s = 0; s < STRIP; s += 1) {
      const along = s - (STRIP - 1) / 2;
      const v = brightness(raster, base.x + normal.x * d + dir.x * along, base.y + normal.y * d + dir.y * along);
      if (v === null) return null;
      sum += v;
    }
    values.push(sum / STRIP);
  }
  // changes[i] spans values[i] to values[i + 2], centred on distance fromPx + i.
  const changes = values.slice(2).map((v, i) => Math.abs(v - values[i]!));
  let best = 0;
  for (let i = 1; i < changes.length; i += 1) if (changes[i]! > changes[best]!) best = i;
  return changes[best]! >= Math.max(MIN_STEP, median(changes) * STEP_OVER_GRAIN) ? { offset: fromPx + best, values } : null;
}

/**
 * Whether what lies between the outline and the fainter line is flat, as a printed border is:
 * across it the profiles' mean (values[k] lies at distance fromPx - 1 + k) changes by at most
 * RING_FLAT of the step at the line. Outside a card's own edge its shadow on the table is a ramp,
 * lightening outward, whose steepest stretch agrees from profile to profile just as an edge does.
 */
function flatBefore(agreeing: { offset: number; values: number[] }[], fromPx: number): boolean {
  // The index of the change at the line: changes[i] spans values[i] to values[i + 2].
  const at = Math.round(median(agreeing.map((s) => s.offset - fromPx)));
  const length = Math.min(...agreeing.map((s) => s.values.length));
  const mean = Array.from({ length }, (_, k) => agreeing.reduce((t, s) => t + s.values[k]!, 0) / agreeing.length);
  // A line at the very start of the search continues a change from inside it: a shadow's ramp.
  if (at < MIN_RING_PX || at + 2 >= length) return false;
  const step = Math.abs(mean[at + 2]! - mean[at]!);
  // From where the search starts to where the step begins.
  const ring = mean.slice(0, at + 1);
  return Math.max(...ring) - Math.min(...ring) <= RING_FLAT * step;
}

function brightness(raster: Raster, x: number, y: number): number | null {
  const px = Math.round(x);
  const py = Math.round(y);
  if (px < 0 || py < 0 || px >= raster.width || py >= raster.height) return null;
  const i = (py * raster.width + px) * 3;
  return raster.data[i]! + raster.data[i + 1]! + raster.data[i + 2]!;
}
