import { sideRatio } from '../geometry/card-corners.ts';
import { distance, type Point } from '../geometry/homography.ts';
import { polygonArea } from '../geometry/polygon.ts';
import { labOfPixel, type Lab } from '../image/color.ts';
import type { Raster } from '../image/raster.ts';
import type { Location, ObjectSeen } from './card-types.ts';
import { finderRejection } from './rejections.ts';

/**
 * Finds the one card in a photo in two steps. First `locateCard` separates it from the
 * background by colour in the small preview (decode.ts); then, in the full-resolution pixels
 * of `regionToRefine` only, `refineCard` (refine-sides.ts) fits each side to sub-pixel edge points.
 */
export function locateCard(preview: Raster, photoWidth: number): Location {
  const small = { raster: preview, scale: photoWidth / preview.width };
  const lab = labOf(small.raster);
  const background = frameBackground(lab, small.raster.width, small.raster.height);
  const { mask, threshold } = foregroundMask(lab, background, small.raster.width, small.raster.height);
  const total = small.raster.width * small.raster.height;
  // Ranked by the area their outline encloses: a dark border ring around art that matches the
  // background still counts as the whole card.
  const components = largestComponents(mask, small.raster.width, small.raster.height, lab, total * 0.002)
    .map((c) => {
      const hull = convexHull(c.boundary);
      return { ...c, hull, hullArea: polygonArea(hull) };
    })
    .sort((a, b) => b.hullArea - a.hullArea);
  const card = components[0];
  if (!card || card.hullArea < total * 0.03) {
    // Several cards too small to grade are still several cards, which is said first.
    const cards = card ? components.filter((c) => c.hullArea > card.hullArea * 0.5 && cardLike(c)) : [];
    if (cards.length >= MIN_SMALL_CARDS)
      return {
        ...finderRejection('multiple_cards'),
        objects: cards.map((c) => objectSeen(c.boundary, true, small.scale)),
      };
    // A solid object too small to be the subject that runs off the frame: a small card cut off,
    // which is said before too small (the outline search may still find a whole card).
    if (
      card &&
      card.touchesBorder &&
      card.hullArea >= total * SMALL_CUT_OFF_SHARE &&
      card.area >= card.hullArea * SOLID &&
      card.hullArea / diameter(card.hull) >= Math.sqrt(total) * MIN_CUT_OFF_WIDTH
    )
      return finderRejection('card_cut_off');
    return finderRejection('no_card');
  }
  const second = components[1];
  if (second && second.hullArea > card.hullArea * 0.35) {
    const large = components.filter((c) => c.hullArea > card.hullArea * 0.35);
    const objects = large.map((c) => objectSeen(c.boundary, cardLike(c), small.scale));
    // No whole card among them, and one runs off the frame: a card cut off beside table features
    // (a fold of cloth, a playmat's print), not several cards. The outline search may still find one.
    if (objects.every((o) => !o.cardLike) && large.some((c) => c.touchesBorder)) return finderRejection('card_cut_off');
    return { ...finderRejection('multiple_cards'), objects };
  }
  if (card.touchesBorder && card.marked > card.area * 0.25) {
    // A reflection that spills off the card onto the table joins the two and reaches the frame.
    return finderRejection('heavy_glare');
  }
  if (card.touchesBorder) {
    return finderRejection('card_cut_off');
  }
  const coarse = quadOf(card.boundary, small.scale);
  return { ok: true, card: { coarse, background, backgroundSpread: threshold } };
}

/**
 * An object running off the frame, at least this share of it, this share of its hull filled and
 * as wide (its hull's area over its longest chord) as this share of the frame's mean side, is a
 * card cut off: a ruled line or a seam in the table is far thinner.
 */
const SMALL_CUT_OFF_SHARE = 0.01;
const SOLID = 0.6;
const MIN_CUT_OFF_WIDTH = 0.04;

