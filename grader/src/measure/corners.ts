import type { Defect, Face } from '@gradelens/shared';
import { chroma, deltaE, medianColour, shadeOf, type Lab } from '../image/color.ts';
import { median } from '../geometry/median.ts';
import { principalLine } from './art-scratches.ts';
import { cornerViewGrade } from '../rubric.ts';
import { borderReadAlong, type BorderMeasurement } from './centering.ts';
import type { LabFace } from './lab-grid.ts';
import {
  CardTest,
  CORNER_RADIUS_MM,
  isWhitened,
  outlineBandMm,
  medianLab,
  OutsideTest,
  READABLE_DELTA_E,
  RIM_HALF_MM,
  rimDepthMm,
  STOCK_MAX_CHROMA,
  tableDistances,
} from './outline.ts';
import { patch, type Side } from './sides.ts';

/** The card's colour beside a corner is read at these distances along each side from the virtual corner... */
const BESIDE_MM = [7, 10, 13];
/** ...and this far in from the outline, clear of its blur. */
const INSIDE_MM = 0.6;
/** What lies beyond the corner is read this far out from the virtual corner on both axes. */
const OUTSIDE_MM = 0.8;
/** A patch of whitening covers at least this many of the photo's own pixels (2 by 2: not a speck). */
const MIN_WHITENED_PHOTO_PIXELS = 4;
/**
 * Exposed stock at a corner is at least this light (CIE L): lower than along the edges (78),
 * because a corner is where a phone's shadow or the light's falloff dims a face first, and the
 * patch is told from the border by its size and its link to the corner's arc as well.
 */
const CORNER_STOCK_MIN_L = 60;
/**
 * A border this light and grey (CIE L, chroma) leaves exposed stock no lighter by the usual test
 * (isWhitened asks for 6 L and 15 ΔE more): on it, worn fibre is only a few ΔE off the border,
 * sometimes darker (the broken coating's shadow rings it), but rough where the ink is smooth.
 */
const LIGHT_BORDER_L = 80;
const LIGHT_BORDER_CHROMA = 12;
/** On a grey border (not light) with a table this much darker (CIE L) beyond the corner... */
const GREY_TABLE_DARKER_L = 20;
/** ...whitened: a grey pixel this much lighter than the border (CIE L). */
const GREY_WEAR_LIGHTER_L = 8;
/** On a light border, whitened: a colour, averaged over 3 x 3 pixels, at least this far (ΔE) from the table's and the rim's. */
const LIGHT_WEAR_OFF_DE = 3;
/**
 * ...and rougher (the spread of L over 3 x 3 pixels, averaged over 3 x 3) than the border around
 * the corner (its median spread) by this many times and this much: a holder's haze and the
 * light's falloff are as smooth as the ink, fibre is not.
 */
const LIGHT_WEAR_ROUGHER_TIMES = 2.5;
const LIGHT_WEAR_ROUGHER_L = 0.5;
/** A patch of it counts by its pixels no darker than the border by more than this (CIE L)... */
const LIGHT_WEAR_DARKER_L = 10;
/** ...and no rougher than this (a line's or a rim's edge is; spread of L over 3 x 3), half the patch at least. */
const LIGHT_WEAR_ROUGHEST = 8;
/** Below this many photo pixels per mm (docs/grading.md: fine wear may not show) it is not read. */
export const LIGHT_WEAR_MIN_PX_PER_MM = 12;

const CORNERS = [
  { name: 'top-left', sides: ['top', 'left'] as Side[], sx: 1, sy: 1, vx: 0, vy: 0 },
  { name: 'top-right', sides: ['top', 'right'] as Side[], sx: -1, sy: 1, vx: 1, vy: 0 },
  { name: 'bottom-right', sides: ['bottom', 'right'] as Side[], sx: -1, sy: -1, vx: 1, vy: 1 },
  { name: 'bottom-left', sides: ['bottom', 'left'] as Side[], sx: 1, sy: -1, vx: 0, vy: 1 },
];

/**
 * How far inside the corner's arc a point lies (given from the arc's centre), for comparing with
 * `band` and `seedBand`: the arc's radius less its Math.hypot. Math.hypot is slow; the square root
 * of the sum of squares is within 1e-14 of it here, so on the same side of both limits unless
 * within 1e-9 of one, where the hypot decides.
 */
function insideArc(dx: number, dy: number, radius: number, band: number, seedBand: number): number {
  const near = radius - Math.sqrt(dx * dx + dy * dy);
  if (Math.abs(near - band) > 1e-9 && Math.abs(near - seedBand) > 1e-9) return near;
  return radius - Math.hypot(dx, dy);
}

