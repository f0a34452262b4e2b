import { distance, robustFitLine, type Line, type Point } from '../geometry/homography.ts';
import { median, quantile } from '../geometry/median.ts';
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
/** How far the line the steps lie on may drift from the outline across the profiles (perspective narrows a border by a few pixels). */
const MAX_DRIFT_PX = 16;
/** The step must stand this many times above the profile's typical change from pixel to pixel... */
const STEP_OVER_GRAIN = 3;
/** ...and at least this far (a sum of RGB over two pixels) where a profile has no grain at all (a white card on white paper steps by about 30). */
const MIN_STEP = 4;
/** The fainter line lies at least this many pixels past where the search starts, with flat border before it. */
const MIN_RING_PX = 2;
/** Across a printed border the brightness changes by at most this share of the step at the card's edge. */
const RING_FLAT = 0.5;
/**
 * Inward, the ring's spread is read between this quantile of its samples and the complementary
 * one: a thin line across the ring (a sleeve's lip, a ruled line through the plastic) is let be.
 */
const RING_SPREAD_KEPT = 0.1;
/** Inward, the nearest lasting step at least this share of the strongest is the card's edge... */
const NEAREST_OF_STRONGEST = 0.4;
/** ...a step lasting when the level stays at least half changed this many pixels past it. */
const LASTS_PX = 4;

/**
 * The fainter line just outside each side of a found outline (side i runs from corner i to corner
 * i + 1), null where none shows, each side searched from `fromPx` to `toPx` outward: on every
 * profile across it the strongest brightness step in that band, the side counted when most
 * profiles agree where it lies and a flat border lies before it, the line fitted. For a light
 * card on light paper the colour and outline searches find the printed frame inside the border,
 * whose edge is strong, and miss the card's own faint edge a few millimetres outside it.
 * With `nearest`, each profile's nearest lasting step (as inward) rather than its strongest: a
 * white border on a slab's light insert steps faintly at the card's edge, and the well's dark rim
 * a millimetre or two further out steps far more.
 */
export function outerSides(raster: Raster, quad: Quad, fromPx: number, toPx: number, nearest = false): (Line | null)[] {
  return linesBeyond(raster, quad, fromPx, toPx, 1, nearest);
}

/**
 * The same search inward: the line just inside each side of a found outline, past a flat ring,
 * null where none shows. Where the outline found is a sleeve's or a slab well's, the ring is the
 * table seen through the plastic and the line is the card's own edge.
 */
export function innerSides(raster: Raster, quad: Quad, fromPx: number, toPx: number): (Line | null)[] {
  return linesBeyond(raster, quad, fromPx, toPx, -1, true);
}

/**
 * Inward, each profile's strongest step rather than its nearest: past a sleeve's open end, its
 * lip and seal lines step nearer than the card's edge, which steps most. Only `sides` are
 * searched (null for the others).
 */
export function strongestInnerSides(
  raster: Raster,
  quad: Quad,
  fromPx: number,
  toPx: number,
  sides: readonly number[] = [0, 1, 2, 3],
): (Line | null)[] {
  return linesBeyond(raster, quad, fromPx, toPx, -1, false, sides);
}

function linesBeyond(
  raster: Raster,
  quad: Quad,
  fromPx: number,
  toPx: number,
  way: 1 | -1,
  nearest: boolean,
  sides: readonly number[] = [0, 1, 2, 3],
): (Line | null)[] {
  const centre = { x: quad.reduce((s, p) => s + p.x, 0) / 4, y: quad.reduce((s, p) => s + p.y, 0) / 4 };
  return [0, 1, 2, 3].map((side) =>
    sides.includes(side)
      ? lineBeyond(raster, quad[side]!, quad[(side + 1) % 4]!, centre, fromPx, toPx, way, nearest)
      : null,
  );
}

