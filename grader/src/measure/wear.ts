import type { Defect, Face } from '@gradelens/shared';
import { backgroundDistanceLab, deltaE, shadeOf, type Lab } from '../image/color.ts';
import { cornerViewGrade } from '../rubric.ts';
import type { BorderMeasurement } from './centering.ts';
import { robustFitLine } from '../geometry/homography.ts';
import { pixelUnder, type LabFace } from './lab-grid.ts';
import { patch, sidePoint, SIDES, sideLength, type Side } from './sides.ts';

export const CORNER_RADIUS_MM = 3;
const CORNERS = [
  { name: 'top-left', sides: ['top', 'left'] as Side[], sx: 1, sy: 1, vx: 0, vy: 0 },
  { name: 'top-right', sides: ['top', 'right'] as Side[], sx: -1, sy: 1, vx: 1, vy: 0 },
  { name: 'bottom-right', sides: ['bottom', 'right'] as Side[], sx: -1, sy: -1, vx: 1, vy: 1 },
  { name: 'bottom-left', sides: ['bottom', 'left'] as Side[], sx: 1, sy: -1, vx: 0, vy: 1 },
];

/** The background colour, read in the margin just outside each side's middle. */
export function backgroundOf(face: LabFace): Lab {
  const { widthMm: w, heightMm: h } = face.face;
  const samples = SIDES.map((side) => patch(face, side, sideLength(side, w, h) / 2, -0.9, 3, 0.3));
  // On a light table the card's shadow darkens up to two sides: the table is the second
  // lightest sample (one may be glare). On dark cloth shadows do not show: the median.
  const byLightness = [...samples].sort((a, b) => b[0] - a[0]);
  if (byLightness[1]![0] >= 40) return byLightness[1]!;
  const pick = (i: 0 | 1 | 2) => samples.map((s) => s[i]).sort((a, b) => a - b)[1]!;
  return [pick(0), pick(1), pick(2)];
}

/**
 * Whether a pixel is the card's: nearer the border's colour than the background's (where it lies
 * between the background (0) and the border (1), mixed outline pixels falling between, or well
 * off that line) and not the table in the card's shadow. What depends only on the two colours is
 * worked out once per border colour, not per pixel.
 */
class CardTest {
  private readonly bg0: number;
  private readonly bg1: number;
  private readonly bg2: number;
  private readonly d0: number;
  private readonly d1: number;
  private readonly d2: number;
  private readonly dd: number;
  private readonly tableLimit: number;
  private readonly fromTable: (l: number, a: number, b: number) => number;

  constructor(bg: Lab, border: Lab, fromTable: (l: number, a: number, b: number) => number) {
    this.bg0 = bg[0];
    this.bg1 = bg[1];
    this.bg2 = bg[2];
    this.d0 = border[0] - bg[0];
    this.d1 = border[1] - bg[1];
    this.d2 = border[2] - bg[2];
    this.dd = this.d0 ** 2 + this.d1 ** 2 + this.d2 ** 2 || 1;
    this.tableLimit = Math.min(8, deltaE(border, bg) / 2);
    this.fromTable = fromTable;
  }

  /** Whether the pixel at offset i of `lab` is the card's. */
  isCard(lab: Float32Array, i: number): boolean {
    const l = lab[i]!;
    const a = lab[i + 1]!;
    const b = lab[i + 2]!;
    return this.mixedTowardsBorder(l, a, b) && this.fromTable(l, a, b) > this.tableLimit;
  }

  private mixedTowardsBorder(l: number, a: number, b: number): boolean {
    const { d0, d1, d2 } = this;
    const v0 = l - this.bg0;
    const v1 = a - this.bg1;
    const v2 = b - this.bg2;
    const t = (v0 * d0 + v1 * d1 + v2 * d2) / this.dd;
    if (t > 0.5) return true;
    const tc = Math.max(0, Math.min(1, t));
    // Farther than 12 from the line, compared squared: the square root of x exceeds 12 exactly
    // when x exceeds 144 (12 and 144 are exact, and sqrt rounds correctly and never decreases).
    return (v0 - tc * d0) ** 2 + (v1 - tc * d1) ** 2 + (v2 - tc * d2) ** 2 > 144;
  }
}