export interface CornerView {
  corner: string;
  whiteningMm: number;
  roundingMm: number;
  severityMm: number;
  grade: number;
  /**
   * False where rounding was not assessed: the outline could not be told from what lies beyond it,
   * or the printed border was not read along a side beside the corner.
   */
  outlineAssessed: boolean;
  /**
   * Why whitening was not read at a corner with a light border (white or light grey), where exposed
   * stock shows only as a roughness: the card seen through a holder's plastic, a card the colour of
   * what lies beyond its corner, or a photo too coarse to resolve the roughness. Absent where read.
   */
  whiteningUnread?: 'holder' | 'background' | 'resolution';
}

/**
 * Corner views, their defects, and how many corners showed no card at all within the 5 mm
 * searched in from the virtual corner: a torn-off corner, or (on two corners or more) an outline
 * that detection put where the card is not.
 */
export function measureCorners(
  face: LabFace,
  borders: BorderMeasurement,
  faceName: Face,
  throughHolder = false,
): { views: CornerView[]; defects: Defect[]; cardNotFound: number } {
  const { widthMm: w, heightMm: h, pxPerMm: p, marginMm: m } = face.face;
  const views: CornerView[] = [];
  const defects: Defect[] = [];
  const tableDistance = tableDistances(borders.background);
  let cardNotFound = 0;
  for (const c of CORNERS) {
    const vx = c.vx * w;
    const vy = c.vy * h;
    // The ideal 3 mm arc's centre and apex, where its bisector meets it: rounding is read against it.
    const idealCx = vx + c.sx * CORNER_RADIUS_MM;
    const idealCy = vy + c.sy * CORNER_RADIUS_MM;
    const idealApex = {
      x: idealCx - (c.sx * CORNER_RADIUS_MM) / Math.SQRT2,
      y: idealCy - (c.sy * CORNER_RADIUS_MM) / Math.SQRT2,
    };
    const card = cardColoursBeside(face, c.sides, c.vx, c.vy);
    const outside = outsideCorner(face, vx - c.sx * OUTSIDE_MM, vy - c.sy * OUTSIDE_MM);
    const at = (x: number, y: number) => face.offset((x + m) * p, (y + m) * p);
    const outsideTests = card.map((colour) => new OutsideTest(outside, colour));
    const isCard = (i: number) => outsideTests.some((t) => !t.isOutside(face.lab, i));
    // Where the card is the colour of what lies beyond its corner the outline cannot be seen:
    // rounding is not read (nothing is taken off for it), whitening still is.
    const outlineVisible = card.every((colour) => deltaE(colour, outside) >= READABLE_DELTA_E);
    // Whitening is exposed stock against the lightest of the card's colours beside the corner,
    // its rim at the outline included (a thin light rim around art is print, not wear).
    const rims = rimColoursBeside(face, c.sides, c.vx, c.vy);
    const border = lightest([...card, ...rims]);

    // Rounding or a ding: how far inside the ideal arc the outline starts, along the bisector.
    const { depths } = raysIn(isCard, (d, dx, dy) => at(idealApex.x + dx * d, idealApex.y + dy * d), c.sx, c.sy, p);
    // A corner with no card at all is told against the face's own table colour and border: an
    // outline put beyond the card reads the table (or the card's shadow) beside the corner too.
    const faceBorder =
      borders.uniform[c.sides[0]!] && borders.uniform[c.sides[1]!]
        ? averageLab(borders.colour[c.sides[0]!], borders.colour[c.sides[1]!])
        : face.mean((idealCx - 0.5 + m) * p, (idealCy - 0.5 + m) * p, (idealCx + 0.5 + m) * p, (idealCy + 0.5 + m) * p);
    const faceTest = new CardTest(borders.background, faceBorder, tableDistance(faceBorder));
    const missing = raysIn(
      (i) => faceTest.isCard(face.lab, i),
      (d, dx, dy) => at(idealApex.x + dx * d, idealApex.y + dy * d),
      c.sx,
      c.sy,
      p,
    );
    if (tellsCardFromTable(faceBorder, borders.background) && missing.withoutCard >= 2) cardNotFound += 1;
    // Less than a pixel and a half of the photo is within its blur and resampling: not rounding.
    const resolution = 1.5 / face.face.photoPxPerMm;
    // Where the printed border was not read along a side beside the corner (art to the edge, or
    // an outline lying off the card), art or the table at the corner sets the outline in as
    // rounding does, as it makes chips along a side (measure/edges.ts): rounding is not read there.
    const roundingAssessed = outlineVisible && c.sides.every((side) => borderReadAlong(borders, side));
    // The outline's sides are fitted over the whole card: beside a corner the card's own edge may
    // lie a little inside them (a lens's bow, a side fitted on the card's shadow), and the arc
    // then reads set in along the bisector though it is cut as round as ever (sidesInset).
    // Rounding is what the corner is set in beyond its own sides.
    const inset = roundingAssessed ? sidesInset(isCard, at, vx, vy, c.sx, c.sy, p) : 0;
    const roundingMm = roundingAssessed ? Math.max(0, depths.sort((a, b) => a - b)[1]! - inset - resolution) : 0;

    // Whitening is read around the corner's own arc: cards are cut with radii from about 2 to
    // 3.2 mm, and wear centred where a tighter arc meets the diagonal would be read from a point
    // inside it (and the card between the two arcs left out).
    const radius = outlineVisible
      ? arcRadius(face, isCard, (d, dx, dy) => at(vx + dx * d, vy + dy * d), c.sx, c.sy, outlineBandMm(face) / 2)
      : CORNER_RADIUS_MM;
    const cx = vx + c.sx * radius;
    const cy = vy + c.sy * radius;
    const apex = { x: cx - (c.sx * radius) / Math.SQRT2, y: cy - (c.sy * radius) / Math.SQRT2 };
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
    // Where whitening may be read (inside the outline's blur, within the border's bands), by pixel's Lab offset + 1.
    const readable = new Int32Array(n * n);
    const seeds: number[] = [];
    const photoPixel = p / face.face.photoPxPerMm;
    // Not through a holder (its plastic's haze, its rim and its white insert lie where fibre
    // would), nor where the card is not told from what lies beyond its corner (an outline found
    // on the card's shadow or a holder's rim may then hold the card's own rough arc), nor below
    // LIGHT_WEAR_MIN_PX_PER_MM, where the photo no longer resolves its mottle.
    const light = border[0] >= LIGHT_BORDER_L && chroma(border) < LIGHT_BORDER_CHROMA;
    const whiteningUnread = !light
      ? undefined
      : throughHolder
        ? ('holder' as const)
        : !outlineVisible
          ? ('background' as const)
          : face.face.photoPxPerMm < LIGHT_WEAR_MIN_PX_PER_MM
            ? ('resolution' as const)
            : undefined;
    const lightBorder = light && !whiteningUnread;
    // A printed grey border (read along both sides) on a darker table: exposed stock is the
    // lightest thing at the corner, if only a little lighter than the border in a dim photo, and
    // the table cannot pass for it. Not on art to the edge, whose own light strokes it would take.
    const greyOnDark =
      !throughHolder &&
      roundingAssessed &&
      chroma(border) < LIGHT_BORDER_CHROMA &&
      border[0] < LIGHT_BORDER_L &&
      outside[0] < border[0] - GREY_TABLE_DARKER_L;
    // Where whitening may begin (next to the arc), by window index.
    const nearArc = new Uint8Array(n * n);
    for (let yi = 0; yi < n; yi += 1) {
      for (let xi = 0; xi < n; xi += 1) {
        const x = xi / p;
        const y = yi / p;
        if (x > bandX && y > bandY) continue;
        const px = vx + c.sx * x;
        const py = vy + c.sy * y;
        const inCornerSquare = x < radius && y < radius;
        const insideBy = inCornerSquare ? insideArc(px - cx, py - cy, radius, band, seedBand) : Math.min(x, y);
        if (insideBy < band) continue;
        const i = at(px, py);
        readable[yi * n + xi] = i + 1;
        // Whitening wears in from the corner's arc: a light patch touching only the straight
        // side past it (a glint or a light fleck in art near the edge) is not the corner's.
        if (insideBy < seedBand && inCornerSquare) nearArc[yi * n + xi] = 1;
        if (lightBorder) continue;
        const l = face.lab[i]!;
        const stock = greyOnDark
          ? l > border[0] + GREY_WEAR_LIGHTER_L && Math.hypot(face.lab[i + 1]!, face.lab[i + 2]!) < STOCK_MAX_CHROMA
          : isWhitened(l, face.lab[i + 1]!, face.lab[i + 2]!, border, CORNER_STOCK_MIN_L);
        if (!stock) continue;
        whitened[yi * n + xi] = 1;
        if (nearArc[yi * n + xi]) seeds.push(yi * n + xi);
      }
    }
    // On a light border, the texture of the border around this corner: what worn fibre is rougher than.
    const texture = lightBorder ? localTexture(readable, face.lab, n) : undefined;
    const borderTexture = texture ? readableMedian(texture, readable) : 0;
    if (texture)
      markLightWear(whitened, seeds, nearArc, readable, face.lab, [outside, ...rims], n, texture, borderTexture);
    // A patch of whitening covers a few of the photo's own pixels each way: specks of one or two
    // along the outline (its anti-aliased rim, a glint) are not read as wear.
    const minPixels = Math.max(4, 0.02 * p * p, MIN_WHITENED_PHOTO_PIXELS * photoPixel * photoPixel);
    // A light band that runs on along a side to the end of the window read (5 mm from the
    // virtual corner) is the side's (its edge worn all along, or the table between a side fitted
    // off the card and the card), not wear the corner can be told by: not read as the corner's.
    const runsOnTo = n - 1 - Math.ceil(0.3 * p);
    const runsOn = (pixels: number[]) => pixels.some((i) => i % n >= runsOnTo || Math.floor(i / n) >= runsOnTo);
    for (const grown of whitenedPatches(whitened, seeds, n)) {
      // A light strip along a side (a frame's rim, a worn edge) joined to the corner's patch is
      // the side's: taken out, what stays at the corner is read; a patch still running on is not.
      const patchPixels = runsOn(grown) ? largestWithoutStrips(grown, seeds, n, runsOnTo, p) : grown;
      if (patchPixels.length < minPixels) continue;
      if (runsOn(patchPixels)) continue;
      if (printedLine(patchPixels, n, p, radius)) continue;
      // On a light border the patch is its fibre-like pixels, not grown: the texture, read over
      // 3 x 3 pixels and averaged over 3 x 3 again, reaches two pixels past the fibre, so the
      // fibre's edge lies one pixel inside the patch's.
      const measured = texture
        ? fibrePixels(patchPixels, texture, readable, face.lab, border[0])
        : grownHalfWay(patchPixels, readable, face.lab, border, n, Math.ceil(photoPixel));
      if (measured.length < minPixels) continue;
      const reach = texture ? 1 / p : 0;
      for (const i of measured) {
        const xi = i % n;
        const yi = (i - xi) / n;
        const d = Math.hypot(vx + (c.sx * xi) / p - apex.x, vy + (c.sy * yi) / p - apex.y);
        distances.push(Math.max(0, d - reach));
      }
    }
    distances.sort((a, b) => a - b);
    const whiteningMm = distances.length ? distances[Math.floor(distances.length * 0.98)]! : 0;
    const severityMm = Math.max(whiteningMm, roundingMm);
    const grade = cornerViewGrade(severityMm);
    views.push({
      corner: c.name,
      whiteningMm: round2(whiteningMm),
      roundingMm: round2(roundingMm),
      severityMm: round2(severityMm),
      grade,
      outlineAssessed: roundingAssessed,
      ...(whiteningUnread ? { whiteningUnread } : {}),
    });
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

/**
 * The card's own colours just inside its outline on the two sides beside a corner, read clear of
 * the corner's arc and of whitening around it (the widest is about 3 mm from the corner): what
 * a corner is judged against, whatever the border is (white, black, a frame, art to the edge).
 */
function cardColoursBeside(face: LabFace, sides: Side[], vx: number, vy: number): [Lab, Lab] {
  const { widthMm: w, heightMm: h } = face.face;
  const [across, down] = sides as [Side, Side];
  // The median of a few readings along the side: a corner torn off past the first still has the card's colour.
  const beside = (side: Side, fromStart: boolean, length: number) =>
    medianLab(BESIDE_MM.map((along) => patch(face, side, fromStart ? along : length - along, INSIDE_MM, 1, 0.25)));
  return [beside(across, vx === 0, w), beside(down, vy === 0, h)];
}

/**
 * The card's colours at its very rim on the two sides beside a corner, just clear of the
 * outline's blur: a light rim around art or a frame is the card's own print.
 */
function rimColoursBeside(face: LabFace, sides: Side[], vx: number, vy: number): [Lab, Lab] {
  const { widthMm: w, heightMm: h } = face.face;
  const [across, down] = sides as [Side, Side];
  const depth = rimDepthMm(face);
  const beside = (side: Side, fromStart: boolean, length: number) =>
    medianLab(
      BESIDE_MM.map((along) =>
        patch(face, side, fromStart ? along : length - along, depth + RIM_HALF_MM, 1, RIM_HALF_MM),
      ),
    );
  return [beside(across, vx === 0, w), beside(down, vy === 0, h)];
}

/**
 * Whitening on a light border (marked in `whitened`, seeds next to the arc added to `seeds`):
 * pixels rougher than the border around the corner (the spread of L over 3 x 3 pixels, averaged
 * over the 3 x 3 around each, LIGHT_WEAR_ROUGHER_TIMES the border's median and
 * LIGHT_WEAR_ROUGHER_L more), whose colour, averaged over the same box, lies off the colours of
 * `others` (the table beyond the corner, the card's rim).
 */
function markLightWear(
  whitened: Uint8Array,
  seeds: number[],
  nearArc: Uint8Array,
  readable: Int32Array,
  lab: Float32Array,
  others: Lab[],
  n: number,
  texture: Float32Array,
  borderTexture: number,
): void {
  const least = Math.max(LIGHT_WEAR_ROUGHER_TIMES * borderTexture, borderTexture + LIGHT_WEAR_ROUGHER_L);
  for (let yi = 1; yi < n - 1; yi += 1) {
    for (let xi = 1; xi < n - 1; xi += 1) {
      const j = yi * n + xi;
      if (!readable[j]) continue;
      let rough = 0;
      let count = 0;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          if (!readable[j + dy * n + dx]) continue;
          rough += texture[j + dy * n + dx]!;
          count += 1;
        }
      // The box lies wholly on the card's readable pixels: at the arc it would mix in the table.
      if (count < 9 || rough / 9 < least) continue;
      // Its colour is read only where it is rough: most of a corner's border is not.
      const mean: Lab = [0, 0, 0];
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const k = readable[j + dy * n + dx]! - 1;
          mean[0] += lab[k]!;
          mean[1] += lab[k + 1]!;
          mean[2] += lab[k + 2]!;
        }
      mean[0] /= 9;
      mean[1] /= 9;
      mean[2] /= 9;
      if (others.some((colour) => deltaE(mean, colour) < LIGHT_WEAR_OFF_DE)) continue;
      whitened[j] = 1;
      if (nearArc[j]) seeds.push(j);
    }
  }
}

