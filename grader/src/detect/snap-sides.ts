import { cornersOfSides, distance, fitLine, robustFitLine, type Line, type Point } from '../geometry/homography.ts';
import { quantile } from '../geometry/median.ts';
import type { Raster } from '../image/raster.ts';
import { SHARPEST_SHARE } from './edge-profile.ts';

/** Profiles across each side: enough for a robust line fit. */
const PROFILES = 40;
/** The middle of each side only: the rounded corners bend away from the straight side. */
const SIDE_SPAN = { from: 0.12, to: 0.88 } as const;
/** Weaker colour gradients (RGB per pixel) are sensor noise, not an edge. */
const MIN_GRADIENT = 3;
/** Past the outline the colour stays at least this far (RGB distance) from the table's... */
const MIN_LEAVE = 24;
/** ...and further than the table's mean distance from its own colour before the peak, by this factor. */
const LEAVE_OVER_SPREAD = 2;
/** Below this colour step (RGB distance) the step is too faint for its 10-90% width to mean anything. */
const MIN_RISE_CONTRAST = 20;
/** Of the profiles, the share that must find a step for the side to be fitted from them. */
const MIN_FOUND_SHARE = 0.3;

export interface SnappedCard {
  /** Virtual corners in the raster's pixels (pixel i's centre at i + 0.5), in the coarse outline's order. */
  corners: [Point, Point, Point, Point];
  /** Median 10-90% width of the outline's step, in pixels: how sharp the photo is at the card. */
  edgeRisePx: number;
}

/**
 * Moves each side of a rough outline onto the card's edge in full-resolution pixels: across the
 * side, within `reach` pixels either way, the outermost strong colour step is the outline (the
 * card's edge; a printed frame inside it is the weaker or the inner one, a sleeve's clear edge
 * outside it faint). The steps found along a side are fitted with a robust line, and the four
 * lines intersected. Null when a side shows no edge.
 */
export function snapSides(
  raster: Raster,
  coarse: [Point, Point, Point, Point],
  reach: number,
  sustain: number,
): SnappedCard | null {
  const centre = { x: coarse.reduce((s, p) => s + p.x, 0) / 4, y: coarse.reduce((s, p) => s + p.y, 0) / 4 };
  const lines: Line[] = [];
  const rises: number[] = [];
  for (let side = 0; side < 4; side += 1) {
    const fitted = fitSide(raster, coarse[side]!, coarse[(side + 1) % 4]!, centre, reach, sustain);
    if (!fitted) return null;
    lines.push(fitted.line);
    rises.push(...fitted.rises);
  }
  const corners = cornersOfSides(lines, { x: 0.5, y: 0.5 });
  return corners ? { corners, edgeRisePx: quantile(rises, SHARPEST_SHARE) } : null;
}

/** One side: the outline's step on each profile across it, fitted with a line. */
function fitSide(
  raster: Raster,
  a: Point,
  b: Point,
  centre: Point,
  reach: number,
  sustain: number,
): { line: Line; rises: number[] } | null {
  const length = distance(a, b);
  const dir = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
  let normal = { x: -dir.y, y: dir.x };
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  if ((mid.x - centre.x) * normal.x + (mid.y - centre.y) * normal.y < 0) normal = { x: -normal.x, y: -normal.y };
  const steps = Math.ceil(reach) * 2 + 1;
  const colours = new Float32Array(steps * 3);
  const points: Point[] = [];
  const rises: number[] = [];
  for (let k = 0; k < PROFILES; k += 1) {
    const t = SIDE_SPAN.from + ((SIDE_SPAN.to - SIDE_SPAN.from) * k) / (PROFILES - 1);
    const base = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    // Outside (offset +reach) to inside (-reach), one pixel a step.
    const offsetAt = (s: number) => Math.ceil(reach) - s;
    if (!readAcross(raster, base, normal, dir, steps, offsetAt, colours)) continue;
    const step = outermostStep(colours, steps, sustain);
    if (!step) continue;
    const offset = offsetAt(step.at);
    points.push({ x: base.x + normal.x * offset, y: base.y + normal.y * offset });
    if (!Number.isNaN(step.rise)) rises.push(step.rise);
  }
  if (points.length < PROFILES * MIN_FOUND_SHARE) return null;
  const line = robustFitLine(points, Math.max(1.5, 0.0025 * length));
  const coarse = fitLine([a, b]);
  // A fit that turned away from the rough side (texture along part of it) is not the side.
  return Math.abs(line.a * coarse.a + line.b * coarse.b) > Math.cos((6 * Math.PI) / 180) ? { line, rises } : null;
}

/**
 * The colours along one profile, each the mean of five samples 2 px apart along the side (a
 * faint outline stands out of the sensor noise a single pixel carries). False when the profile
 * leaves the raster.
 */
