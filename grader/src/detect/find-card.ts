import type { GradeRejection } from '@gradelens/shared';
import { polygonArea } from '../geometry/polygon.ts';
import { distance, fitLine, intersect, robustFitLine, type Line, type Point } from '../geometry/homography.ts';
import { median } from '../geometry/median.ts';
import { backgroundDistance, isShadeOf, labOfPixel, type Lab } from '../image/color.ts';
import type { PhotoRegion, Raster } from '../image/raster.ts';
import { finderRejection } from './rejections.ts';

export interface FoundCard {
  /** Virtual corners (intersections of the fitted sides) in photo pixels: TL, TR, BR, BL; top is a short side. */
  corners: [Point, Point, Point, Point];
  background: Lab;
  /** Median 10-90% rise of the card's outline across its sides, in photo pixels: how sharp the photo is (NaN: no step clear enough to time). */
  edgeRisePx: number;
}

export type Detection = { ok: true; card: FoundCard } | { ok: false; rejection: GradeRejection };

/** A card whose sides were fitted, and how many of them were (the others kept the rough outline's). */
export type Refined = { ok: true; card: FoundCard; sidesFitted: number } | { ok: false; rejection: GradeRejection };

/** The card found in the preview: its rough corners in photo pixels and the table's colour. */
export interface LocatedCard {
  coarse: [Point, Point, Point, Point];
  background: Lab;
  /** How far the table's own colour varies (wood grain, cloth): a step must rise above it. */
  backgroundSpread: number;
}

/**
 * A refusal may carry where the card-sized objects it saw lie (their centres, photo pixels): for
 * multiple_cards, so that another search can tell one card split in two from several cards.
 */
export type Location = { ok: true; card: LocatedCard } | { ok: false; rejection: GradeRejection; objectCentres?: Point[] };

/**
 * Finds the one card in a photo in two steps. First `locateCard` separates it from the
 * background by colour in the small preview (decode.ts); then, in the full-resolution pixels
 * of `regionToRefine` only, `refineCard` fits each side to sub-pixel edge points.
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
    .map((c) => ({ ...c, hullArea: polygonArea(convexHull(c.boundary)) }))
    .sort((a, b) => b.hullArea - a.hullArea);
  const card = components[0];
  if (!card || card.hullArea < total * 0.03) {
    return finderRejection('no_card');
  }
  const second = components[1];
  if (second && second.hullArea > card.hullArea * 0.35) {
    const centres = components.filter((c) => c.hullArea > card.hullArea * 0.35).map((c) => centroidOf(c.boundary, small.scale));
    return { ...finderRejection('multiple_cards'), objectCentres: centres };
  }
  if (card.touchesBorder && card.marked > card.area * 0.25) {
    // A reflection that spills off the card onto the table joins the two and reaches the frame.
    return finderRejection('heavy_glare');
  }
  if (card.touchesBorder) {
    return finderRejection('card_cut_off');
  }
  const coarse = coarseCorners(card.boundary).map((p) => ({ x: p.x * small.scale, y: p.y * small.scale })) as [Point, Point, Point, Point];
  return { ok: true, card: { coarse, background, backgroundSpread: threshold } };
}

/** How far outside the rough outline the side search reads: up to 11% of the side's length. */
const reachOf = (sideLength: number) => Math.max(8, sideLength * 0.11);

/**
 * The part of the photo the side search and the rectified face read: the rough outline, the
 * search's reach beyond it and a few millimetres more, within the photo. Only this part is
 * decoded at full resolution, about half of a 12-megapixel frame.
 */