/**
 * The pixels of a rough patch on a light border that read as worn fibre: about as light as the
 * border (no more than LIGHT_WEAR_DARKER_L darker) and rough as a mottle is, not as the edge of a
 * dark line, the table or a holder's rim is (spread under LIGHT_WEAR_ROUGHEST). None where half
 * the patch does not: such a patch is a line or a rim, whatever lies beside it.
 */
function fibrePixels(
  patchPixels: number[],
  texture: Float32Array,
  readable: Int32Array,
  lab: Float32Array,
  borderL: number,
): number[] {
  const fibre = patchPixels.filter(
    (i) => texture[i]! <= LIGHT_WEAR_ROUGHEST && lab[readable[i]! - 1]! >= borderL - LIGHT_WEAR_DARKER_L,
  );
  return 2 * fibre.length >= patchPixels.length ? fibre : [];
}

/**
 * The spread (standard deviation of CIE L) over each readable pixel's 3 x 3 readable neighbours,
 * by window index (0 where not readable): the ink of a border is smooth, exposed fibre rough.
 */
function localTexture(readable: Int32Array, lab: Float32Array, n: number): Float32Array {
  const texture = new Float32Array(n * n);
  for (let yi = 1; yi < n - 1; yi += 1) {
    for (let xi = 1; xi < n - 1; xi += 1) {
      const j = yi * n + xi;
      if (!readable[j]) continue;
      let sum = 0;
      let sumSq = 0;
      let count = 0;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const k = readable[j + dy * n + dx]! - 1;
          if (k < 0) continue;
          const l = lab[k]!;
          sum += l;
          sumSq += l * l;
          count += 1;
        }
      const mean = sum / count;
      texture[j] = Math.sqrt(Math.max(0, sumSq / count - mean * mean));
    }
  }
  return texture;
}