/** The line beyond one side, searched outward from the card (way 1) or inward (way -1). */
function lineBeyond(
  raster: Raster,
  a: Point,
  b: Point,
  centre: Point,
  fromPx: number,
  toPx: number,
  way: 1 | -1,
  nearest: boolean,
): Line | null {
  const length = distance(a, b);
  const dir = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
  let normal = { x: -dir.y, y: dir.x };
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  if (way * (normal.x * (mid.x - centre.x) + normal.y * (mid.y - centre.y)) < 0)
    normal = { x: -normal.x, y: -normal.y };
  const steps: { k: number; at: Point; offset: number; values: number[] }[] = [];
  for (let k = 0; k < PROFILES; k += 1) {
    const t = SIDE_SPAN.from + ((SIDE_SPAN.to - SIDE_SPAN.from) * k) / (PROFILES - 1);
    const base = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    const step = stepAcross(raster, base, normal, dir, fromPx, toPx, nearest);
    if (step !== null)
      steps.push({
        k,
        at: { x: base.x + normal.x * step.offset, y: base.y + normal.y * step.offset },
        offset: step.offset,
        values: step.values,
      });
  }
  const agreeing = agreeingSteps(steps);
  if (agreeing.length < PROFILES * MIN_AGREEING) return null;
  if (!flatBefore(agreeing, fromPx, way === -1 ? RING_SPREAD_KEPT : 0)) return null;
  return robustFitLine(
    agreeing.map((s) => s.at),
    AGREE_PX,
  );
}

/**
 * The steps lying on one line (within AGREE_PX of the offset it gives each profile), the line
 * through two of them that most lie on: foil, shading or a table's line wins a profile here and
 * there. A line, not one offset: under perspective the card's edge and its frame are not parallel
 * in the photo, and the border between them narrows along the side by a few pixels.
 */
function agreeingSteps<S extends { k: number; offset: number }>(steps: S[]): S[] {
  let best: S[] = [];
  for (let i = 0; i < steps.length; i += 1) {
    for (let j = i; j < steps.length; j += 1) {
      const [p, q] = [steps[i]!, steps[j]!];
      const slope = q.k === p.k ? 0 : (q.offset - p.offset) / (q.k - p.k);
      // Across the side's middle the border's width changes by a few pixels at most.
      if (Math.abs(slope) * PROFILES > MAX_DRIFT_PX) continue;
      const on = steps.filter((s) => Math.abs(p.offset + slope * (s.k - p.k) - s.offset) <= AGREE_PX);
      if (on.length > best.length) best = on;
    }
  }
  return best;
}

/**
 * Where along the normal, between `fromPx` and `toPx`, the brightness (strip-averaged) steps
 * most, if it stands out of the profile's own grain; null otherwise. With `nearest`, the nearest
 * step that lasts (the level past it stays changed: an edge, not a thin line such as a sleeve's
 * lip) and is at least NEAREST_OF_STRONGEST of the strongest that does: inward from a holder's
 * outline the card's edge comes before its printed frame, which may well step more.
 */
function stepAcross(
  raster: Raster,
  base: Point,
  normal: Point,
  dir: Point,
  fromPx: number,
  toPx: number,
  nearest: boolean,
): { offset: number; values: number[] } | null {
  const values = nearest
    ? colourStepAcross(raster, base, normal, dir, fromPx - 1, toPx + 1, STRIP)
    : brightnessAcross(raster, base, normal, dir, fromPx - 1, toPx + 1, STRIP);
  if (!values) return null;
  // changes[i] spans values[i] to values[i + 2], centred on distance fromPx + i.
  const changes = values.slice(2).map((v, i) => Math.abs(v - values[i]!));
  const least = Math.max(MIN_STEP, median(changes) * STEP_OVER_GRAIN);
  if (!nearest) {
    let best = 0;
    for (let i = 1; i < changes.length; i += 1) if (changes[i]! > changes[best]!) best = i;
    return changes[best]! >= least ? { offset: fromPx + best, values } : null;
  }
  // The level stays changed past the step, and had lasted before it (a thin line's far side does not).
  const lasting = (i: number) => {
    const change = values[i + 2]! - values[i]!;
    for (let k = 3; k <= LASTS_PX + 2 && i + k < values.length; k += 1)
      if ((values[i + k]! - values[i]!) / change < 0.5) return false;
    for (let k = 1; k <= LASTS_PX && i - k >= 0; k += 1)
      if (Math.abs(values[i - k]! - values[i]!) / Math.abs(change) > 0.5) return false;
    return true;
  };
  const steps = changes.map((c, i) =>
    c >= least && (i === 0 || c >= changes[i - 1]!) && (i + 1 === changes.length || c >= changes[i + 1]!) && lasting(i)
      ? c
      : 0,
  );
  const strongest = Math.max(...steps);
  if (strongest === 0) return null;
  const first = steps.findIndex((c) => c >= strongest * NEAREST_OF_STRONGEST);
  return { offset: fromPx + first, values };
}

/**
 * Whether what lies between the outline and the fainter line is flat, as a printed border is:
 * across it the profiles' mean (values[k] lies at distance fromPx - 1 + k) changes by at most
 * RING_FLAT of the step at the line. Outside a card's own edge its shadow on the table is a ramp,
 * lightening outward, whose steepest stretch agrees from profile to profile just as an edge does.
 */