/** Exposed card stock: near-white, unsaturated, and clearly unlike the printed border. */
const isWhitened = (l: number, a: number, b: number, border: Lab) =>
  l > Math.max(78, border[0] + 6) && Math.sqrt(a * a + b * b) < 14 && Math.sqrt((l - border[0]) ** 2 + (a - border[1]) ** 2 + (b - border[2]) ** 2) > 15;

/**
 * How far inside the corner's arc a point lies (given from the arc's centre), for comparing with
 * `band` and `seedBand`: CORNER_RADIUS_MM less its Math.hypot. Math.hypot is slow; the square root
 * of the sum of squares is within 1e-14 of it here, so on the same side of both limits unless
 * within 1e-9 of one, where the hypot decides.
 */
function insideArc(dx: number, dy: number, band: number, seedBand: number): number {
  const near = CORNER_RADIUS_MM - Math.sqrt(dx * dx + dy * dy);
  if (Math.abs(near - band) > 1e-9 && Math.abs(near - seedBand) > 1e-9) return near;
  return CORNER_RADIUS_MM - Math.hypot(dx, dy);
}

/** The outline's blur in the photo: pixels this close to it are a mix of card and background. */
const outlineBandMm = (face: LabFace) => Math.max(0.12, 1.6 / face.face.photoPxPerMm);
/**
 * Distance to the table that sees through the card's shadow on it, as deep as the card's own
 * colour allows: a border that is itself a darker shade of the table (grey on white paper)
 * leaves only light shadows to see through.
 */
function tableDistances(bg: Lab): (border: Lab) => (l: number, a: number, b: number) => number {
  const deep = backgroundDistanceLab(bg, 0.15);
  const light = backgroundDistanceLab(bg, 0.4);
  return (border) => (shadeOf(border, bg) ? light : deep);
}

/** Below this colour difference card and background cannot be told apart: wear there is not read. */
const READABLE_DELTA_E = 12;
/** Where a side has no border of one colour (full art), the card's colour is read this far in. */
const LOCAL_COLOUR_MM = 2;

export interface CornerView {
  corner: string;
  whiteningMm: number;
  roundingMm: number;
  severityMm: number;
  grade: number;
}

/**
 * Corner views, their defects, and how many corners showed no card at all within the 5 mm
 * searched in from the virtual corner: a torn-off corner, or (on two corners or more) an outline
 * that detection put where the card is not.
 */
