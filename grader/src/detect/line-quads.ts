import { polygonArea } from '../geometry/polygon.ts';
import { cardShaped } from '../geometry/card-corners.ts';
import { distance, intersect, type Line, type Point } from '../geometry/homography.ts';
import type { OpenCv } from '../image/opencv.ts';

type Quad = [Point, Point, Point, Point];

/** A straight edge: segments Hough found along one line, merged. */
interface EdgeLine {
  /** Unit direction, angle in [0, pi), and the line's distance from the origin along its normal. */
  dir: Point;
  angle: number;
  offset: number;
  /** A point on the line. */
  anchor: Point;
  /** Stretches of the line that show an edge, as positions along `dir`. */
  spans: [number, number][];
  length: number;
}

/** Segments shorter than this share of the preview's short side are print, grain or type. */
const MIN_SEGMENT_SHARE = 0.05;
/** Gaps Hough bridges along one segment, in preview pixels: a rounded corner, a glint, a sleeve's seam. */
const MAX_SEGMENT_GAP = 3;
/** Segments this close in angle and offset lie on one line. */
const SAME_LINE_ANGLE = (1.5 * Math.PI) / 180;
const SAME_LINE_OFFSET = 2;
/** The longest lines looked at: a card's four sides are among the photo's longest straight edges. */
const MAX_LINES = 48;
/**
 * Opposite sides of a card photographed up to 15 degrees off square meet at a small angle; the two
 * pairs of sides cross at 90 degrees give or take the same.
 */
const OPPOSITE_ANGLE = (12 * Math.PI) / 180;
const ADJACENT_FROM_SQUARE = (25 * Math.PI) / 180;
/** A side shows as an edge along at least this share of its length (the rounded corners and glints leave gaps). */
const MIN_SIDE_COVER = 0.45;
/** The most quadrilaterals answered, the best-shown first. */
const MAX_QUADS = 200;

/**
 * Card-shaped quadrilaterals whose four sides are straight edges in `edges` (a binary edge map of
 * the preview): Hough's segments merged into lines, opposite sides paired by angle, the pairs
 * crossed. Where the contour search fails because the card's outline touches other edges (wood
 * grain, a seam in the table, a holder's rim), the outline's straight sides still show here; the
 * corners are where the sides meet, as a card's virtual corners are.
 */
export function lineQuads(cv: OpenCv, edges: OpenCv, minArea: number): Quad[] {
  const w: number = edges.cols;
  const h: number = edges.rows;
  const lines = edgeLines(cv, edges, Math.min(w, h));
  // Opposite sides of the smallest card looked for lie at least this far apart.
  const minSeparation = Math.sqrt(minArea) * 0.5;
  const pairs: [EdgeLine, EdgeLine][] = [];
  for (let i = 0; i < lines.length; i += 1) {
    for (let j = i + 1; j < lines.length; j += 1) {
      const a = lines[i]!;
      const b = lines[j]!;
      if (angleBetween(a.angle, b.angle) <= OPPOSITE_ANGLE && Math.abs(offsetOn(a, b.anchor)) >= minSeparation)
        pairs.push([a, b]);
    }
  }
  const quads: { quad: Quad; cover: number }[] = [];
  for (let i = 0; i < pairs.length; i += 1) {
    for (let j = i + 1; j < pairs.length; j += 1) {
      const quad = crossed(pairs[i]!, pairs[j]!, minArea, w, h);
      if (quad) quads.push(quad);
    }
  }
  // Ruled or grid paper crosses into thousands of card-shaped quadrilaterals, each scored along
  // its whole outline afterwards: the best-shown are kept (a card's sides show along most of
  // their length), so that a photo of a grid costs what a photo of a card does.
  return quads
    .sort((a, b) => b.cover - a.cover)
    .slice(0, MAX_QUADS)
    .map((q) => q.quad);
}