/** The median of `values` over the readable pixels (0 where none is). */
function readableMedian(values: Float32Array, readable: Int32Array): number {
  const picked: number[] = [];
  for (let j = 0; j < values.length; j += 1) if (readable[j]) picked.push(values[j]!);
  return picked.length ? median(picked) : 0;
}

/** A patch longer than this many times its width (the square root of its principal variances' ratio) is a line... */
const LINE_ELONGATION = 5;
/** ...and a printed one where it runs within this cosine of the radius from the arc's centre (across the corner). */
const ACROSS_COSINE = 0.4;

/**
 * Whether a light patch at a corner is a line, not wear: far longer than wide, and running across
 * the corner (toward the arc's centre: a holo or etched line, a ray of the art meeting the edge)
 * or on past the arc along a straight side (a sleeve's edge, a rim). Worn fibre spreads in from
 * the arc as a blob (zoo tuning, worn corners: 1.8 to 3 times as long as wide; the false patches
 * on clean full-art and sleeved corners 6 to 200). A hairline worn along the arc itself bends with
 * it and stays within the corner's square: it is kept. `radius` is the corner's arc, mm; pixels
 * index an n x n window from the virtual corner at `p` per mm.
 */
function printedLine(pixels: number[], n: number, p: number, radius: number): boolean {
  if (pixels.length < 3) return false;
  const axis = principalLine(pixels, n);
  if (!(axis.elongation > LINE_ELONGATION)) return false;
  const [rx, ry] = [axis.centre.x / p - radius, axis.centre.y / p - radius];
  const across = Math.abs(axis.direction.x * rx + axis.direction.y * ry) / (Math.hypot(rx, ry) || 1) > ACROSS_COSINE;
  const pastTheArc = pixels.some((i) => (i % n) / p > radius || Math.floor(i / n) / p > radius);
  return across || pastTheArc;
}