export function regionToRefine(card: LocatedCard, photoWidth: number, photoHeight: number): { left: number; top: number; width: number; height: number } {
  const { coarse } = card;
  const sides = coarse.map((p, i) => distance(p, coarse[(i + 1) % 4]!));
  const roughPxPerMm = Math.min(...sides) / 59;
  const margin = Math.ceil(reachOf(Math.max(...sides)) + 3 * roughPxPerMm + 8);
  const left = Math.max(0, Math.floor(Math.min(...coarse.map((p) => p.x)) - margin));
  const top = Math.max(0, Math.floor(Math.min(...coarse.map((p) => p.y)) - margin));
  const right = Math.min(photoWidth, Math.ceil(Math.max(...coarse.map((p) => p.x)) + margin));
  const bottom = Math.min(photoHeight, Math.ceil(Math.max(...coarse.map((p) => p.y)) + margin));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** The card's sides fitted in the full-resolution pixels of the region around it; corners in photo pixels. */
export function refineCard(region: PhotoRegion, card: LocatedCard, photoWidth: number, photoHeight: number): Refined {
  const { left, top } = region;
  const coarse = card.coarse.map((p) => ({ x: p.x - left, y: p.y - top })) as [Point, Point, Point, Point];
  const refined = refineSides(region.raster, coarse, card.background, card.backgroundSpread);
  const corners = refined?.corners.map((p) => ({ x: p.x + left, y: p.y + top })) as [Point, Point, Point, Point] | undefined;
  if (!refined || !corners || !plausibleCard(corners, { width: photoWidth, height: photoHeight })) {
    return finderRejection('edges_not_found');
  }
  return { ok: true, card: { corners: orderTopShort(corners), background: card.background, edgeRisePx: refined.edgeRisePx }, sidesFitted: refined.sidesFitted };
}

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
    if (i > 0 && data[i] === data[i - 3] && data[i + 1] === data[i - 2] && data[i + 2] === data[i - 1]) copyLab(out, i, i - 3);
    else if (i >= row && data[i] === data[i - row] && data[i + 1] === data[i - row + 1] && data[i + 2] === data[i - row + 2]) copyLab(out, i, i - row);
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
const framePixels = (w: number, h: number, band: number) => w * h - Math.max(0, w - 2 * band) * Math.max(0, h - 2 * band);

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
    if (!frameRow) for (let x = Math.max(band, w - band); x < w; x += 1) frameDistances[frameCount++] = labDistance(lab, y * w + x, bg);
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
function nearInColumns(rows: Uint8Array, out: Uint8Array, lastRow: Int32Array, y: number, w: number, h: number, r: number, set: 0 | 1): void {
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
function floodOutside(m: Uint8Array, outside: Uint8Array, stack: Int32Array, columns: Int32Array, top: number, w: number, h: number): number {
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
const glareLike = (lab: Float32Array, i: number) => lab[i * 3]! > 96 && lab[i * 3 + 1]! ** 2 + lab[i * 3 + 2]! ** 2 < 25;

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
function floodComponent(m: Uint8Array, label: Int32Array, lab: Float32Array, stack: Int32Array, columns: Int32Array, boundary: Int32Array, id: number, w: number, h: number): { area: number; marked: number; touches: boolean; boundaryCount: number } {
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

/**
 * For each side, finds edge points along the normal in the full-resolution photo (where the
 * colour distance to the background crosses half-way), fits a line, and intersects the lines.
 */
/** Edge profiles across each side: enough for a robust line fit. */
const PROFILES = 48;

function refineSides(photo: Raster, coarse: [Point, Point, Point, Point], bg: Lab, backgroundSpread: number): { corners: [Point, Point, Point, Point]; edgeRisePx: number; sidesFitted: number } | null {
  const centre = { x: coarse.reduce((s, p) => s + p.x, 0) / 4, y: coarse.reduce((s, p) => s + p.y, 0) / 4 };
  const lines: Line[] = [];
  const rises: number[] = [];
  let sidesFitted = 0;
  // The card's shadow on the table is the table, darker: the outline is where the card starts.
  const fromBackground = backgroundDistance(bg);
  for (let side = 0; side < 4; side += 1) {
    const a = coarse[side]!;
    const b = coarse[(side + 1) % 4]!;
    const length = distance(a, b);
    const dir = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
    let normal = { x: -dir.y, y: dir.x };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if ((mid.x - centre.x) * normal.x + (mid.y - centre.y) * normal.y < 0) normal = { x: -normal.x, y: -normal.y };
    // Coarse corners sit on the rounded corners, up to a few percent inside the true sides, or
    // on the artwork when a border as dark as the background was left out of the mask.
    const reach = reachOf(length);
    const steps = Math.ceil(reach * 2);
    const points: Point[] = [];
    // The 10-90% rise at each point (NaN where the step's contrast is too low to tell).
    const pointRises: number[] = [];
    // One profile at a time: each reuses these, writing every step before it reads it.
    const buffers = { colours: new Float32Array((steps + 1) * 3), values: new Float64Array(steps + 1), read: new Uint8Array(steps + 1) };
    for (let k = 0; k < PROFILES; k += 1) {
      const t = 0.12 + (0.76 * k) / (PROFILES - 1);
      const base = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      const profile = new Profile(photo, base, normal, dir, reach, steps, fromBackground, buffers);
      // Beyond the photo's edge the profile continues flat from the last pixel inside it; a
      // profile that leaves the photo again further in is not used.
      if (profile.firstInside < 0 || profile.firstInside > steps * 0.47 || !profile.insideFromFirst) continue;
      const outside = Math.ceil(steps * 0.08);
      const outer = profile.median(0, outside);
      const noise = profile.median(0, outside, outer);
      // The first lasting step from the background is the outline, even when the border is
      // close to the background and the artwork inside it stands out far more.
      // Never less than the background's own variation across the photo (wood grain, cloth).
      const rise = Math.max(3, 4 * noise, 0.55 * backgroundSpread);
      const sustain = Math.max(3, Math.round(steps * 0.02));
      let step = findStep(profile, 1, outer, rise, sustain);
      if (!step) continue;
      // A soft step into a darker shade of the table, with another step soon after it, is the
      // card's shadow (a lamp to one side, a card in a sleeve): the outline is the next step.
      if (shadowLike(profile, step, steps, length / 75)) {
        const next = findStep(profile, Math.round(step.half) + sustain, step.top, Math.max(rise, 3 * noise + 3), sustain, Math.round(step.half + length * 0.04), true);
        if (next) step = next;
      }
      const half = step.half;
      // Sharpness from the step itself; where the outline is too faint to tell (a black border
      // on dark cloth), from the next printed edge inside it (border to art), just as sharp.
      const h = Math.round(half);
      let riseSamples = riseAt(profile, h);
      if (Number.isNaN(riseSamples)) {
        const inside = profile.median(h + 3, h + 10);
        const limit = Math.min(steps - 10, h + Math.round(steps * 0.3));
        let k2 = h + 3;
        while (k2 < limit && Math.abs(profile.at(k2) - inside) < 20) k2 += 1;
        if (k2 < limit) {
          const after = profile.median(k2 + 3, k2 + 10);
          const mid = (inside + after) / 2;
          let c = k2;
          while (c > h + 3 && (profile.at(c - 1) - mid) * (after - inside) >= 0) c -= 1;
          riseSamples = riseAt(profile, c);
        }
      }
      const rise10to90 = (riseSamples * 2 * reach) / steps;
      const offset = reach - (2 * reach * half) / steps;
      points.push({ x: base.x + normal.x * offset, y: base.y + normal.y * offset });
      pointRises.push(rise10to90);
    }
    const coarseLine = fitLine([a, b]);
    if (points.length < PROFILES * 0.15) {
      lines.push(coarseLine);
      continue;
    }
    // A fit that turned away from the outline (a textured background, a shadow) is not the side.
    // Within a quarter of a percent of the side's length: a card bowed a little still fits one line.
    const tolerance = Math.max(1.5, 0.0025 * length);
    const fitted = robustFitLine(points, tolerance);
    const agrees = Math.abs(fitted.a * coarseLine.a + fitted.b * coarseLine.b) > Math.cos((6 * Math.PI) / 180);
    lines.push(agrees ? fitted : coarseLine);
    if (agrees) sidesFitted += 1;
    // Blur is read only where the profile found the outline itself, not the art inside it.
    points.forEach((q, i) => {
      const rise = pointRises[i]!;
      if (agrees && !Number.isNaN(rise) && Math.abs(fitted.a * q.x + fitted.b * q.y - fitted.c) <= tolerance) rises.push(rise);
    });
  }
  try {
    // Sampling above counts pixel centres at whole numbers; the rest of the engine (rectify)
    // puts pixel i's centre at i + 0.5, so the corners move by half a pixel.
    const corners = [0, 1, 2, 3].map((i) => {
      const p = intersect(lines[(i + 3) % 4]!, lines[i]!);
      return { x: p.x + 0.5, y: p.y + 0.5 };
    }) as [Point, Point, Point, Point];
    return { corners, edgeRisePx: median(rises), sidesFitted };
  } catch {
    return null;
  }
}

/** The samples of a profile as the step search reads them: an array, or a profile read lazily. */
interface Samples {
  readonly length: number;
  at(i: number): number;
  /**
   * The median of the samples from `from` up to `to` (within the profile), or of their distances
   * from `centre` when it is given; 0 when there are none.
   */
  median(from: number, to: number, centre?: number): number;
}

/**
 * One profile across a side, outside to inside: the colour at each step and its distance from
 * the table, read only at the steps the searches ask for (the step search skips most of the
 * table before the outline; nothing reads far beyond it). Where the first steps fall outside
 * the photo the profile starts flat at the first step inside it.
 */
class Profile implements Samples {
  readonly length: number;
  /** Mean colour at each step (where `read` is set: see `readRange`). */
  readonly colours: Float32Array;
  /** The first step inside the photo (-1 if none), and whether every step from there on is. */
  readonly firstInside: number;
  readonly insideFromFirst: boolean;
  private readonly values: Float64Array;
  /** 1 for the steps read so far. */
  private readonly read: Uint8Array;

  constructor(
    private readonly photo: Raster,
    private readonly base: Point,
    private readonly normal: Point,
    private readonly dir: Point,
    private readonly reach: number,
    private readonly steps: number,
    private readonly fromBackground: (r: number, g: number, b: number) => number,
    buffers: { colours: Float32Array; values: Float64Array; read: Uint8Array },
  ) {
    this.length = steps + 1;
    this.colours = buffers.colours;
    this.values = buffers.values;
    this.read = buffers.read.fill(0);
    this.firstInside = firstStepInside(photo, base, normal, dir, reach, steps);
    // A sample's coordinates move monotonically with the step (every rounding step is
    // monotonic), so the steps inside the photo are one run: it reaches the last step or not.
    this.insideFromFirst = this.firstInside >= 0 && stepInside(photo, base, normal, dir, reach, steps, steps);
  }

  at(i: number): number {
    if (!(i >= 0 && i < this.length)) return Number.NaN;
    if (i < this.firstInside) return this.at(this.firstInside);
    if (!this.read[i]) this.readStep(i);
    return this.values[i]!;
  }

  median(from: number, to: number, centre?: number): number {
    const end = Math.min(this.length, to);
    this.readRange(Math.max(0, this.firstInside, from), end - 1);
    const values = scratchFor(end - from);
    let n = 0;
    for (let i = Math.max(0, from); i < end; i += 1) values[n++] = centre === undefined ? this.at(i) : Math.abs(this.at(i) - centre);
    return medianOfFirst(values, n);
  }

  /**
   * Reads the steps from `from` to `to` inclusive that are not read yet (their colours too),
   * each run of them in one call.
   */
  readRange(from: number, to: number): void {
    const read = this.read;
    for (let i = from; i <= to; i += 1) {
      if (read[i]) continue;
      let j = i;
      while (j < to && !read[j + 1]) j += 1;
      readProfile(this.photo, this.base, this.normal, this.dir, this.reach, this.steps, this.fromBackground, this.colours, this.values, i, j + 1);
      read.fill(1, i, j + 1);
      i = j;
    }
  }

  /** Each step is read on its own: the value of a step does not depend on the others. */
  private readStep(i: number): void {
    readProfile(this.photo, this.base, this.normal, this.dir, this.reach, this.steps, this.fromBackground, this.colours, this.values, i, i + 1);
    this.read[i] = 1;
  }
}

/** Whether all five samples of step s of a profile fall inside the photo. */
function stepInside(photo: Raster, base: Point, normal: Point, dir: Point, reach: number, steps: number, s: number): boolean {
  const maxX = photo.width - 1;
  const maxY = photo.height - 1;
  const offset = reach - (2 * reach * s) / steps;
  for (let along = -4; along <= 4; along += 2) {
    const x = base.x + normal.x * offset + dir.x * along;
    const y = base.y + normal.y * offset + dir.y * along;
    if (!(x >= 0 && y >= 0 && x <= maxX && y <= maxY)) return false;
  }
  return true;
}

/** The first step of a profile inside the photo, -1 if none. */
function firstStepInside(photo: Raster, base: Point, normal: Point, dir: Point, reach: number, steps: number): number {
  for (let s = 0; s <= steps; s += 1) if (stepInside(photo, base, normal, dir, reach, steps, s)) return s;
  return -1;
}

/**
 * Steps `from` to `to` of one profile across a side, outside to inside: the colour at each step
 * (into `colours`) and its distance from the table (into `profile`), NaN where it leaves the
 * photo. A function of its own so the JIT compiles this loop once for good instead of within the
 * side search around it.
 */
function readProfile(
  photo: Raster,
  base: Point,
  normal: Point,
  dir: Point,
  reach: number,
  steps: number,
  fromBackground: (r: number, g: number, b: number) => number,
  colours: Float32Array,
  profile: Float64Array,
  from: number,
  to: number,
): void {
  const px = photo.data;
  const pw = photo.width;
  const maxX = photo.width - 1;
  const maxY = photo.height - 1;
  const { x: bx, y: by } = base;
  const { x: nx, y: ny } = normal;
  const { x: dx, y: dy } = dir;
  for (let s = from; s < to; s += 1) {
    const offset = reach - (2 * reach * s) / steps; // outside to inside
    // The step's point on the normal, summed first as the expression for each sample did.
    const cx = bx + nx * offset;
    const cy = by + ny * offset;
    // Five samples along the side, 2 px apart, averaged: a faint outline (a dark border on dark cloth)
    // stands out of the sensor noise that a single pixel carries.
    let r = 0;
    let g = 0;
    let bl = 0;
    let ok = true;
    // A bilinear sample written out (this runs five times per step of 200 profiles per face).
    for (let along = -4; along <= 4; along += 2) {
      const x = cx + dx * along;
      const y = cy + dy * along;
      ok = x >= 0 && y >= 0 && x <= maxX && y <= maxY;
      if (!ok) break;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const ex = 1 - fx;
      const ey = 1 - fy;
      const i00 = (y0 * pw + x0) * 3;
      const i01 = x0 < maxX ? i00 + 3 : i00;
      const i10 = y0 < maxY ? i00 + pw * 3 : i00;
      const i11 = x0 < maxX ? i10 + 3 : i10;
      // Rounded to 32-bit floats as the sample buffer this replaced did, so results stay the same.
      r += Math.fround((px[i00]! * ex + px[i01]! * fx) * ey + (px[i10]! * ex + px[i11]! * fx) * fy);
      g += Math.fround((px[i00 + 1]! * ex + px[i01 + 1]! * fx) * ey + (px[i10 + 1]! * ex + px[i11 + 1]! * fx) * fy);
      bl += Math.fround((px[i00 + 2]! * ex + px[i01 + 2]! * fx) * ey + (px[i10 + 2]! * ex + px[i11 + 2]! * fx) * fy);
    }
    colours[s * 3] = r / 5;
    colours[s * 3 + 1] = g / 5;
    colours[s * 3 + 2] = bl / 5;
    profile[s] = ok ? fromBackground(r / 5, g / 5, bl / 5) : Number.NaN;
  }
}

interface Step {
  /** Where the profile crosses half-way from the level before the step to the level after it. */
  half: number;
  /** The level after the step. */
  top: number;
}

/**
 * The first lasting step of a profile after index `start`: the first run of `sustain` samples
 * all more than `rise` above the level `from` (or, with `eitherWay`, away from it in either
 * direction), located at its half-way crossing.
 */
function findStep(profile: Samples, start: number, from: number, rise: number, sustain: number, end = profile.length, eitherWay = false): Step | null {
  const first = firstLastingRun(profile, Math.max(1, start), Math.min(profile.length - 1, end), from, rise, sustain, eitherWay);
  if (first < 0) return null;
  const top = profile.median(first + sustain, first + sustain + Math.max(4, Math.round(profile.length * 0.04)));
  if (!(eitherWay ? Math.abs(top - from) > rise : top - from > rise)) return null;
  const level = (idx: number) => (profile.at(idx) - from) / (top - from);
  // The half-way crossing of that step: up to it, then back to where it is first reached.
  let j = first;
  while (j < profile.length - 1 && level(j) < 0.5) j += 1;
  while (j > Math.max(1, start) && level(j - 1) >= 0.5) j -= 1;
  const below = level(j - 1);
  const above = level(j);
  if (!(below < 0.5 && above >= 0.5)) return null;
  return { half: j - 1 + (0.5 - below) / (above - below), top };
}

/**
 * The first s from `start` with s + sustain <= last whose `sustain` samples from s on all pass
 * `findStep`'s test, -1 if none. A run is checked from its end: a sample that fails rules out
 * every run through it, so the search moves past it, reading a few of the table's samples
 * instead of all (the first passing run is the same one a scan of every s finds).
 */
function firstLastingRun(profile: Samples, start: number, last: number, from: number, rise: number, sustain: number, eitherWay: boolean): number {
  let s = start;
  while (s + sustain <= last) {
    let q = s + sustain - 1;
    while (q >= s && (eitherWay ? Math.abs(profile.at(q) - from) > rise : profile.at(q) - from > rise)) q -= 1;
    if (q < s) return s;
    s = q + 1;
  }
  return -1;
}

/**
 * Whether a step leads into a shadow: the colour after it is the table's colour at less light
 * (it was measured from the table, so its distance is that of a darker table), and the step is
 * soft, wider than 0.2 mm from 10% to 90%, where a card's cut edge is as sharp as the photo.
 */
function shadowLike(profile: Profile, step: Step, steps: number, pxPerMm: number): boolean {
  const h = Math.round(step.half);
  const colours = profile.colours;
  const at = (i: number): [number, number, number] => [colours[i * 3]!, colours[i * 3 + 1]!, colours[i * 3 + 2]!];
  const beforeIdx = Math.max(0, h - Math.round(0.6 * pxPerMm));
  const afterIdx = Math.min(steps, h + Math.round(0.25 * pxPerMm) + 2);
  profile.readRange(beforeIdx, afterIdx);
  const table = at(beforeIdx);
  const shade = at(afterIdx);
  if (!isShadeOf(shade, table)) return false;
  // Softness: 10% to 90% of the way between the two colours' lightness.
  const luma = (i: number) => 0.2126 * colours[i * 3]! + 0.7152 * colours[i * 3 + 1]! + 0.0722 * colours[i * 3 + 2]!;
  const l0 = luma(beforeIdx);
  const l1 = luma(afterIdx);
  if (!(l0 - l1 > 4)) return false;
  let r10 = h;
  while (r10 > beforeIdx && (l0 - luma(r10)) / (l0 - l1) > 0.1) r10 -= 1;
  let r90 = h;
  while (r90 < afterIdx && (l0 - luma(r90)) / (l0 - l1) < 0.9) r90 += 1;
  return r90 - r10 > Math.max(4, 0.2 * pxPerMm);
}

/**
 * The 10% to 90% width, in samples, of the step through index h of a profile, between the
 * levels just before and just after it; NaN when the step is too faint to tell (sensor noise
 * would move the 10% and 90% points by pixels).
 */
function riseAt(profile: Samples, h: number): number {
  const after = profile.median(h + 3, h + 10);
  const before = profile.median(Math.max(0, h - 10), Math.max(1, h - 3));
  if (!(Math.abs(after - before) >= 20)) return Number.NaN;
  const mix = (idx: number) => (profile.at(idx) - before) / (after - before);
  let r10 = h;
  while (r10 > 0 && h - r10 < 20 && mix(r10) > 0.1) r10 -= 1;
  let r90 = h;
  while (r90 < profile.length - 1 && r90 - h < 20 && mix(r90) < 0.9) r90 += 1;
  // Where the profile crosses 10% and 90%, between samples.
  const cross = (i: number, target: number) => {
    const lo = mix(i);
    const hi = mix(i + 1);
    return hi !== lo ? i + Math.max(0, Math.min(1, (target - lo) / (hi - lo))) : i;
  };
  return cross(r90 - 1, 0.9) - cross(r10, 0.1);
}

/** Four corners inside the photo's reach, forming a convex card-shaped quadrilateral. */
export function plausibleCard(corners: Point[], photo: { width: number; height: number }): boolean {
  const margin = Math.max(photo.width, photo.height) * 0.1;
  if (corners.some((p) => p.x < -margin || p.y < -margin || p.x > photo.width + margin || p.y > photo.height + margin)) return false;
  const sides = corners.map((p, i) => distance(p, corners[(i + 1) % 4]!));
  const short = Math.min(sides[0]! + sides[2]!, sides[1]! + sides[3]!);
  const long = Math.max(sides[0]! + sides[2]!, sides[1]! + sides[3]!);
  return short / long > 0.55 && short / long < 0.85;
}

/** A buffer for the few samples a median reads, shared: a profile's medians ran on fresh arrays. */
let scratch = new Float64Array(256);
const scratchFor = (n: number): Float64Array => (n <= scratch.length ? scratch : (scratch = new Float64Array(n * 2)));

/**
 * The median of the first n values, sorted in place. The same value `median` picks: profile
 * samples are never NaN (a profile is used only where all its steps are inside the photo).
 */
function medianOfFirst(values: Float64Array, n: number): number {
  if (!n) return 0;
  // Insertion sort: a dozen to a few dozen values.
  for (let i = 1; i < n; i += 1) {
    const v = values[i]!;
    let j = i - 1;
    while (j >= 0 && values[j]! > v) {
      values[j + 1] = values[j]!;
      j -= 1;
    }
    values[j + 1] = v;
  }
  return values[n >> 1]!;
}

/** Orders corners clockwise from the top-left, with a short side on top (portrait card). */
export function orderTopShort(corners: [Point, Point, Point, Point]): [Point, Point, Point, Point] {
  const centre = { x: corners.reduce((s, p) => s + p.x, 0) / 4, y: corners.reduce((s, p) => s + p.y, 0) / 4 };
  const clockwise = [...corners].sort(
    (p, q) => Math.atan2(p.y - centre.y, p.x - centre.x) - Math.atan2(q.y - centre.y, q.x - centre.x),
  );
  // Start from the corner closest to the photo's top-left direction.
  let start = 0;
  let best = Infinity;
  clockwise.forEach((p, i) => {
    const score = p.x + p.y;
    if (score < best) {
      best = score;
      start = i;
    }
  });
  let ordered = [0, 1, 2, 3].map((i) => clockwise[(start + i) % 4]!);
  if (distance(ordered[0]!, ordered[1]!) > distance(ordered[1]!, ordered[2]!)) ordered = [1, 2, 3, 0].map((i) => ordered[i]!);
  return ordered as [Point, Point, Point, Point];
}