export function measureCorners(face: LabFace, borders: BorderMeasurement, faceName: Face): { views: CornerView[]; defects: Defect[]; cardNotFound: number } {
  const { widthMm: w, heightMm: h, pxPerMm: p, marginMm: m } = face.face;
  const bg = borders.background;
  const tableDistance = tableDistances(bg);
  const views: CornerView[] = [];
  const defects: Defect[] = [];
  let cardNotFound = 0;
  for (const c of CORNERS) {
    const vx = c.vx * w;
    const vy = c.vy * h;
    const cx = vx + c.sx * CORNER_RADIUS_MM;
    const cy = vy + c.sy * CORNER_RADIUS_MM;
    const apex = { x: cx - (c.sx * CORNER_RADIUS_MM) / Math.SQRT2, y: cy - (c.sy * CORNER_RADIUS_MM) / Math.SQRT2 };
    const plain = borders.uniform[c.sides[0]!] && borders.uniform[c.sides[1]!];
    // A full-art corner is judged against the art's own colour there, read at the arc's centre.
    const border = plain ? averageLab(borders.colour[c.sides[0]!], borders.colour[c.sides[1]!]) : face.mean((cx - 0.5 + m) * p, (cy - 0.5 + m) * p, (cx + 0.5 + m) * p, (cy + 0.5 + m) * p);
    const at = (x: number, y: number) => face.offset((x + m) * p, (y + m) * p);
    const cardTest = new CardTest(bg, border, tableDistance(border));
    // Where the card is the table's colour its outline cannot be seen: rounding is not read
    // (nothing is taken off for it), whitening still is.
    const outlineVisible = deltaE(border, bg) >= READABLE_DELTA_E;

    // Rounding or a ding: how far inside the ideal arc the outline starts, along the bisector.
    const depths: number[] = [];
    let raysWithoutCard = 0;
    for (const angle of [-0.14, 0, 0.14]) {
      const dx = (c.sx * Math.cos(Math.PI / 4 + angle)) as number;
      const dy = (c.sy * Math.sin(Math.PI / 4 + angle)) as number;
      let depth = 0;
      let found = false;
      for (let d = 0; d < 5; d += 1 / p) {
        if (cardTest.isCard(face.lab, at(apex.x + dx * d, apex.y + dy * d))) {
          depth = d;
          found = true;
          break;
        }
        depth = d;
      }
      depths.push(depth);
      if (!found) raysWithoutCard += 1;
    }
    if (outlineVisible && raysWithoutCard >= 2) cardNotFound += 1;
    // Less than a pixel and a half of the photo is within its blur and resampling: not rounding.
    const resolution = 1.5 / face.face.photoPxPerMm;
    const roundingMm = outlineVisible ? Math.max(0, depths.sort((a, b) => a - b)[1]! - resolution) : 0;

    // Whitening: the smallest disk around the apex holding the corner's whitened pixels.
    const bandX = Math.min(2.5, Math.max(0.6, (borders.stations[c.sides[1]!].find((v) => v !== null) ?? 2) - 0.3));
    const bandY = Math.min(2.5, Math.max(0.6, (borders.stations[c.sides[0]!].find((v) => v !== null) ?? 2) - 0.3));
    const distances: number[] = [];
    const band = outlineBandMm(face);
    const seedBand = band + 3 / p;
    // Whitening spreads in from the outline: whitened pixels are kept only when they connect
    // to the band next to it (light print in the border near a corner is not whitening).
    const n = Math.floor(5 * p) + 1;
    const whitened = new Uint8Array(n * n);
    const seeds: number[] = [];
    for (let yi = 0; yi < n; yi += 1) {
      for (let xi = 0; xi < n; xi += 1) {
        const x = xi / p;
        const y = yi / p;
        if (x > bandX && y > bandY) continue;
        const px = vx + c.sx * x;
        const py = vy + c.sy * y;
        const inCornerSquare = x < CORNER_RADIUS_MM && y < CORNER_RADIUS_MM;
        const insideBy = inCornerSquare ? insideArc(px - cx, py - cy, band, seedBand) : Math.min(x, y);
        if (insideBy < band) continue;
        const i = at(px, py);
        if (!isWhitened(face.lab[i]!, face.lab[i + 1]!, face.lab[i + 2]!, border)) continue;
        whitened[yi * n + xi] = 1;
        if (insideBy < seedBand) seeds.push(yi * n + xi);
      }
    }
    const reached = new Uint8Array(n * n);
    for (const seed of seeds) reached[seed] = 1;
    while (seeds.length) {
      const i = seeds.pop()!;
      const xi = i % n;
      const yi = (i - xi) / n;
      distances.push(Math.hypot(vx + (c.sx * xi) / p - apex.x, vy + (c.sy * yi) / p - apex.y));
      for (const j of [xi > 0 ? i - 1 : -1, xi < n - 1 ? i + 1 : -1, yi > 0 ? i - n : -1, yi < n - 1 ? i + n : -1]) {
        if (j >= 0 && whitened[j] && !reached[j]) {
          reached[j] = 1;
          seeds.push(j);
        }
      }
    }
    distances.sort((a, b) => a - b);
    const minPixels = Math.max(4, 0.02 * p * p);
    const whiteningMm = distances.length >= minPixels ? distances[Math.floor(distances.length * 0.98)]! : 0;
    const severityMm = Math.max(whiteningMm, roundingMm);
    const grade = cornerViewGrade(severityMm);
    views.push({ corner: c.name, whiteningMm: round2(whiteningMm), roundingMm: round2(roundingMm), severityMm: round2(severityMm), grade });
    if (grade < 10) {
      const r = Math.max(severityMm, 0.3);
      defects.push({
        face: faceName,
        kind: whiteningMm >= roundingMm ? 'corner_whitening' : 'corner_rounding',
        location: `${c.name} corner`,
        positionMm: { x: round2(apex.x), y: round2(apex.y) },
        boxMm: { x: round2(apex.x - r), y: round2(apex.y - r), w: round2(2 * r), h: round2(2 * r) },
        sizeMm: round2(severityMm),
        impliedGrade: grade,
      });
    }
  }
  return { views, defects, cardNotFound };
}

