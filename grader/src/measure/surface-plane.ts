import { floats } from '../image/scratch.ts';
import type { RectifiedFace } from '../rectify.ts';

/**
 * Lightness of the face at half the rectified resolution (8 px per mm), for the searches of
 * long lines across the card (creases, print lines): their bands are a tenth of a millimetre
 * wide or more and run for centimetres, so a quarter of the pixels serve and cost a quarter.
 * Lightness is CIE L*'s 0..100 scale from the gamma-encoded luma, as the scratch search reads it.
 */
export interface SurfacePlane {
  L: Float32Array;
  w: number;
  h: number;
  /** Pixels per mm of the plane. */
  p: number;
  /** Millimetres on the card of the plane's pixel (x, y) (its centre). */
  toMm(x: number, y: number): { x: number; y: number };
}

const SHRINK = 2;
/** planeNoise reads every this many pixels along and across: a few tens of thousands of samples. */
const NOISE_STEP = 3;
/** The outline's own band, left out of the plane, mm. */
const EDGE_MM = 1;

export function surfacePlane(face: RectifiedFace): SurfacePlane {
  const { raster, pxPerMm, marginMm: m, widthMm, heightMm } = face;
  const x0 = Math.round((EDGE_MM + m) * pxPerMm);
  const y0 = Math.round((EDGE_MM + m) * pxPerMm);
  const x1 = Math.min(raster.width - 1, Math.round((widthMm - EDGE_MM + m) * pxPerMm));
  const y1 = Math.min(raster.height - 1, Math.round((heightMm - EDGE_MM + m) * pxPerMm));
  const w = Math.floor((x1 - x0 + 1) / SHRINK);
  const h = Math.floor((y1 - y0 + 1) / SHRINK);
  const L = halfLightness(raster.data, raster.width, x0, y0, w, h, floats('surface-plane', w * h));
  const toMm = (x: number, y: number) => ({
    x: ((x + 0.5) * SHRINK + x0) / pxPerMm - m,
    y: ((y + 0.5) * SHRINK + y0) / pxPerMm - m,
  });
  return { L, w, h, p: pxPerMm / SHRINK, toMm };
}

/**
 * Lightness of each 2 x 2 block of an RGB raster's window from (x0, y0), `w` x `h` blocks. A
 * block's two pixels in a row are six bytes, read in two loads (as in rectify.ts's warp): a
 * fifth faster than twelve byte loads.
 */
function halfLightness(
  data: Uint8Array,
  stride: number,
  x0: number,
  y0: number,
  w: number,
  h: number,
  out: Float32Array,
): Float32Array {
  const scale = 100 / 255 / 4;
  const below = stride * 3;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let y = 0; y < h; y += 1) {
    let i = ((2 * y + y0) * stride + x0) * 3;
    for (let x = 0, o = y * w; x < w; x += 1, i += 6, o += 1) {
      // R G B R' and G' B' of the upper pair, then of the lower.
      const t0 = view.getUint32(i, true);
      const t1 = view.getUint16(i + 4, true);
      const b0 = view.getUint32(i + below, true);
      const b1 = view.getUint16(i + below + 4, true);
      const r = (t0 & 255) + (t0 >>> 24) + (b0 & 255) + (b0 >>> 24);
      const g = ((t0 >>> 8) & 255) + (t1 & 255) + ((b0 >>> 8) & 255) + (b1 & 255);
      const b = ((t0 >>> 16) & 255) + (t1 >>> 8) + ((b0 >>> 16) & 255) + (b1 >>> 8);
      out[o] = (0.2126 * r + 0.7152 * g + 0.0722 * b) * scale;
    }
  }
  return out;
}

/**
 * The face's own noise, L*: the median, over the plane, of how far a pixel lies from the mean of
 * the two `k` pixels above and below it. Most of a card is print that is flat at this scale, so
 * the median reads the photo's grain (sensor noise, JPEG blocks, sharpening), not the design.
 */
export function planeNoise(plane: SurfacePlane, k: number): number {
  const { L, w, h } = plane;
  const up = k * w;
  const d = new Float64Array(Math.ceil(Math.max(0, h - 2 * k) / NOISE_STEP) * Math.ceil(w / NOISE_STEP));
  let n = 0;
  for (let y = k; y < h - k; y += NOISE_STEP) {
    for (let x = 0, i = y * w; x < w; x += NOISE_STEP, i += NOISE_STEP)
      d[n++] = Math.abs(2 * L[i]! - L[i - up]! - L[i + up]!) / 2;
  }
  const sorted = d.subarray(0, n).sort();
  return n ? sorted[n >> 1]! : 0;
}