/** The longest distance between two of the points. */
function diameter(points: Point[]): number {
  let longest = 0;
  for (let i = 0; i < points.length; i += 1)
    for (let j = i + 1; j < points.length; j += 1) longest = Math.max(longest, distance(points[i]!, points[j]!));
  return longest;
}

/** Card-shaped objects of one size, each too small to be the card, that make a photo of several cards. */
const MIN_SMALL_CARDS = 3;

/** A component's four coarse corners (coarseCorners), in photo pixels, in order around it. */
const quadOf = (boundary: Point[], scale: number) =>
  coarseCorners(boundary).map((p) => ({ x: p.x * scale, y: p.y * scale })) as [Point, Point, Point, Point];

/** A component as an object seen (photo pixels), for a refusal that says where the objects lie. */
const objectSeen = (boundary: Point[], cardLike: boolean, scale: number): ObjectSeen => ({
  centre: centroidOf(boundary, scale),
  cardLike,
  corners: quadOf(boundary, scale),
});

/** The mean of a component's boundary points, in photo pixels. */
function centroidOf(boundary: Point[], scale: number): Point {
  const sum = boundary.reduce((t, p) => ({ x: t.x + p.x, y: t.y + p.y }), { x: 0, y: 0 });
  return { x: (sum.x / boundary.length) * scale, y: (sum.y / boundary.length) * scale };
}

function labOf(r: Raster): Float32Array {
  const out = new Float32Array(r.width * r.height * 3);
  const row = r.width * 3;
  for (let i = 0, data = r.data, end = r.width * r.height * 3; i < end; i += 3) {
    // A colour repeating the pixel before it or the one above it (flat table, print) has its
    // Lab already: a copy instead of the colour cache's scattered reads.
    if (i > 0 && data[i] === data[i - 3] && data[i + 1] === data[i - 2] && data[i + 2] === data[i - 1])
      copyLab(out, i, i - 3);
    else if (
      i >= row &&
      data[i] === data[i - row] &&
      data[i + 1] === data[i - row + 1] &&
      data[i + 2] === data[i - row + 2]
    )
      copyLab(out, i, i - row);
    else labOfPixel(data, i, out);
  }
  return out;
}

function copyLab(lab: Float32Array, to: number, from: number): void {
  lab[to] = lab[from]!;
  lab[to + 1] = lab[from + 1]!;
  lab[to + 2] = lab[from + 2]!;
}

/** The background's colour: the median of a thin frame around the photo. */
function frameBackground(lab: Float32Array, w: number, h: number): Lab {
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.02));
  // Each channel apart, in 32-bit floats as `lab` holds them: `medianColour` of the same samples.
  const size = framePixels(w, h, band);
  const channels = [new Float32Array(size), new Float32Array(size), new Float32Array(size)];
  let n = 0;
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      if (x < band || y < band || x >= w - band || y >= h - band) {
        const i = (y * w + x) * 3;
        channels[0]![n] = lab[i]!;
        channels[1]![n] = lab[i + 1]!;
        channels[2]![n] = lab[i + 2]!;
        n += 1;
      }
    }
  }
  const pick = (c: Float32Array) => (n ? c.subarray(0, n).sort()[n >> 1]! : 0);
  return [pick(channels[0]!), pick(channels[1]!), pick(channels[2]!)];
}

/** How many pixels lie within `band` of the photo's edges. */
const framePixels = (w: number, h: number, band: number) =>
  w * h - Math.max(0, w - 2 * band) * Math.max(0, h - 2 * band);

/**
 * Card pixels differ from the background by more than its own variation (light falloff, wood
 * grain). The threshold adapts to how much the frame itself varies.
 */
