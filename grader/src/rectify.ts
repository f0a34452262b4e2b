import { homographyFrom, type Point } from './geometry/homography.ts';
import type { PhotoRegion, Raster } from './image/raster.ts';

/** Rectified faces are sampled at this many pixels per millimetre (docs/grading.md: at least 12). */
export const RECTIFIED_PX_PER_MM = 16;
/** Background kept around the card so its outline and corners can be measured. */
export const MARGIN_MM = 1.5;

export interface RectifiedFace {
  raster: Raster;
  widthMm: number;
  heightMm: number;
  pxPerMm: number;
  marginMm: number;
  /** Resolution of the photo it came from: sets how wide the outline's blur band is. */
  photoPxPerMm: number;
}

/** Maps card millimetres (0,0 at the top-left virtual corner) to rectified pixel coordinates. */
export const mmToPx = (face: RectifiedFace, xMm: number, yMm: number) => ({
  x: (xMm + face.marginMm) * face.pxPerMm,
  y: (yMm + face.marginMm) * face.pxPerMm,
});

/**
 * Warps the card's quadrilateral (corners in photo pixels) onto a millimetre grid, from the
 * full-resolution pixels of the region of the photo around it.
 */
export function rectify(
  region: PhotoRegion,
  corners: [Point, Point, Point, Point],
  size: { widthMm: number; heightMm: number },
  fill: [number, number, number],
  photoPxPerMm: number,
): RectifiedFace {
  const p = RECTIFIED_PX_PER_MM;
  const m = MARGIN_MM;
  const width = Math.round((size.widthMm + 2 * m) * p);
  const height = Math.round((size.heightMm + 2 * m) * p);
  const toPhoto = homographyFrom(
    [
      { x: 0, y: 0 },
      { x: size.widthMm, y: 0 },
      { x: size.widthMm, y: size.heightMm },
      { x: 0, y: size.heightMm },
    ],
    corners.map((c) => ({ x: c.x - region.left, y: c.y - region.top })),
  );
  const photo = region.raster;
  const data = new Uint8Array(width * height * 3);
  warp(photo, toPhoto, width, height, p, m, fill, data);
  return {
    raster: { data, width, height, channels: 3 },
    widthMm: size.widthMm,
    heightMm: size.heightMm,
    pxPerMm: p,
    marginMm: m,
    photoPxPerMm,
  };
}

/**
 * A quadrilateral of a raster (corners TL, TR, BR, BL in its pixels) warped onto an upright
 * width x height raster: a holder seen at an angle, looked at square on. Outside the raster: black.
 */
export function warpQuad(raster: Raster, corners: [Point, Point, Point, Point], width: number, height: number): Raster {
  const toSource = homographyFrom(
    [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ],
    corners,
  );
  const data = new Uint8Array(width * height * 3);
  warp(raster, toSource, width, height, 1, 0, [0, 0, 0], data);
  return { data, width, height, channels: 3 };
}

/** Fixed-point bits of a sample position: the bilinear weights are whole numbers out of 256. */
const FRACTION = 256;
/** The exact homography is evaluated every this many pixels along a row, linearly between. */
const SPAN = 8;

/**
 * The homography and a bilinear sample, written out for speed: this runs for every pixel of
 * the rectified face (1.5 million at 16 px per mm) and allocates nothing. Over a span of 8
 * pixels the perspective divide is linear to within a thousandth of a pixel, so it is done at
 * the span's ends only. Each pixel reads its four neighbours in two loads per photo row (six
 * bytes: two RGB pixels) and weighs them in whole numbers; the result is within one level of
 * the floating-point sample.
 */
function warp(
  photo: Raster,
  h: number[],
  width: number,
  height: number,
  p: number,
  m: number,
  fill: [number, number, number],
  data: Uint8Array,
): void {
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const src = photo.data;
  const view = new DataView(src.buffer, src.byteOffset, src.byteLength);
  const stride = photo.width * 3;
  // Both neighbours along x and y must lie inside the photo.
  const maxX = photo.width - 1;
  const maxY = photo.height - 1;
  const [f0, f1, f2] = fill;
  const dxMm = 1 / p;
  for (let y = 0; y < height; y += 1) {
    const yMm = (y + 0.5) / p - m;
    const xMm0 = 0.5 / p - m;
    let nx = h0 * xMm0 + h1 * yMm + h2;
    let ny = h3 * xMm0 + h4 * yMm + h5;
    let nz = h6 * xMm0 + h7 * yMm + h8;
    // Pixel i spans [i, i + 1) in the photo with its centre at i + 0.5.
    let sx0 = nx / nz - 0.5;
    let sy0 = ny / nz - 0.5;
    for (let x0 = 0; x0 < width; x0 += SPAN) {
      const n = Math.min(SPAN, width - x0);
      nx += h0 * dxMm * n;
      ny += h3 * dxMm * n;
      nz += h6 * dxMm * n;
      const sx1 = nx / nz - 0.5;
      const sy1 = ny / nz - 0.5;
      const stepX = (sx1 - sx0) / n;
      const stepY = (sy1 - sy0) / n;
      let sx = sx0;
      let sy = sy0;
      for (let k = 0, i = (y * width + x0) * 3; k < n; k += 1, i += 3, sx += stepX, sy += stepY) {
        if (!(sx >= 0 && sy >= 0 && sx < maxX && sy < maxY)) {
          data[i] = f0;
          data[i + 1] = f1;
          data[i + 2] = f2;
          continue;
        }
        const fxi = (sx * FRACTION) | 0;
        const fyi = (sy * FRACTION) | 0;
        const fx = fxi & (FRACTION - 1);
        const fy = fyi & (FRACTION - 1);
        const a = (fyi >> 8) * stride + (fxi >> 8) * 3;
        const c = a + stride;
        const w11 = fx * fy;
        const w01 = fx * FRACTION - w11;
        const w10 = fy * FRACTION - w11;
        const w00 = FRACTION * FRACTION - w01 - w10 - w11;
        // R G B R' of the upper pair, then G' B'; the same for the lower pair.
        const t0 = view.getUint32(a, true);
        const t1 = view.getUint16(a + 4, true);
        const b0 = view.getUint32(c, true);
        const b1 = view.getUint16(c + 4, true);
        data[i] = ((t0 & 255) * w00 + (t0 >>> 24) * w01 + (b0 & 255) * w10 + (b0 >>> 24) * w11 + 32768) >> 16;
        data[i + 1] =
          (((t0 >>> 8) & 255) * w00 + (t1 & 255) * w01 + ((b0 >>> 8) & 255) * w10 + (b1 & 255) * w11 + 32768) >> 16;
        data[i + 2] =
          (((t0 >>> 16) & 255) * w00 + (t1 >>> 8) * w01 + ((b0 >>> 16) & 255) * w10 + (b1 >>> 8) * w11 + 32768) >> 16;
      }
      sx0 = sx1;
      sy0 = sy1;
    }
  }
}