/** A light strip running on along a side is at most this deep (mm): thicker, it is the table or a worn side, not a line. */
const SIDE_STRIP_MAX_MM = 0.6;
/**
 * ...and lies at least this far in from the outline (mm): a printed line inside the border. One
 * from the outline itself is a holder's rim or insert, or the table beside a side fitted off the card.
 */
const SIDE_STRIP_CLEAR_MM = 0.5;

/**
 * A patch that runs on along a side to the end of the window, less the strip it runs on by: the
 * depths (from that side) the patch holds at the window's end, a pixel either way, taken out
 * along the whole window. What stays connected to the arc's seeds is returned, its largest piece;
 * the patch unchanged where a strip is deeper than SIDE_STRIP_MAX_MM.
 */
function largestWithoutStrips(patch: number[], seeds: number[], n: number, runsOnTo: number, p: number): number[] {
  const kept = new Uint8Array(n * n);
  for (const i of patch) kept[i] = 1;
  for (const along of ['x', 'y'] as const) {
    const alongOf = (i: number) => (along === 'x' ? i % n : Math.floor(i / n));
    const depthOf = (i: number) => (along === 'x' ? Math.floor(i / n) : i % n);
    const tail = patch.filter((i) => alongOf(i) >= runsOnTo).map(depthOf);
    if (!tail.length) continue;
    const [low, high] = [Math.min(...tail) - 1, Math.max(...tail) + 1];
    if ((high - low - 1) / p > SIDE_STRIP_MAX_MM || (low + 1) / p < SIDE_STRIP_CLEAR_MM) return patch;
    for (const i of patch) if (depthOf(i) >= low && depthOf(i) <= high) kept[i] = 0;
  }
  const pieces = whitenedPatches(
    kept,
    seeds.filter((i) => kept[i]),
    n,
  );
  return pieces.reduce((a, b) => (b.length > a.length ? b : a), [] as number[]);
}