function foregroundMask(lab: Float32Array, bg: Lab, w: number, h: number): { mask: Uint8Array; threshold: number } {
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.02));
  // The frame's distances first, for the threshold; then every pixel's against it, without
  // keeping them.
  const frameDistances = new Float32Array(framePixels(w, h, band));
  let frameCount = 0;
  for (let y = 0; y < h; y += 1) {
    const frameRow = y < band || y >= h - band;
    // Row by row as before (the order does not matter to the sort, but keeps this easy to check).
    const leftEnd = frameRow ? w : Math.min(band, w);
    for (let x = 0; x < leftEnd; x += 1) frameDistances[frameCount++] = labDistance(lab, y * w + x, bg);
    if (!frameRow)
      for (let x = Math.max(band, w - band); x < w; x += 1)
        frameDistances[frameCount++] = labDistance(lab, y * w + x, bg);
  }
  const frame = frameDistances.subarray(0, frameCount).sort();
  // A robust spread of the frame: a card cut off by the frame may cover part of it.
  const p80 = frame[Math.floor(frame.length * 0.8)] ?? 0;
  const threshold = Math.max(6, p80 * 1.8);
  let mask: Uint8Array = new Uint8Array(w * h);
  // Compared as the 32-bit floats the distances were kept in before.
  for (let i = 0; i < w * h; i += 1) mask[i] = Math.fround(labDistance(lab, i, bg)) > threshold ? 1 : 0;
  mask = dilate(dilate(mask, w, h, 2, 1), w, h, 2, 0);
  return { mask: fillHoles(mask, w, h), threshold };
}

/** The distance of pixel i of `lab` from a colour. */
function labDistance(lab: Float32Array, i: number, bg: Lab): number {
  const dl = lab[i * 3]! - bg[0];
  const da = lab[i * 3 + 1]! - bg[1];
  const db = lab[i * 3 + 2]! - bg[2];
  return Math.sqrt(dl * dl + da * da + db * db);
}

/**
 * Square dilation of the pixels whose value is `set` (1: dilation, 0: erosion of the ones),
 * done as a horizontal then a vertical pass (separable). A pixel is within r of a set pixel
 * when the last set pixel at or before r beyond it lies at most r before it: that position
 * moves along each row, then down the columns a row at a time (reading the photo in its order,
 * without a buffer per row or column, and with one comparison per pixel instead of a count).
 */
function dilate(m: Uint8Array, w: number, h: number, r: number, set: 0 | 1): Uint8Array {
  const rows = new Uint8Array(m.length);
  for (let y = 0; y < h; y += 1) nearInRow(m, rows, y * w, w, r, set);
  const out = new Uint8Array(m.length);
  // For each column, the last row up to y + r where `rows` is set; far above the photo at first.
  const lastRow = new Int32Array(w).fill(-r - 1);
  for (let y = 0; y < Math.min(r, h); y += 1) for (let x = 0; x < w; x += 1) if (rows[y * w + x]) lastRow[x] = y;
  for (let y = 0; y < h; y += 1) nearInColumns(rows, out, lastRow, y, w, h, r, set);
  return out;
}

/** One row of the horizontal pass: 1 where a `set` pixel of the row lies within r. */
function nearInRow(m: Uint8Array, rows: Uint8Array, at: number, w: number, r: number, set: 0 | 1): void {
  // The last set pixel up to x + r (within the row); out of reach at first.
  let last = -r - 1;
  for (let x = 0; x < Math.min(r, w); x += 1) if (m[at + x] === set) last = x;
  for (let x = 0; x < w - r; x += 1) {
    if (m[at + x + r] === set) last = x + r;
    rows[at + x] = x - last <= r ? 1 : 0;
  }
  for (let x = Math.max(0, w - r); x < w; x += 1) rows[at + x] = x - last <= r ? 1 : 0;
}

/** One row of the vertical pass: each column's last set row moved to y + r, then the row's pixels. */
function nearInColumns(
  rows: Uint8Array,
  out: Uint8Array,
  lastRow: Int32Array,
  y: number,
  w: number,
  h: number,
  r: number,
  set: 0 | 1,
): void {
  const enter = (y + r) * w;
  const at = y * w;
  if (y + r < h) for (let x = 0; x < w; x += 1) if (rows[enter + x]) lastRow[x] = y + r;
  for (let x = 0; x < w; x += 1) out[at + x] = y - lastRow[x]! <= r ? set : 1 - set;
}

