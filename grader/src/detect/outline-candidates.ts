import { cardShaped, shortestSide, sideOf, steepCardShaped } from '../geometry/card-corners.ts';
import { polygonArea } from '../geometry/polygon.ts';
import { distance, type Point } from '../geometry/homography.ts';
import { deltaE, medianColour, rgbToLab, type Lab } from '../image/color.ts';
import { openCv, type OpenCv } from '../image/opencv.ts';
import type { Raster } from '../image/raster.ts';
import { lineQuads } from './line-quads.ts';

/** A card-shaped outline found from edges in the preview, with how much of it the photo shows. */
export interface OutlineCandidate {
  /** Corners in preview pixels, clockwise from the one nearest the top-left. */
  corners: [Point, Point, Point, Point];
  area: number;
  /** Share of points along the outline where the inside differs from the outside. */
  support: number;
  /** The colour just outside the outline and how far it varies there: this card's own table. */
  background: Lab;
  backgroundSpread: number;
  touchesFrame: boolean;
}

/** Low and high Canny thresholds: faint outlines (white card on white paper) to strong ones. */
const CANNY_THRESHOLDS = [
  [20, 60],
  [40, 120],
  [80, 200],
] as const;
/** Candidates smaller than this share of the preview are print details, not cards. */
export const MIN_AREA_SHARE = 0.001;
/** Along each side, the share of the side sampled: the rounded corners are left out. */
const SAMPLES_PER_SIDE = 24;
/**
 * How much inside and outside must differ (Lab distance) for a sample to show the outline: on a
 * plain table less (a white card on white paper differs by a few units), never less than
 * MIN_OUTLINE_CONTRAST nor more than OUTLINE_CONTRAST, and TABLE_CHANGE_FACTOR times how much
 * the table changes from one sample to the next along the outline (grain, ruled lines).
 */
const OUTLINE_CONTRAST = 10;
const MIN_OUTLINE_CONTRAST = 4;
const TABLE_CHANGE_FACTOR = 3;

/**
 * Every card-shaped outline in the preview: OpenCV's Canny edges on each colour channel at three
 * thresholds, closed by a small dilation, their contours reduced to convex quadrilaterals of a
 * card's aspect, each scored by the contrast along its whole outline. Duplicates of one outline
 * (found at several thresholds, or as the inside and outside of one edge) are merged.
 */
export function outlineCandidates(
  preview: Raster,
  minAreaShare = MIN_AREA_SHARE,
  fromLines = false,
  steep = false,
): Promise<OutlineCandidate[]> {
  const key = `${minAreaShare} ${fromLines} ${steep}`;
  const known = searched.get(preview) ?? new Map<string, Promise<OutlineCandidate[]>>();
  searched.set(preview, known);
  const found = known.get(key) ?? search(preview, minAreaShare, fromLines, steep);
  known.set(key, found);
  return found;
}

/** Each preview's candidates, searched once however many steps of the finder ask. */
const searched = new WeakMap<Raster, Map<string, Promise<OutlineCandidate[]>>>();

async function search(
  preview: Raster,
  minAreaShare: number,
  fromLines: boolean,
  steep: boolean,
): Promise<OutlineCandidate[]> {
  const { cv } = await openCv();
  const quads = findQuads(cv, preview, minAreaShare, fromLines, steep);
  const scored = quads
    .map((corners) => scoreOutline(preview, corners))
    .filter((c): c is OutlineCandidate => c !== null);
  scored.sort((a, b) => b.support - a.support || b.area - a.area);
  const kept: OutlineCandidate[] = [];
  for (const candidate of scored) if (!kept.some((k) => sameOutline(k, candidate))) kept.push(candidate);
  return kept;
}