function readAcross(
  raster: Raster,
  base: Point,
  normal: Point,
  dir: Point,
  steps: number,
  offsetAt: (s: number) => number,
  out: Float32Array,
): boolean {
  const { data, width, height } = raster;
  for (let s = 0; s < steps; s += 1) {
    const offset = offsetAt(s);
    let r = 0;
    let g = 0;
    let bl = 0;
    for (let along = -4; along <= 4; along += 2) {
      const x = Math.round(base.x + normal.x * offset + dir.x * along);
      const y = Math.round(base.y + normal.y * offset + dir.y * along);
      if (x < 0 || y < 0 || x >= width || y >= height) return false;
      const i = (y * width + x) * 3;
      r += data[i]!;
      g += data[i + 1]!;
      bl += data[i + 2]!;
    }
    out[s * 3] = r / 5;
    out[s * 3 + 1] = g / 5;
    out[s * 3 + 2] = bl / 5;
  }
  return true;
}

const colourDistance = (c: Float32Array, i: number, j: number) =>
  Math.hypot(c[i * 3]! - c[j * 3]!, c[i * 3 + 1]! - c[j * 3 + 1]!, c[i * 3 + 2]! - c[j * 3 + 2]!);

/**
 * The outline's step on one profile (outside first). The profile starts on the table, so its
 * first samples are this spot's own background: the outline is the first gradient peak after
 * which the colour stays away from that background for `sustain` samples, further than the table
 * varies before the peak (wood grain, a sleeve's clear edge and a top loader's wall keep the
 * table's colour behind them; a printed frame inside the card lies past the card's edge). Where
 * no peak qualifies, the strongest. Placed between samples by a parabola through the peak, with
 * its 10-90% width (NaN when the step is too faint to tell).
 */
export function outermostStep(
  colours: Float32Array,
  steps: number,
  sustain: number,
): { at: number; rise: number } | null {
  const gradient = new Float32Array(steps);
  for (let s = 1; s < steps - 1; s += 1) gradient[s] = colourDistance(colours, s - 1, s + 1) / 2;
  let strongest = 2;
  for (let s = 2; s < steps - 2; s += 1) if (gradient[s]! > gradient[strongest]!) strongest = s;
  if (gradient[strongest]! < MIN_GRADIENT) return null;
  const peak = firstLeavingPeak(colours, gradient, steps, sustain) ?? strongest;
  const g = gradient[peak]!;
  const curve = gradient[peak - 1]! - 2 * g + gradient[peak + 1]!;
  const shift =
    curve < 0 ? Math.max(-0.5, Math.min(0.5, (gradient[peak - 1]! - gradient[peak + 1]!) / (2 * curve))) : 0;
  return { at: peak + shift, rise: riseWidth(colours, steps, peak) };
}

/** The first gradient peak past which the profile leaves the table's colour (sample 0) for good. */
function firstLeavingPeak(
  colours: Float32Array,
  gradient: Float32Array,
  steps: number,
  sustain: number,
): number | null {
  // The table's mean distance from sample 0 before the peak: a thin bright line (a sleeve's
  // edge) raises it a little, grain by half its depth.
  let tableSum = 0;
  for (let s = 2; s < steps - 2 - sustain; s += 1) {
    tableSum += colourDistance(colours, 0, s - 2);
    const g = gradient[s]!;
    if (g < MIN_GRADIENT || g < gradient[s - 1]! || g < gradient[s + 1]!) continue;
    const away = Math.max(MIN_LEAVE, LEAVE_OVER_SPREAD * (tableSum / (s - 1)));
    let stays = true;
    for (let i = s + 2; i <= s + 2 + sustain && stays; i += 1) stays = colourDistance(colours, 0, i) > away;
    if (stays) return s;
  }
  return null;
}

/** The 10-90% width, in samples, of the colour step through sample s, between the levels either side of it. */
function riseWidth(colours: Float32Array, steps: number, s: number): number {
  const before = Math.max(0, s - 8);
  const after = Math.min(steps - 1, s + 8);
  const contrast = colourDistance(colours, before, after);
  if (contrast < MIN_RISE_CONTRAST) return Number.NaN;
  // How far each sample has moved from the level before towards the level after.
  const mix = (i: number) => {
    let dot = 0;
    for (let c = 0; c < 3; c += 1)
      dot += (colours[i * 3 + c]! - colours[before * 3 + c]!) * (colours[after * 3 + c]! - colours[before * 3 + c]!);
    return dot / (contrast * contrast);
  };
  let lo = s;
  while (lo > before && mix(lo) > 0.1) lo -= 1;
  let hi = s;
  while (hi < after && mix(hi) < 0.9) hi += 1;
  const cross = (i: number, target: number) => {
    const p = mix(i);
    const q = mix(i + 1);
    return q !== p ? i + Math.max(0, Math.min(1, (target - p) / (q - p))) : i;
  };
  return cross(hi - 1, 0.9) - cross(lo, 0.1);
}