/** Marks every pixel not reachable from the photo's border through background as foreground. */
function fillHoles(m: Uint8Array, w: number, h: number): Uint8Array {
  const outside = new Uint8Array(w * h);
  // Each pixel is pushed at most once, so the stack never holds more than all of them. Its
  // column is pushed with it (`columns`): a division per pixel was much of the flood's time.
  const stack = new Int32Array(w * h);
  const columns = new Int32Array(w * h);
  let top = 0;
  const push = (x: number, y: number) => {
    const i = y * w + x;
    if (!m[i] && !outside[i]) {
      outside[i] = 1;
      columns[top] = x;
      stack[top++] = i;
    }
  };
  for (let x = 0; x < w; x += 1) {
    push(x, 0);
    push(x, h - 1);
  }
  for (let y = 0; y < h; y += 1) {
    push(0, y);
    push(w - 1, y);
  }
  top = floodOutside(m, outside, stack, columns, top, w, h);
  for (let i = 0; i < outside.length; i += 1) outside[i] = 1 - outside[i]!;
  return outside;
}

/** The flood of `fillHoles` from the pixels on the stack, through background; the stack's size after. */
function floodOutside(
  m: Uint8Array,
  outside: Uint8Array,
  stack: Int32Array,
  columns: Int32Array,
  top: number,
  w: number,
  h: number,
): number {
  while (top) {
    const i = stack[--top]!;
    const x = columns[top]!;
    if (x > 0 && !m[i - 1] && !outside[i - 1]) {
      outside[i - 1] = 1;
      columns[top] = x - 1;
      stack[top++] = i - 1;
    }
    if (x < w - 1 && !m[i + 1] && !outside[i + 1]) {
      outside[i + 1] = 1;
      columns[top] = x + 1;
      stack[top++] = i + 1;
    }
    if (i >= w && !m[i - w] && !outside[i - w]) {
      outside[i - w] = 1;
      columns[top] = x;
      stack[top++] = i - w;
    }
    if (i < w * (h - 1) && !m[i + w] && !outside[i + w]) {
      outside[i + w] = 1;
      columns[top] = x;
      stack[top++] = i + w;
    }
  }
  return top;
}

/**
 * Light and nearly grey: a reflection. Tested only for the pixels of the mask's components, the
 * only ones counted.
 */
const glareLike = (lab: Float32Array, i: number) =>
  lab[i * 3]! > 96 && lab[i * 3 + 1]! ** 2 + lab[i * 3 + 2]! ** 2 < 25;

interface Component {
  area: number;
  /** How many of its pixels look like glare (`glareLike`). */
  marked: number;
  touchesBorder: boolean;
  boundary: Point[];
}

/**
 * Connected parts of the mask of at least `minArea` pixels, largest first, each with how many
 * of its pixels look like glare in `lab`.
 */
function largestComponents(m: Uint8Array, w: number, h: number, lab: Float32Array, minArea: number): Component[] {
  const label = new Int32Array(w * h);
  // Shared by all components: each pixel is pushed once (with its column, as in `fillHoles`),
  // and a component's boundary is kept as points only when the component is large enough to be kept.
  const stack = new Int32Array(w * h);
  const columns = new Int32Array(w * h);
  const boundary = new Int32Array(w * h);
  const found: Component[] = [];
  let next = 1;
  for (let start = 0; start < w * h; start += 1) {
    if (!m[start] || label[start]) continue;
    label[start] = next;
    stack[0] = start;
    columns[0] = start % w;
    const c = floodComponent(m, label, lab, stack, columns, boundary, next, w, h);
    if (c.area >= minArea) {
      const points: Point[] = [];
      for (let k = 0; k < c.boundaryCount; k += 1) {
        const i = boundary[k]!;
        points.push({ x: i % w, y: (i / w) | 0 });
      }
      found.push({ area: c.area, marked: c.marked, touchesBorder: c.touches, boundary: points });
    }
    next += 1;
  }
  return found.sort((a, b) => b.area - a.area);
}