function findQuads(
  cv: OpenCv,
  preview: Raster,
  minAreaShare: number,
  fromLines: boolean,
  steep: boolean,
): [Point, Point, Point, Point][] {
  const { width: w, height: h } = preview;
  const minArea = w * h * minAreaShare;
  const mats: { delete(): void }[] = [];
  const track = <T extends { delete(): void }>(mat: T): T => {
    mats.push(mat);
    return mat;
  };
  const quads: [Point, Point, Point, Point][] = [];
  try {
    const source = track(cv.matFromArray(h, w, cv.CV_8UC3, preview.data));
    const blurred = track(new cv.Mat());
    cv.GaussianBlur(source, blurred, new cv.Size(3, 3), 0);
    const channels = track(new cv.MatVector());
    cv.split(blurred, channels);
    const kernel = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    const edges = track(new cv.Mat());
    const channelEdges = track(new cv.Mat());
    for (const [low, high] of CANNY_THRESHOLDS) {
      edges.create(h, w, cv.CV_8UC1);
      edges.setTo(new cv.Scalar(0));
      for (let c = 0; c < 3; c += 1) {
        const channel = channels.get(c);
        cv.Canny(channel, channelEdges, low, high);
        channel.delete();
        cv.bitwise_or(edges, channelEdges, edges);
      }
      if (fromLines) {
        // Straight sides on the thin edges: no contour needs closing.
        for (const quad of lineQuads(cv, edges, minArea)) quads.push(clockwiseFromTopLeft(quad));
        continue;
      }
      cv.dilate(edges, edges, kernel);
      const contours = new cv.MatVector();
      const hierarchy = new cv.Mat();
      cv.findContours(edges, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
      for (let i = 0; i < contours.size(); i += 1) {
        const contour = contours.get(i);
        if (cv.contourArea(contour) >= minArea) {
          const quad = quadOf(cv, contour, steep ? steepCardShaped : cardShaped);
          if (quad) quads.push(quad);
        }
        contour.delete();
      }
      contours.delete();
      hierarchy.delete();
    }
  } finally {
    for (const mat of mats) mat.delete();
  }
  return quads;
}

/** The contour's convex hull reduced to four corners, when it is card-shaped; else null. */
function quadOf(
  cv: OpenCv,
  contour: OpenCv,
  shaped: (corners: Point[]) => boolean,
): [Point, Point, Point, Point] | null {
  const hull = new cv.Mat();
  const approx = new cv.Mat();
  try {
    cv.convexHull(contour, hull, false, true);
    const perimeter = cv.arcLength(hull, true);
    // Rounded corners and a little blur leave extra hull points: a coarser fit drops them.
    for (const tolerance of [0.02, 0.035, 0.05]) {
      cv.approxPolyDP(hull, approx, tolerance * perimeter, true);
      if (approx.rows === 4) break;
    }
    if (approx.rows !== 4) return null;
    const data = approx.data32S as Int32Array;
    const corners = [0, 1, 2, 3].map((i) => ({ x: data[i * 2]!, y: data[i * 2 + 1]! }));
    return shaped(corners) ? clockwiseFromTopLeft(corners) : null;
  } finally {
    hull.delete();
    approx.delete();
  }
}

function clockwiseFromTopLeft(corners: Point[]): [Point, Point, Point, Point] {
  const centre = centroid(corners);
  const sorted = [...corners].sort(
    (p, q) => Math.atan2(p.y - centre.y, p.x - centre.x) - Math.atan2(q.y - centre.y, q.x - centre.x),
  );
  const start = sorted.reduce((best, p, i) => (p.x + p.y < sorted[best]!.x + sorted[best]!.y ? i : best), 0);
  return [0, 1, 2, 3].map((i) => sorted[(start + i) % 4]!) as [Point, Point, Point, Point];
}

export const centroid = (points: Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/**
 * The share of an outline (corners in preview pixels, in order around it) along which the inside
 * differs from the outside: how well a card found another way fits what the photo shows.
 */
export function outlineSupport(preview: Raster, corners: [Point, Point, Point, Point]): number {
  return scoreOutline(preview, corners)?.support ?? 0;
}

/**
 * Reads colour pairs across the outline (inside and outside, a few pixels from it) along the
 * middle of every side. The outside samples are this card's own background: no colour for the
 * whole photo, which a two-tone desk or light falling off across white paper would break.
 */
function scoreOutline(preview: Raster, corners: [Point, Point, Point, Point]): OutlineCandidate | null {
  const { width: w, height: h } = preview;
  const offset = Math.max(2, shortestSide(corners) * 0.03);
  const outside: Lab[] = [];
  // Each sample's step across the outline, and how far the table changes from one outer sample
  // to the next along a side: the step must stand above that.
  const steps: number[] = [];
  const alongTable: number[] = [];
  for (const { k, at, normal } of samplesAlong(corners)) {
    const inner = labAt(preview, at.x - normal.x * offset, at.y - normal.y * offset);
    const outer = labAt(preview, at.x + normal.x * offset, at.y + normal.y * offset);
    if (!inner || !outer) continue;
    if (k > 0 && outside.length > 0 && steps.length > 0) alongTable.push(deltaE(outer, outside[outside.length - 1]!));
    outside.push(outer);
    steps.push(deltaE(inner, outer));
  }
  const samples = steps.length;
  if (samples < SAMPLES_PER_SIDE * 2) return null;
  const contrast = Math.min(
    OUTLINE_CONTRAST,
    Math.max(MIN_OUTLINE_CONTRAST, TABLE_CHANGE_FACTOR * medianOf(alongTable)),
  );
  const shown = steps.filter((step) => step > contrast).length;
  const background = medianColour(outside);
  const spreads = outside.map((c) => deltaE(c, background)).sort((a, b) => a - b);
  const touchesFrame = corners.some((c) => c.x <= 2 || c.y <= 2 || c.x >= w - 3 || c.y >= h - 3);
  return {
    corners,
    area: polygonArea(corners),
    support: shown / samples,
    background,
    backgroundSpread: Math.max(6, (spreads[Math.floor(spreads.length * 0.8)] ?? 0) * 1.8),
    touchesFrame,
  };
}

/**
 * Points along the middle of each side of an outline (the rounded corners left out), each with
 * the side's outward unit normal and its index k along the side.
 */
export function samplesAlong(corners: [Point, Point, Point, Point]): { k: number; at: Point; normal: Point }[] {
  const centre = centroid(corners);
  const samples: { k: number; at: Point; normal: Point }[] = [];
  for (let side = 0; side < 4; side += 1) {
    const p = corners[side]!;
    const q = corners[(side + 1) % 4]!;
    const length = distance(p, q);
    let normal = { x: (q.y - p.y) / length, y: -(q.x - p.x) / length };
    const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    if (normal.x * (mid.x - centre.x) + normal.y * (mid.y - centre.y) < 0) normal = { x: -normal.x, y: -normal.y };
    for (let k = 0; k < SAMPLES_PER_SIDE; k += 1) {
      const t = 0.12 + (0.76 * k) / (SAMPLES_PER_SIDE - 1);
      samples.push({ k, at: { x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t }, normal });
    }
  }
  return samples;
}

export function labAt(preview: Raster, x: number, y: number): Lab | null {
  const px = Math.round(x);
  const py = Math.round(y);
  if (px < 0 || py < 0 || px >= preview.width || py >= preview.height) return null;
  const i = (py * preview.width + px) * 3;
  return rgbToLab(preview.data[i]!, preview.data[i + 1]!, preview.data[i + 2]!);
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

/** The interior of an outline is read on a grid this many points a side, over its middle (its border left out). */
const INTERIOR_GRID = 7;

/**
 * The share of an outline's interior that differs from the table just outside it by more than
 * the table's own variation there: a card's print does, and a card-shaped zone drawn on a playmat
 * (its inside the same table as its outside) does not.
 */
export function interiorShare(preview: Raster, candidate: OutlineCandidate): number {
  const [a, b, c, d] = candidate.corners;
  let differs = 0;
  let read = 0;
  for (let i = 0; i < INTERIOR_GRID; i += 1) {
    for (let j = 0; j < INTERIOR_GRID; j += 1) {
      const u = 0.15 + (0.7 * i) / (INTERIOR_GRID - 1);
      const v = 0.15 + (0.7 * j) / (INTERIOR_GRID - 1);
      // Bilinear across the quadrilateral: near enough to its perspective for a grid of samples.
      const x = (1 - v) * ((1 - u) * a.x + u * b.x) + v * ((1 - u) * d.x + u * c.x);
      const y = (1 - v) * ((1 - u) * a.y + u * b.y) + v * ((1 - u) * d.y + u * c.y);
      const lab = labAt(preview, x, y);
      if (!lab) continue;
      read += 1;
      if (deltaE(lab, candidate.background) > candidate.backgroundSpread) differs += 1;
    }
  }
  return read ? differs / read : 0;
}

/** One outline found twice: every corner of one near a corner of the other. */
function sameOutline(a: OutlineCandidate, b: OutlineCandidate): boolean {
  const tolerance = 0.03 * Math.min(...a.corners.map((p, i) => distance(p, a.corners[(i + 1) % 4]!)));
  return a.corners.every((p) => b.corners.some((q) => distance(p, q) <= tolerance));
}

/** Whether a point lies inside (or on) a convex outline given clockwise. */
export function containsPoint(outline: Point[], p: Point): boolean {
  return outline.every((a, i) => {
    const b = outline[(i + 1) % outline.length]!;
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= -1;
  });
}

/**
 * How far the colour between two nested outlines differs from the table just outside the outer
 * one, read side by side around the inner outline (median Lab distance; NaN where they lie too
 * close to tell). Between a card and its holder lies the table seen through clear plastic: the
 * same colour as the table beside it. Between a card's edge and its inner frame lies the printed
 * border. Reading locally keeps a two-tone desk or wood grain from passing for either.
 */
export function ringContrast(
  preview: Raster,
  inner: [Point, Point, Point, Point],
  outer: [Point, Point, Point, Point],
): number {
  const offset = Math.max(2, shortestSide(outer) * 0.03);
  const differences: number[] = [];
  for (const { at, normal } of samplesAlong(inner)) {
    const gap = rayExit(outer, at, normal);
    // The ring's middle must lie clear of both edges' blur.
    if (gap === null || gap < 4) continue;
    const ring = labAt(preview, at.x + normal.x * gap * 0.5, at.y + normal.y * gap * 0.5);
    const table = labAt(preview, at.x + normal.x * (gap + offset), at.y + normal.y * (gap + offset));
    if (ring && table) differences.push(deltaE(ring, table));
  }
  return differences.length >= SAMPLES_PER_SIDE ? medianOf(differences) : NaN;
}

/** How far out from the middle of each side of an outline another outline around it lies (Infinity where it does not). */
export function sideGaps(inner: [Point, Point, Point, Point], outer: [Point, Point, Point, Point]): number[] {
  const centre = centroid(inner);
  return inner.map((p, i) => {
    const q = inner[(i + 1) % 4]!;
    const length = distance(p, q);
    const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    let normal = { x: (q.y - p.y) / length, y: -(q.x - p.x) / length };
    if (normal.x * (mid.x - centre.x) + normal.y * (mid.y - centre.y) < 0) normal = { x: -normal.x, y: -normal.y };
    return rayExit(outer, mid, normal) ?? Infinity;
  });
}

/** How far a ray from a point inside a convex outline runs before it leaves it, or null. */
export function rayExit(outline: [Point, Point, Point, Point], from: Point, dir: Point): number | null {
  let best: number | null = null;
  for (let i = 0; i < 4; i += 1) {
    const a = outline[i]!;
    const b = outline[(i + 1) % 4]!;
    const edge = { x: b.x - a.x, y: b.y - a.y };
    const det = dir.x * -edge.y - dir.y * -edge.x;
    if (Math.abs(det) < 1e-9) continue;
    const rx = a.x - from.x;
    const ry = a.y - from.y;
    const t = (rx * -edge.y - ry * -edge.x) / det;
    const u = (dir.x * ry - dir.y * rx) / det;
    if (t >= 0 && u >= -0.01 && u <= 1.01 && (best === null || t < best)) best = t;
  }
  return best;
}

/** Across an outline, its inside and outside are read this far from it (preview pixels): past its blur, within a card's border. */
const ACROSS_PX = 1.5;
/** Colours this far apart (deltaE) either side of an outline make a step there: a card's edge. */
const ACROSS_STEP = 10;

/**
 * The share of an outline along which the colour just inside it differs from the colour just
 * outside (ACROSS_PX either side, by ACROSS_STEP): a card's edge is a step from its border to the
 * table, a zone printed on a playmat a thin line with the playmat on both hands. Read at 19
 * points along the middle 80% of each side.
 */
export function stepAcross(preview: Raster, candidate: OutlineCandidate): number {
  let steps = 0;
  let read = 0;
  for (let i = 0; i < 4; i += 1) {
    const { a, b, outward } = sideOf(candidate.corners, i);
    for (let k = 1; k < 20; k += 1) {
      const t = 0.1 + (0.8 * k) / 20;
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      const inside = labAt(preview, x - outward.x * ACROSS_PX, y - outward.y * ACROSS_PX);
      const outside = labAt(preview, x + outward.x * ACROSS_PX, y + outward.y * ACROSS_PX);
      if (!inside || !outside) continue;
      read += 1;
      if (deltaE(inside, outside) > ACROSS_STEP) steps += 1;
    }
  }
  return read ? steps / read : 0;
}