export interface EdgeView {
  side: Side;
  lengthMm: number;
  /** Severity of this view: stretches deeper than 0.3 mm counted twice. */
  severityMm: number;
}

export function measureEdges(face: LabFace, borders: BorderMeasurement, faceName: Face): { views: EdgeView[]; defects: Defect[] } {
  const { widthMm: w, heightMm: h, pxPerMm: p } = face.face;
  const bg = borders.background;
  const tableDistance = tableDistances(bg);
  const views: EdgeView[] = [];
  const defects: Defect[] = [];
  for (const side of SIDES) {
    const sideBorder = borders.colour[side];
    const plain = borders.uniform[side];
    const innerLimit = Math.min(0.8, Math.max(0.3, (borders.stations[side].find((v) => v !== null) ?? 1) - 0.25));
    const flagged: { along: number; depth: number; kind: 'edge_chip' | 'edge_whitening' }[] = [];
    const band = outlineBandMm(face);
    const sideTable = tableDistance(sideBorder);
    const samples = edgeSamples(face, side, { plain, sideBorder, bg, sideTable, tableDistance, band, innerLimit });
    const visible = samples.filter((s) => s.visible);
    // Material missing is measured against the side's own straight line (a robust fit of the
    // outline), so a side fitted a pixel off or a slightly bowed card is not a chip.
    const fit = robustFitLine(
      (visible.length >= 10 ? visible : samples).map((s) => ({ x: s.along, y: s.outline })),
      Math.max(0.1, 1 / face.face.photoPxPerMm),
    );
    const expected = (along: number) => (Math.abs(fit.b) > 1e-6 ? (fit.c - fit.a * along) / fit.b : 0);
    const chipThreshold = Math.max(0.15, 2 / face.face.photoPxPerMm);
    for (const s of samples) {
      const depth = s.outline - expected(s.along);
      if (s.visible && depth > chipThreshold) flagged.push({ along: s.along, depth, kind: 'edge_chip' });
      else if (s.whitenedDepth > 0) flagged.push({ along: s.along, depth: s.whitenedDepth, kind: 'edge_whitening' });
    }
    const stretches = runs(flagged, 1.5 / p).filter((r) => r.end - r.start >= 0.3);
    let severity = 0;
    for (const s of stretches) {
      const len = s.end - s.start;
      const deep = s.maxDepth > 0.3;
      severity += deep ? 2 * len : len;
      const a = sidePoint(side, w, h, s.start, 0);
      const b = sidePoint(side, w, h, s.end, s.maxDepth);
      defects.push({
        face: faceName,
        kind: s.kind,
        location: `${side} edge`,
        positionMm: { x: round2((a.x + b.x) / 2), y: round2((a.y + b.y) / 2) },
        boxMm: { x: round2(Math.min(a.x, b.x)), y: round2(Math.min(a.y, b.y)), w: round2(Math.abs(b.x - a.x) || 0.3), h: round2(Math.abs(b.y - a.y) || 0.3) },
        sizeMm: round2(len),
        impliedGrade: 10,
      });
    }
    views.push({ side, lengthMm: round2(stretches.reduce((t, s) => t + s.end - s.start, 0)), severityMm: round2(severity) });
  }
  return { views, defects };
}

interface EdgeSample {
  along: number;
  /** Where the card starts, mm inward from the fitted side (0 where the outline cannot be seen). */
  outline: number;
  whitenedDepth: number;
  visible: boolean;
}

/**
 * The outline and the whitening at each step along one side, between the corners. A function of
 * its own so the JIT compiles this loop once for good instead of within the side's measurement.
 */