/** Labels one component from the pixel on the stack, collecting its boundary pixels' indices. */
function floodComponent(
  m: Uint8Array,
  label: Int32Array,
  lab: Float32Array,
  stack: Int32Array,
  columns: Int32Array,
  boundary: Int32Array,
  id: number,
  w: number,
  h: number,
): { area: number; marked: number; touches: boolean; boundaryCount: number } {
  let top = 1;
  let area = 0;
  let markedCount = 0;
  let touches = false;
  let boundaryCount = 0;
  while (top) {
    const i = stack[--top]!;
    area += 1;
    if (glareLike(lab, i)) markedCount += 1;
    const x = columns[top]!;
    // The first and last rows, by index.
    const firstRow = i < w;
    const lastRow = i >= w * (h - 1);
    if (x === 0 || firstRow || x === w - 1 || lastRow) touches = true;
    // Left, right, up, down; a neighbour outside the photo or off the mask makes this a boundary pixel.
    let edge = false;
    if (x > 0 && m[i - 1]) {
      if (!label[i - 1]) {
        label[i - 1] = id;
        columns[top] = x - 1;
        stack[top++] = i - 1;
      }
    } else edge = true;
    if (x < w - 1 && m[i + 1]) {
      if (!label[i + 1]) {
        label[i + 1] = id;
        columns[top] = x + 1;
        stack[top++] = i + 1;
      }
    } else edge = true;
    if (!firstRow && m[i - w]) {
      if (!label[i - w]) {
        label[i - w] = id;
        columns[top] = x;
        stack[top++] = i - w;
      }
    } else edge = true;
    if (!lastRow && m[i + w]) {
      if (!label[i + w]) {
        label[i + w] = id;
        columns[top] = x;
        stack[top++] = i + w;
      }
    } else edge = true;
    if (edge) boundary[boundaryCount++] = i;
  }
  return { area, marked: markedCount, touches, boundaryCount };
}

/**
 * Whether an object could be a whole card: clear of the frame, and its hull nearly a quadrilateral
 * of a card's shape (perspective allowed), not a network of table lines or a stain.
 */
function cardLike(c: Component & { hullArea: number }): boolean {
  if (c.touchesBorder) return false;
  const quad = coarseCorners(c.boundary);
  const ratio = sideRatio(quad);
  return ratio >= 0.5 && ratio <= 0.9 && polygonArea(quad) >= c.hullArea * 0.85;
}

/** Four corners: the hull points nearest the corners of the hull's minimum-area rectangle. */
function coarseCorners(points: Point[]): Point[] {
  const hull = convexHull(points);
  let best = { area: Infinity, angle: 0 };
  for (let i = 0; i < hull.length; i += 1) {
    const p = hull[i]!;
    const q = hull[(i + 1) % hull.length]!;
    const angle = Math.atan2(q.y - p.y, q.x - p.x);
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const h of hull) {
      const u = h.x * c + h.y * s;
      const v = -h.x * s + h.y * c;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < best.area) best = { area, angle };
  }
  const [c, s] = [Math.cos(best.angle), Math.sin(best.angle)];
  const us = hull.map((h) => h.x * c + h.y * s);
  const vs = hull.map((h) => -h.x * s + h.y * c);
  const rect = [
    [Math.min(...us), Math.min(...vs)],
    [Math.max(...us), Math.min(...vs)],
    [Math.max(...us), Math.max(...vs)],
    [Math.min(...us), Math.max(...vs)],
  ].map(([u, v]) => ({ x: u! * c - v! * s, y: u! * s + v! * c }));
  return rect.map((corner) => hull.reduce((a, b) => (distance(a, corner) <= distance(b, corner) ? a : b)));
}

function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (const p of sorted.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}
