import type { RectifiedFace } from '../rectify.ts';
import { maskScan, nextMarked } from '../image/mask.ts';
import { floats, zeroedBytes } from '../image/scratch.ts';
import { alongLine, degreesFromAxis, medianSideStep, type LightnessPlane, type PlaneLine } from './line-sides.ts';

/** A straight line found on the face, from (x1, y1) to (x2, y2) in mm on the rectified card. */
export interface FoundLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  lengthMm: number;
}

/** Rectangle of the card to search, in mm (the art inside the printed frame, or the whole face). */
export interface SearchArea {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** How much lighter (CIE L*) a pixel must be than the print on both sides of it. */
const LINE_CONTRAST = 9;
/** Half the widest scratch we look for, in mm: lines wider than twice this are print, not scratches. */
const HALF_WIDTH_MM = 0.19;
/**
 * Shorter light strokes are left to the print: at a phone photo's resolution a scratch of a
 * millimetre or two cannot be told from a serif, a hyphen or a glint of foil.
 */
const MIN_LENGTH_MM = 3;
/**
 * ...nor one shorter than this many of the photo's own pixels (3 mm of a 16 px per mm photo): in a
 * 1080p frame (5 to 10 px per mm) a sharpening halo along a printed rule, a light ray of a chrome
 * design or a glint of holo foil runs as many millimetres as a short scratch, and the groove
 * beside a ridge is within a pixel of it, so only a longer stroke is evidence of one.
 */
const MIN_LENGTH_PHOTO_PX = 48;
/** Pixels off the fitted line farther than this mean a curve or a blob, which scratches are not. */
const MAX_OFF_LINE_MM = 0.22;

/** Within this many degrees of the card's sides, a light line is taken for the design's. */
const AXIS_DEG = 2;
/** Where the print either side of a line is read (mm) and the L* step there that makes it an edge of the design. */
const SIDE_MM = 0.6;
const SIDE_STEP = 8;

/** Where the groove's shadow is looked for beside the ridge's middle (mm), how much darker (L*) than the print it must be, and along what share of the line. */
const GROOVE_MM = 0.15;
const GROOVE_CONTRAST = 3;
const GROOVE_SHARE = 0.6;
/**
 * The groove's shadow falls on the side away from the light; the other side is lit, and shows
 * dark along at most this share of the line. A light line dark on both sides is the light gap
 * between two printed strokes (a double outline, the rim of a frame).
 */
const LIT_SIDE_SHARE = 0.4;
/** Print beside a line smoother than this (median L* step, photo grain included) is a flat fill. */
const SMOOTH_PRINT = 0.3;

// Four directions a line can run in (unit steps along it), with the perpendicular to each.
export const DIRECTIONS = [
  { tx: 1, ty: 0 },
  { tx: Math.SQRT1_2, ty: Math.SQRT1_2 },
  { tx: 0, ty: 1 },
  { tx: -Math.SQRT1_2, ty: Math.SQRT1_2 },
];

/** What the search of the art found. */
export interface ArtLines {
  scratches: FoundLine[];
  /**
   * Light strokes that cross the art freely (thin, straight, neither square to the card nor
   * along an edge of the print), scratches or not: how busy the art is with scratch-like strokes.
   */
  strokes: number;
}

/**
 * Scratches inside the artwork: thin lines lighter than the print on both sides and not
 * lighter than it along their own length, long and straight. Printed art changes colour
 * across areas and along edges (an edge is darker on one side only, so it never answers);
 * a sparkle of holo foil or a glare blob is lighter in every direction, so it is not a line.
 */
export function findArtScratches(face: RectifiedFace, area: SearchArea): ArtLines {
  const { raster, pxPerMm: p, marginMm: m } = face;
  const W = raster.width;
  const x0 = Math.max(0, Math.round((area.x0 + m) * p));
  const x1 = Math.min(W - 1, Math.round((area.x1 + m) * p));
  const y0 = Math.max(0, Math.round((area.y0 + m) * p));
  const y1 = Math.min(raster.height - 1, Math.round((area.y1 + m) * p));
  if (x1 - x0 < 10 || y1 - y0 < 10) return { scratches: [], strokes: 0 };
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const lightness = lightnessPlane(raster.data, W, x0, y0, w, h, floats('art-lightness', w * h));
  const k = Math.max(2, Math.round(HALF_WIDTH_MM * p));
  const mask = zeroedBytes('art-mask', w * h);
  const orientation = zeroedBytes('art-orientation', w * h);
  markLinePixels(lightness, w, h, k, mask, orientation);
  const plane = { L: lightness, w, h };
  const minLength = Math.max(MIN_LENGTH_MM, MIN_LENGTH_PHOTO_PX / face.photoPxPerMm) * p;
  const found: FoundLine[] = [];
  let strokes = 0;
  for (const blob of components(mask, w, h)) {
    if (blob.length < minLength * 0.5) continue;
    const line = principalLine(blob, w);
    if (line.length < minLength) continue;
    // Thin and straight: a line of pixels, not a patch; and the pixels agree on one direction.
    if (blob.length / line.length > 2.2 * k || line.maxOff > MAX_OFF_LINE_MM * p) continue;
    const counts = [0, 0, 0, 0];
    for (const i of blob) counts[orientation[i]!]! += 1;
    if (Math.max(...counts) < blob.length * 0.6) continue;
    if (isDesignLine(line, plane, p)) continue;
    strokes += 1;
    if (!hasGroove(line, plane, p) && !(printRoughness(line, plane, p) < SMOOTH_PRINT)) continue;
    const toMm = (px: number, origin: number) => (px + origin) / p - m;
    const ax = toMm(line.ax, x0);
    const ay = toMm(line.ay, y0);
    const bx = toMm(line.bx, x0);
    const by = toMm(line.by, y0);
    found.push({
      x1: ax,
      y1: ay,
      x2: bx,
      y2: by,
      lengthMm: line.length / p,
    });
  }
  return { scratches: found, strokes };
}

/**
 * A light line the design draws: one square to the card (within AXIS_DEG, as the rules, frames
 * and type of a design are and a scratch rarely is: its direction is anyone's), or one along an
 * edge of the print (the light rim of an outline), the print on its two sides differing by
 * SIDE_STEP or more over most of its length.
 */
function isDesignLine(line: PlaneLine, plane: LightnessPlane, p: number): boolean {
  if (degreesFromAxis(line.ax, line.ay, line.bx, line.by) < AXIS_DEG) return true;
  return medianSideStep(plane, line.ax, line.ay, line.bx, line.by, SIDE_MM * p) >= SIDE_STEP;
}

/**
 * How rough the print beside a line is: the median L* difference between points two pixels apart
 * along it, from SIDE_MM / 2 to 2.5 x SIDE_MM either side. Flat print (a fill, a smooth gradient)
 * has none but the photo's grain; art drawn as a picture has texture, and strokes among it.
 */
function printRoughness(line: PlaneLine, plane: LightnessPlane, p: number): number {
  const { length, ux, uy, at } = alongLine(plane, line);
  const steps: number[] = [];
  for (let t = 0; t <= length; t += 1) {
    for (const side of [-1, 1]) {
      for (let d = 0.5 * SIDE_MM * p; d <= 2.5 * SIDE_MM * p; d += 2) {
        const x = line.ax + ux * t - uy * d * side;
        const y = line.ay + uy * t + ux * d * side;
        steps.push(Math.abs(at(x, y) - at(x + ux * 2, y + uy * 2)));
      }
    }
  }
  steps.sort((a, b) => a - b);
  return steps[steps.length >> 1]!;
}

/**
 * A scratch is a cut in the print's gloss: the ridge it throws up catches the light, and beside
 * it the groove lies in shadow, a hairline darker than the print around. A light stroke the art
 * draws has the print right up to it. The groove shows on one side at least, over most of the
 * line. Without it a light line is taken for a scratch only on flat print (printRoughness below
 * SMOOTH_PRINT), where the design draws no strokes.
 */
function hasGroove(line: PlaneLine, plane: LightnessPlane, p: number): boolean {
  const { length, ux, uy, at } = alongLine(plane, line);
  const near = GROOVE_MM * p;
  const far = SIDE_MM * p;
  const grooved = [0, 0];
  let n = 0;
  for (let t = 0; t <= length; t += 1) {
    const x = line.ax + ux * t;
    const y = line.ay + uy * t;
    n += 1;
    for (const side of [0, 1]) {
      const sgn = side ? 1 : -1;
      // The darkest point just beside the ridge against the print farther out on the same side.
      let dark = Infinity;
      for (let d = near * 0.5; d <= near * 1.5; d += 0.5) dark = Math.min(dark, at(x - uy * d * sgn, y + ux * d * sgn));
      if (at(x - uy * far * sgn, y + ux * far * sgn) - dark >= GROOVE_CONTRAST) grooved[side]! += 1;
    }
  }
  return Math.max(...grooved) >= GROOVE_SHARE * n && Math.min(...grooved) <= LIT_SIDE_SHARE * n;
}

/**
 * Marks the pixels that are lighter than the print on both sides of them and not along their
 * length, in one of four directions, with that direction. A function of its own so the JIT
 * compiles this loop once for good instead of within the search around it.
 */
function markLinePixels(
  L: Float32Array,
  w: number,
  h: number,
  k: number,
  mask: Uint8Array,
  orientation: Uint8Array,
): void {
  // Index offsets of the two points across and the two along each direction, k pixels away.
  const offsets = DIRECTIONS.map(({ tx, ty }) => ({
    across: Math.round(-ty * k) + Math.round(tx * k) * w,
    along: Math.round(tx * k) + Math.round(ty * k) * w,
  }));
  // Made int32 here, where the JIT sees it, so that it indexes with integer sums: a third faster.
  const [c0, c1, c2, c3] = offsets.map((o) => o.across | 0) as [number, number, number, number];
  const [g0, g1, g2, g3] = offsets.map((o) => o.along | 0) as [number, number, number, number];
  for (let y = k + 1; y < h - k - 1; y += 1) {
    for (let i = y * w + k + 1, end = y * w + w - k - 1; i < end; i += 1) {
      const c = L[i]!;
      // Cheap test first: a line pixel is lighter than both points across it in some direction.
      const t = c - LINE_CONTRAST;
      if (!(
        (L[i + c0]! < t && L[i - c0]! < t) ||
        (L[i + c2]! < t && L[i - c2]! < t) ||
        (L[i + c1]! < t && L[i - c1]! < t) ||
        (L[i + c3]! < t && L[i - c3]! < t)
      ))
        continue;
      const s0 = lineStrength(L, i, c, c0, g0);
      const s1 = lineStrength(L, i, c, c1, g1);
      const s2 = lineStrength(L, i, c, c2, g2);
      const s3 = lineStrength(L, i, c, c3, g3);
      const best = Math.max(s0, s1, s2, s3);
      if (best > 0) {
        mask[i] = 1;
        orientation[i] = best === s0 ? 0 : best === s1 ? 1 : best === s2 ? 2 : 3;
      }
    }
  }
}

/** Across the line: both sides darker. Along it: not darker (it is the line itself). */
function lineStrength(L: Float32Array, i: number, c: number, ac: number, al: number): number {
  const a = c - Math.max(L[i + ac]!, L[i - ac]!);
  if (a <= LINE_CONTRAST) return 0;
  return c - Math.max(L[i + al]!, L[i - al]!) > a * 0.5 ? 0 : a;
}

/**
 * Lightness of a window of an RGB raster on CIE L*'s 0..100 scale, from the gamma-encoded
 * luma: within a few units of L* over the range scratches show in, at a fraction of the cost.
 */
function lightnessPlane(
  data: Uint8Array,
  stride: number,
  x0: number,
  y0: number,
  w: number,
  h: number,
  out: Float32Array,
): Float32Array {
  for (let y = 0; y < h; y += 1) {
    let i = ((y + y0) * stride + x0) * 3;
    for (let x = 0, o = y * w; x < w; x += 1, i += 3, o += 1) {
      out[o] = (0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) * (100 / 255);
    }
  }
  return out;
}

export function components(mask: Uint8Array, w: number, h: number): number[][] {
  const seen = zeroedBytes('components-seen', mask.length);
  const scan = maskScan(mask);
  const out: number[][] = [];
  for (let start = nextMarked(scan, 0); start < mask.length; start = nextMarked(scan, start + 1)) {
    if (seen[start]) continue;
    const pixels: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      pixels.push(i);
      const x = i % w;
      const y = (i / w) | 0;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const j = ny * w + nx;
          if (mask[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
    }
    out.push(pixels);
  }
  return out;
}

/** The pixels' principal axis: its two ends, its length, how far any pixel strays from it, their centre and elongation. */
export function principalLine(pixels: number[], w: number) {
  let sx = 0;
  let sy = 0;
  for (const i of pixels) {
    sx += i % w;
    sy += (i / w) | 0;
  }
  const mx = sx / pixels.length;
  const my = sy / pixels.length;
  let xx = 0;
  let xy = 0;
  let yy = 0;
  for (const i of pixels) {
    const dx = (i % w) - mx;
    const dy = ((i / w) | 0) - my;
    xx += dx * dx;
    xy += dx * dy;
    yy += dy * dy;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  let lo = Infinity;
  let hi = -Infinity;
  let maxOff = 0;
  let alongSq = 0;
  let acrossSq = 0;
  for (const i of pixels) {
    const dx = (i % w) - mx;
    const dy = ((i / w) | 0) - my;
    const t = dx * ux + dy * uy;
    const off = -dx * uy + dy * ux;
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
    maxOff = Math.max(maxOff, Math.abs(off));
    alongSq += t * t;
    acrossSq += off * off;
  }
  return {
    ax: mx + lo * ux,
    ay: my + lo * uy,
    bx: mx + hi * ux,
    by: my + hi * uy,
    length: hi - lo + 1,
    maxOff,
    centre: { x: mx, y: my },
    direction: { x: ux, y: uy },
    // How many times longer than wide, by the spreads along and across the axis (Infinity for a row of pixels).
    elongation: Math.sqrt(alongSq / acrossSq),
  };
}