function edgeSamples(
  face: LabFace,
  side: Side,
  context: { plain: boolean; sideBorder: Lab; bg: Lab; sideTable: (l: number, a: number, b: number) => number; tableDistance: (border: Lab) => (l: number, a: number, b: number) => number; band: number; innerLimit: number },
): EdgeSample[] {
  const { widthMm: w, heightMm: h, pxPerMm: p, marginMm: m } = face.face;
  const { plain, sideBorder, bg, sideTable, tableDistance, band, innerLimit } = context;
  const length = sideLength(side, w, h);
  const samples: EdgeSample[] = [];
  // sidePoint written out: this runs for every pixel of a band along the outline.
  const horizontal = side === 'top' || side === 'bottom';
  const far = side === 'right' || side === 'bottom';
  const across = horizontal ? h : w;
  const lab = face.lab;
  const plainTest = new CardTest(bg, sideBorder, sideTable);
  // Pixels by number (row * width + column), the row and column clamped as `LabFace.offset`
  // does: the part across the side for a depth, to which a step adds the part along it.
  const { width, height } = face.face.raster;
  const acrossPixel = (inward: number) => {
    const acrossPx = ((far ? across - inward : inward) + m) * p;
    return horizontal ? pixelUnder(acrossPx, height) * width : pixelUnder(acrossPx, width);
  };
  // The outline is searched at the same depths at every step: their part is worked out once.
  const depths: number[] = [];
  const acrossPixels: number[] = [];
  for (let d = -0.8; d <= 1; d += 1 / p) {
    depths.push(d);
    acrossPixels.push(acrossPixel(d));
  }
  for (let along = CORNER_RADIUS_MM + 0.5; along <= length - CORNER_RADIUS_MM - 0.5; along += 1 / p) {
    const alongPx = (along + m) * p;
    const alongPixel = horizontal ? pixelUnder(alongPx, width) : pixelUnder(alongPx, height) * width;
    // Full art: the card's colour is the art's colour just inside this point of the edge.
    const border = plain ? sideBorder : patch(face, side, along, LOCAL_COLOUR_MM, 0.2, 0.2);
    // Where the card is the table's colour the outline cannot be seen: no chip is read there.
    const visible = deltaE(border, bg) >= READABLE_DELTA_E;
    const outline = visible ? outlineDepth(face, plain ? plainTest : new CardTest(bg, border, tableDistance(border)), depths, acrossPixels, alongPixel) : 0;
    // Whitening runs in from the edge without a break (light print near the edge does not).
    let whitenedDepth = 0;
    let gap = 0;
    for (let d = Math.max(outline, 0) + band; d <= innerLimit && gap < 2; d += 1 / p) {
      const i = face.pixelOffset(acrossPixel(d) + alongPixel);
      if (isWhitened(lab[i]!, lab[i + 1]!, lab[i + 2]!, border)) {
        whitenedDepth = d;
        gap = 0;
      } else gap += 1;
    }
    samples.push({ along, outline, whitenedDepth, visible });
  }
  return samples;
}

/**
 * The first of `depths` where the card is, on the line of pixels across the side at alongPixel
 * (1 when there is none). A function of its own: the loop over every step's pixels stays small
 * for the JIT, apart from the full-art colour reading around it.
 */
function outlineDepth(face: LabFace, cardTest: CardTest, depths: number[], acrossPixels: number[], alongPixel: number): number {
  const lab = face.lab;
  for (let j = 0; j < depths.length; j += 1) {
    if (cardTest.isCard(lab, face.pixelOffset(acrossPixels[j]! + alongPixel))) return depths[j]!;
  }
  return 1;
}

function runs(points: { along: number; depth: number; kind: 'edge_chip' | 'edge_whitening' }[], gap: number) {
  const out: { start: number; end: number; maxDepth: number; kind: 'edge_chip' | 'edge_whitening' }[] = [];
  for (const pt of points) {
    const last = out[out.length - 1];
    if (last && pt.along - last.end <= gap) {
      last.end = pt.along;
      last.maxDepth = Math.max(last.maxDepth, pt.depth);
      if (pt.kind === 'edge_chip') last.kind = 'edge_chip';
    } else out.push({ start: pt.along, end: pt.along, maxDepth: pt.depth, kind: pt.kind });
  }
  return out;
}

const averageLab = (a: Lab, b: Lab): Lab => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
const round2 = (v: number) => Math.round(v * 100) / 100;
