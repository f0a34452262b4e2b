import { sideOf } from '../geometry/card-corners.ts';
import type { Point } from '../geometry/homography.ts';
import { median } from '../geometry/median.ts';
import { deltaE, rgbToLab, type Lab } from '../image/color.ts';
import type { Raster } from '../image/raster.ts';
import { rgbAcross } from './outer-edge.ts';

type Quad = [Point, Point, Point, Point];

/**
 * A card's side ends at its rounded corners: past them, along the same line, lies the table on
 * both hands. A slab's label, a desk's or a paper's edge, a playmat's printed zone run on. The
 * step across a side is read at these shares of its length...
 */
const ALONG_SIDE = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
/** ...and past each end, from this far to this far beyond the outline's corner (mm; a corner's radius is about 3)... */
const PAST_MM = { from: 1.5, to: 5 } as const;
/** ...each reading the mean colours of two bands this far either side of the line (mm)... */
const BAND_MM = { from: 0.3, to: 1.2 } as const;
/** ...this long along it (mm). */
const BAND_HALF_LENGTH_MM = 0.3;
/** A side is said to run on when past both ends the step stays at least this share of the step along it... */
const RUNS_ON_SHARE = 0.5;
/** ...and the step along it is at least this (RGB distance): a faint side's share means nothing. */
const MIN_SIDE_STEP = 15;

/**
 * For each side of an outline (raster pixels; side i runs from corner i to corner i + 1), whether
 * its line runs on past both of its corners (with `pastOneEnd`, past either) with much of the step
 * it has along the side: then it is not a card's edge. A side whose readings past an end leave
 * the raster is said not to run on past that end.
 */
export function sidesRunningOn(raster: Raster, quad: Quad, pxPerMm: number, pastOneEnd = false): boolean[] {
  return quad.map((_, i) => {
    const { a, b, dir, outward: normal } = sideOf(quad, i);
    const stepAt = (p: Point) => stepAcross(raster, p, normal, dir, pxPerMm);
    const along = ALONG_SIDE.map((t) => stepAt({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t })).filter(
      (v): v is number => v !== null,
    );
    if (along.length < ALONG_SIDE.length / 2) return false;
    const onSide = median(along);
    if (onSide < MIN_SIDE_STEP) return false;
    const past = (from: Point, way: number): number | null => {
      const readings: number[] = [];
      for (let mm = PAST_MM.from; mm <= PAST_MM.to; mm += 0.5) {
        const v = stepAt({ x: from.x + way * dir.x * mm * pxPerMm, y: from.y + way * dir.y * mm * pxPerMm });
        if (v !== null) readings.push(v);
      }
      return readings.length >= 4 ? median(readings) : null;
    };
    const [before, after] = [past(a, -1), past(b, 1)];
    if (pastOneEnd) return Math.max(before ?? 0, after ?? 0) >= RUNS_ON_SHARE * onSide;
    return before !== null && after !== null && Math.min(before, after) >= RUNS_ON_SHARE * onSide;
  });
}

/** The RGB distance between the mean colours of the bands either side of a line at `base`, or null off the raster. */
function stepAcross(raster: Raster, base: Point, normal: Point, dir: Point, pxPerMm: number): number | null {
  const from = Math.max(1, Math.round(BAND_MM.from * pxPerMm));
  const to = Math.max(from + 1, Math.round(BAND_MM.to * pxPerMm));
  const half = Math.max(1, Math.round(BAND_HALF_LENGTH_MM * pxPerMm));
  const out = meanColour(raster, base, normal, dir, from, to, half);
  const inn = meanColour(raster, base, normal, dir, -to, -from, half);
  return out && inn ? Math.hypot(out[0] - inn[0], out[1] - inn[1], out[2] - inn[2]) : null;
}

/** The mean RGB over offsets `from` to `to` along `normal` and `half` pixels either way along `dir` (outer-edge.ts rgbAcross), or null off the raster. */
function meanColour(
  raster: Raster,
  base: Point,
  normal: Point,
  dir: Point,
  from: number,
  to: number,
  half: number,
): [number, number, number] | null {
  const sums = rgbAcross(raster, base, normal, dir, from, to, 2 * half + 1);
  if (!sums) return null;
  const n = sums.length * (2 * half + 1);
  return [0, 1, 2].map((k) => sums.reduce((t, v) => t + v[k]!, 0) / n) as [number, number, number];
}

/** How far the colour of a ring inside a side may lie (CIE deltaE) from what lies past its corners, at the same depth, for the two to be one surface. */
const RING_MATCHES_PAST = 10;

/**
 * Whether the ring `depthPx` deep inside side `side` of an outline (raster pixels) shows what lies
 * past the side's corners at the same depth: a slab's label edge taken for the card's has the
 * slab's clear plastic under it, running on past the card's corners. A card's own border (its
 * side truly the card's, against a holder's pocket) has a printed colour of its own.
 */
export function ringMatchesPast(raster: Raster, quad: Quad, side: number, depthPx: number, pxPerMm: number): boolean {
  const { a, b, dir, outward } = sideOf(quad, side);
  const inward = { x: -outward.x, y: -outward.y };
  const half = Math.max(1, Math.round(BAND_HALF_LENGTH_MM * pxPerMm));
  const at = (p: Point) =>
    meanColour(
      raster,
      { x: p.x + inward.x * depthPx * 0.5, y: p.y + inward.y * depthPx * 0.5 },
      inward,
      dir,
      -1,
      1,
      half,
    );
  const ring = ALONG_SIDE.map((t) => at({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }));
  const pastA = [2, 3, 4].map((mm) => at({ x: a.x - dir.x * mm * pxPerMm, y: a.y - dir.y * mm * pxPerMm }));
  const pastB = [2, 3, 4].map((mm) => at({ x: b.x + dir.x * mm * pxPerMm, y: b.y + dir.y * mm * pxPerMm }));
  const mean = (list: ([number, number, number] | null)[]) => {
    const seen = list.filter((c): c is [number, number, number] => c !== null);
    if (seen.length < list.length / 2) return null;
    return rgbToLab(
      ...([0, 1, 2].map((k) => seen.reduce((t, c) => t + c[k]!, 0) / seen.length) as [number, number, number]),
    );
  };
  const r = mean(ring);
  const ends = [mean(pastA), mean(pastB)].filter((p): p is Lab => p !== null);
  return r !== null && ends.some((p) => deltaE(r, p) <= RING_MATCHES_PAST);
}