function edgeLines(cv: OpenCv, edges: OpenCv, shortSide: number): EdgeLine[] {
  const found = new cv.Mat();
  const minLength = Math.max(8, shortSide * MIN_SEGMENT_SHARE);
  try {
    cv.HoughLinesP(edges, found, 1, Math.PI / 180, Math.round(minLength * 0.8), minLength, MAX_SEGMENT_GAP);
    const data = found.data32S as Int32Array;
    const segments: [Point, Point][] = [];
    for (let i = 0; i < found.rows; i += 1)
      segments.push([
        { x: data[i * 4]!, y: data[i * 4 + 1]! },
        { x: data[i * 4 + 2]!, y: data[i * 4 + 3]! },
      ]);
    segments.sort((s, t) => distance(t[0], t[1]) - distance(s[0], s[1]));
    const lines: EdgeLine[] = [];
    for (const [p, q] of segments) {
      const length = distance(p, q);
      let dir = { x: (q.x - p.x) / length, y: (q.y - p.y) / length };
      if (dir.y < 0 || (dir.y === 0 && dir.x < 0)) dir = { x: -dir.x, y: -dir.y };
      const angle = Math.atan2(dir.y, dir.x);
      const offset = dir.x * p.y - dir.y * p.x;
      const line = lines.find(
        (l) =>
          angleBetween(l.angle, angle) <= SAME_LINE_ANGLE &&
          Math.abs(offsetOn(l, p)) <= SAME_LINE_OFFSET &&
          Math.abs(offsetOn(l, q)) <= SAME_LINE_OFFSET,
      );
      const along = (r: Point, d: Point) => r.x * d.x + r.y * d.y;
      if (line) {
        addSpan(line, along(p, line.dir), along(q, line.dir));
      } else {
        const created: EdgeLine = { dir, angle, offset, anchor: p, spans: [], length: 0 };
        addSpan(created, along(p, dir), along(q, dir));
        lines.push(created);
      }
    }
    return lines.sort((a, b) => b.length - a.length).slice(0, MAX_LINES);
  } finally {
    found.delete();
  }
}

/** The signed distance of a point from a line. */
const offsetOn = (l: EdgeLine, p: Point) => l.dir.x * p.y - l.dir.y * p.x - l.offset;

/** The difference of two undirected angles in [0, pi). */
function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
}

/** Adds a stretch to a line's spans, merging overlaps, and keeps its covered length. */
function addSpan(line: EdgeLine, s: number, t: number): void {
  let from = Math.min(s, t);
  let to = Math.max(s, t);
  const kept: [number, number][] = [];
  for (const [a, b] of line.spans) {
    if (b < from - MAX_SEGMENT_GAP || a > to + MAX_SEGMENT_GAP) kept.push([a, b]);
    else {
      from = Math.min(from, a);
      to = Math.max(to, b);
    }
  }
  kept.push([from, to]);
  line.spans = kept;
  line.length = kept.reduce((sum, [a, b]) => sum + b - a, 0);
}

/** How much of a line shows an edge between two points along it, and beyond them, each as a share of the stretch between them. */
function spansAround(line: EdgeLine, p: Point, q: Point): { cover: number; beyond: number } {
  const s = p.x * line.dir.x + p.y * line.dir.y;
  const t = q.x * line.dir.x + q.y * line.dir.y;
  const from = Math.min(s, t);
  const to = Math.max(s, t);
  let covered = 0;
  let outside = 0;
  for (const [a, b] of line.spans) {
    covered += Math.max(0, Math.min(b, to) - Math.max(a, from));
    outside += Math.max(0, Math.min(b, from) - a) + Math.max(0, b - Math.max(a, to));
  }
  return { cover: covered / Math.max(1, to - from), beyond: outside / Math.max(1, to - from) };
}

/** Where two lines cross (each is -dir.y * x + dir.x * y = offset), or null for parallel ones. */
function crossing(a: EdgeLine, b: EdgeLine): Point | null {
  const asLine = (l: EdgeLine): Line => ({ a: -l.dir.y, b: l.dir.x, c: l.offset });
  try {
    return intersect(asLine(a), asLine(b));
  } catch {
    return null;
  }
}

/**
 * The quadrilateral two pairs of opposite sides make, when it is a card's shape and its sides
 * show, with how well: the least share of a side that shows, less how far its lines run on past
 * its corners.
 */
function crossed(
  [a, b]: [EdgeLine, EdgeLine],
  [c, d]: [EdgeLine, EdgeLine],
  minArea: number,
  w: number,
  h: number,
): { quad: Quad; cover: number } | null {
  const fromSquare = Math.abs(angleBetween(a.angle, c.angle) - Math.PI / 2);
  if (fromSquare > ADJACENT_FROM_SQUARE) return null;
  const corners = [crossing(a, c), crossing(c, b), crossing(b, d), crossing(d, a)];
  if (corners.some((p) => !p || p.x < -1 || p.y < -1 || p.x > w || p.y > h)) return null;
  const [p0, p1, p2, p3] = corners as Quad;
  if (!cardShaped([p0, p1, p2, p3])) return null;
  if (polygonArea([p0, p1, p2, p3]) < minArea) return null;
  const onSides: [EdgeLine, Point, Point][] = [
    [c, p0, p1],
    [b, p1, p2],
    [d, p2, p3],
    [a, p3, p0],
  ];
  const sides = onSides.map(([line, p, q]) => spansAround(line, p, q));
  if (sides.some((side) => side.cover < MIN_SIDE_COVER)) return null;
  // A card's sides end at its corners; the rules of a grid run on past them.
  const overshoot = sides.reduce((t, side) => t + side.beyond, 0) / 4;
  return { quad: [p0, p1, p2, p3], cover: Math.min(...sides.map((side) => side.cover)) - Math.min(1, overshoot) };
}