function flatBefore(agreeing: { offset: number; values: number[] }[], fromPx: number, spreadKept: number): boolean {
  // Each profile's own index of the change at the line (changes[i] spans values[i] to values[i + 2]):
  // the profiles are lined up there before they are averaged, as the line drifts along the side.
  const ats = agreeing.map((s) => Math.round(s.offset - fromPx));
  const at = Math.min(...ats);
  // A line at the very start of the search continues a change from inside it: a shadow's ramp.
  if (at < MIN_RING_PX || agreeing.some((s, i) => ats[i]! + 2 >= s.values.length)) return false;
  const mean = (k: number) => agreeing.reduce((t, s, i) => t + s.values[ats[i]! - at + k]!, 0) / agreeing.length;
  const step = Math.abs(mean(at + 2) - mean(at));
  // From where the search starts to where the step begins.
  const ring = Array.from({ length: at + 1 }, (_, k) => mean(k));
  // A thin line across the ring (a sleeve's lip, a ruled line through clear plastic) is let be.
  return quantile(ring, 1 - spreadKept) - quantile(ring, spreadKept) <= RING_FLAT * step;
}

/**
 * The brightness (sum of RGB) at each pixel's step along `normal` from `from` to `to` (pixels from
 * `base`), each the mean of `strip` pixels along `dir`; null where a sample leaves the raster.
 */
export function brightnessAcross(
  raster: Raster,
  base: Point,
  normal: Point,
  dir: Point,
  from: number,
  to: number,
  strip: number,
): number[] | null {
  return rgbAcross(raster, base, normal, dir, from, to, strip)?.map((v) => (v[0] + v[1] + v[2]) / strip) ?? null;
}

/**
 * Like brightnessAcross, but each sample's RGB projected on the change from the profile's first
 * pixels to its last (scaled so a grey change reads as its brightness sum): inward from a sleeve's
 * outline a red cloth seen through the plastic and a dark blue border can be equally bright, and
 * the card's edge between them still steps. A profile whose ends hardly differ reads brightness.
 */
function colourStepAcross(
  raster: Raster,
  base: Point,
  normal: Point,
  dir: Point,
  from: number,
  to: number,
  strip: number,
): number[] | null {
  const sums = rgbAcross(raster, base, normal, dir, from, to, strip);
  if (!sums) return null;
  const samples = sums.map((v) => v.map((c) => c / strip) as Rgb);
  const ends = (list: Rgb[]) => [0, 1, 2].map((c) => list.reduce((t, v) => t + v[c]!, 0) / list.length) as Rgb;
  const [first, last] = [ends(samples.slice(0, ENDS_PX)), ends(samples.slice(-ENDS_PX))];
  const axis = [last[0] - first[0], last[1] - first[1], last[2] - first[2]];
  const length = Math.hypot(...axis);
  const unit = length < MIN_AXIS ? [1, 1, 1].map((v) => v / Math.sqrt(3)) : axis.map((v) => v / length);
  return samples.map((v) => (v[0] * unit[0]! + v[1] * unit[1]! + v[2] * unit[2]!) * Math.sqrt(3));
}

type Rgb = [number, number, number];

/** The RGB summed over `strip` pixels along `dir` at each pixel's step along `normal`; null where a sample leaves the raster. */
export function rgbAcross(
  raster: Raster,
  base: Point,
  normal: Point,
  dir: Point,
  from: number,
  to: number,
  strip: number,
): Rgb[] | null {
  const samples: Rgb[] = [];
  for (let d = from; d <= to; d += 1) {
    const sum: Rgb = [0, 0, 0];
    for (let s = 0; s < strip; s += 1) {
      const along = s - (strip - 1) / 2;
      const px = Math.round(base.x + normal.x * d + dir.x * along);
      const py = Math.round(base.y + normal.y * d + dir.y * along);
      if (px < 0 || py < 0 || px >= raster.width || py >= raster.height) return null;
      const i = (py * raster.width + px) * 3;
      sum[0] += raster.data[i]!;
      sum[1] += raster.data[i + 1]!;
      sum[2] += raster.data[i + 2]!;
    }
    samples.push(sum);
  }
  return samples;
}

/** Pixels at each end of a profile whose mean colours give the direction a colour step is read along. */
const ENDS_PX = 3;
/** Below this RGB distance between a profile's ends, its steps are read in brightness. */
const MIN_AXIS = 12;