/** The whitened pixels connected to each seed (indexes into the n x n grid), one list per patch. */
function whitenedPatches(whitened: Uint8Array, seeds: number[], n: number): number[][] {
  const reached = new Uint8Array(n * n);
  const patches: number[][] = [];
  for (const seed of seeds) {
    if (reached[seed]) continue;
    reached[seed] = 1;
    const patchPixels: number[] = [];
    const stack = [seed];
    while (stack.length) {
      const i = stack.pop()!;
      patchPixels.push(i);
      for (const j of neighbours(i, n)) {
        if (j >= 0 && whitened[j] && !reached[j]) {
          reached[j] = 1;
          stack.push(j);
        }
      }
    }
    patches.push(patchPixels);
  }
  return patches;
}

/**
 * A patch of whitening grown out to where its blurred rim is half-way from the border's colour
 * to the exposed stock's (the patch's own median colour), up to `reach` pixels: the test that
 * marks whitening asks for a pixel nearly all stock (light and grey enough), which the photo's
 * blur leaves only well inside the worn area, so the patch read by it alone falls short of the
 * wear by about half the blur. The half-way crossing is where an edge lies (as halfWay reads the
 * border's inner edge for centering).
 */
function grownHalfWay(
  patch: number[],
  readable: Int32Array,
  lab: Float32Array,
  border: Lab,
  n: number,
  reach: number,
): number[] {
  const stock = medianColour(
    patch.map((i): Lab => {
      const k = readable[i]! - 1;
      return [lab[k]!, lab[k + 1]!, lab[k + 2]!];
    }),
  );
  const d = [stock[0] - border[0], stock[1] - border[1], stock[2] - border[2]];
  const dd = d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2;
  if (dd < 1) return patch;
  const towardStock = (k: number) =>
    ((lab[k]! - border[0]) * d[0]! + (lab[k + 1]! - border[1]) * d[1]! + (lab[k + 2]! - border[2]) * d[2]!) / dd;
  const inPatch = new Uint8Array(n * n);
  for (const i of patch) inPatch[i] = 1;
  const grown = [...patch];
  let ring = patch;
  for (let step = 0; step < reach && ring.length; step += 1) {
    const next: number[] = [];
    for (const i of ring) {
      for (const j of neighbours(i, n)) {
        if (j < 0 || inPatch[j] || !readable[j] || towardStock(readable[j]! - 1) < 0.5) continue;
        inPatch[j] = 1;
        next.push(j);
      }
    }
    grown.push(...next);
    ring = next;
  }
  return grown;
}

/** The 4-neighbours of pixel i of an n x n window, -1 where off it. */
const neighbours = (i: number, n: number) => {
  const xi = i % n;
  return [xi > 0 ? i - 1 : -1, xi < n - 1 ? i + 1 : -1, i - n, i + n < n * n ? i + n : -1];
};

const lightest = (colours: Lab[]): Lab => colours.reduce((a, b) => (b[0] > a[0] ? b : a));

/**
 * Three rays in from a corner's apex, along its bisector and 8 degrees each side: how far each
 * goes (up to 5 mm) before it meets the card, and how many meet none.
 */
function raysIn(
  isCard: (i: number) => boolean,
  at: (d: number, dx: number, dy: number) => number,
  sx: number,
  sy: number,
  p: number,
): { depths: number[]; withoutCard: number } {
  const depths: number[] = [];
  let withoutCard = 0;
  for (const angle of [-0.14, 0, 0.14]) {
    const dx = sx * Math.cos(Math.PI / 4 + angle);
    const dy = sy * Math.sin(Math.PI / 4 + angle);
    let depth = 0;
    let found = false;
    for (let d = 0; d < 5; d += 1 / p) {
      depth = d;
      if (isCard(at(d, dx, dy))) {
        found = true;
        break;
      }
    }
    depths.push(depth);
    if (!found) withoutCard += 1;
  }
  return { depths, withoutCard };
}

/** Where the sides beside a corner are read (mm from the virtual corner along each): past the arc of a corner worn to 6 mm. */
const INSET_AT_MM = [6, 7, 8, 9];
/** The deepest a side's own edge is taken to lie inside the fitted side (mm): deeper is wear or a chip. */
const MAX_INSET_MM = 0.5;

/**
 * How far a corner's arc is set in along its bisector by the card's own edge lying inside the
 * fitted sides beside it (mm): on each side the middle of the depths at INSET_AT_MM before the
 * card is met, less a raster pixel (none where over MAX_INSET_MM); the two summed over √2 (an arc
 * moved in by d along one side meets the bisector d / √2 further in).
 */
function sidesInset(
  isCard: (i: number) => boolean,
  at: (x: number, y: number) => number,
  vx: number,
  vy: number,
  sx: number,
  sy: number,
  p: number,
): number {
  const sideDepth = (along: (t: number) => { x: number; y: number }, inward: { x: number; y: number }) => {
    const depths = INSET_AT_MM.map((t) => {
      const o = along(t);
      for (let d = 0; d <= MAX_INSET_MM + 0.3; d += 1 / p)
        if (isCard(at(o.x + inward.x * d, o.y + inward.y * d))) return d;
      return Infinity;
    }).sort((a, b) => a - b);
    return (depths[1]! + depths[2]!) / 2;
  };
  // Along the top or bottom side (moving in y), and along the left or right side (moving in x).
  const horizontal = sideDepth((t) => ({ x: vx + sx * t, y: vy }), { x: 0, y: sy });
  const vertical = sideDepth((t) => ({ x: vx, y: vy + sy * t }), { x: sx, y: 0 });
  // A raster pixel is the reading's own quantum (the far sides' edges fall a pixel in): past it only.
  const within = (d: number) => (d > MAX_INSET_MM ? 0 : Math.max(0, d - 1 / p));
  return (within(horizontal) + within(vertical)) / Math.SQRT2;
}

/** Tightest corner arc read: below it the outline found is a ding or a misplaced outline, not a cut. */
const MIN_ARC_MM = 1.8;
/** Most the three rays' radii may differ by on one arc. */
const ARC_SPREAD_MM = 0.5;
/** How far in the card must hold along a ray for its outline to be read there. */
const ARC_RUN_MM = 0.3;

/**
 * The radius of a corner's own arc, from where the outline crosses its bisector and the rays 8
 * degrees each side (the median of the three): a ray at angle phi from a side meets an arc of
 * radius R touching both sides R (cos phi + sin phi - sqrt((cos phi + sin phi)^2 - 1)) in from
 * the virtual corner. The outline is the sharpest colour step along the ray (the card's shadow on
 * the table darkens gradually towards it), taken only where the card holds for ARC_RUN_MM past
 * it. At most CORNER_RADIUS_MM: a corner rounder than the ideal arc is
 * rounding, read against that arc, and whitening as light as the table beyond it shows no step
 * at the outline, so such corners keep the ideal arc.
 */
function arcRadius(
  face: LabFace,
  isCard: (i: number) => boolean,
  at: (d: number, dx: number, dy: number) => number,
  sx: number,
  sy: number,
  blurMm: number,
): number {
  const step = 1 / (2 * face.face.pxPerMm);
  const span = Math.max(step, blurMm);
  const radii: number[] = [];
  for (const angle of [-0.14, 0, 0.14]) {
    const cos = Math.cos(Math.PI / 4 + angle);
    const sin = Math.sin(Math.PI / 4 + angle);
    const k = cos + sin - Math.sqrt((cos + sin) ** 2 - 1);
    const colour = (d: number): Lab => {
      const i = at(d, sx * cos, sy * sin);
      return [face.lab[i]!, face.lab[i + 1]!, face.lab[i + 2]!];
    };
    const strengths: number[] = [];
    for (let d = span; d <= CORNER_RADIUS_MM * k; d += step) strengths.push(deltaE(colour(d - span), colour(d + span)));
    // A step sharper than the span reads as strong across the span's width: its middle is the outline.
    const peak = strengths.indexOf(Math.max(...strengths));
    const best = strengths[peak] ?? 0;
    let first = peak;
    let last = peak;
    while (first > 0 && strengths[first - 1]! >= 0.9 * best) first -= 1;
    while (last < strengths.length - 1 && strengths[last + 1]! >= 0.9 * best) last += 1;
    const where = span + ((first + last) / 2) * step;
    let holds = best >= READABLE_DELTA_E;
    for (let e = span; holds && e <= span + ARC_RUN_MM; e += step) holds = isCard(at(where + e, sx * cos, sy * sin));
    radii.push(holds ? where / k : CORNER_RADIUS_MM);
  }
  // A cut arc reads alike on all three rays and no tighter than MIN_ARC_MM; steps in art to the
  // edge, a holder's rim or a misplaced outline do not: the ideal arc is kept then.
  radii.sort((a, b) => a - b);
  if (radii[1]! < MIN_ARC_MM || radii[2]! - radii[0]! > ARC_SPREAD_MM) return CORNER_RADIUS_MM;
  return Math.min(CORNER_RADIUS_MM, radii[1]!);
}

/**
 * Whether a corner's border can be told from the table well enough to say the card is missing
 * there: far enough from it in colour, and not a light shade of it (a light grey border on white
 * paper reads as the paper in a shadow, and the card would be called missing at every corner).
 * A dark border that is a shade of a dark cloth still counts: the search this check guards
 * against puts the outline on the card's shadow beside such a border.
 */
function tellsCardFromTable(border: Lab, table: Lab): boolean {
  return deltaE(border, table) >= READABLE_DELTA_E && !(border[0] > LIGHT_SHADE_L && shadeOf(border, table));
}

/** Above this CIE L a border that is a shade of the table is a light grey on white, not a dark border on dark cloth. */
const LIGHT_SHADE_L = 50;

const averageLab = (a: Lab, b: Lab): Lab => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];

/**
 * What lies beyond a corner (table, shadow, sleeve or holder), read in a square 0.8 mm across
 * around a point in mm: inside the 1.5 mm margin rectification keeps around the card.
 */
function outsideCorner(face: LabFace, x: number, y: number): Lab {
  const { pxPerMm: p, marginMm: m } = face.face;
  const half = 0.4;
  return face.mean((x - half + m) * p, (y - half + m) * p, (x + half + m) * p, (y + half + m) * p);
}

const round2 = (v: number) => Math.round(v * 100) / 100;
