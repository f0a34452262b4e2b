import { labOfPixel, type Lab } from '../image/color.ts';
import { floats, zeroedBytes } from '../image/scratch.ts';
import type { RectifiedFace } from '../rectify.ts';

/** The rectified face in CIELAB, computed once and shared by every measurement. */
export interface LabFace {
  face: RectifiedFace;
  at(x: number, y: number): Lab;
  /**
   * Offset in `lab` of the pixel under (x, y), converted if it was not yet: for loops over many
   * pixels, which read the three values there instead of allocating a colour each.
   */
  offset(x: number, y: number): number;
  /** `offset` of pixel number k (row * width + column), for loops that work out rows and columns once. */
  pixelOffset(k: number): number;
  /** L*, a*, b* per pixel; valid only at offsets `offset` has answered. */
  lab: Float32Array;
  /** Mean Lab over a small axis-aligned box of pixels (clamped to the image). */
  mean(x0: number, y0: number, x1: number, y1: number): Lab;
  /** `mean` and the mean gamma-encoded RGB of the same box, in one pass over its pixels. */
  meanWithRgb(x0: number, y0: number, x1: number, y1: number): { lab: Lab; rgb: [number, number, number] };
}

/**
 * The column (or row) of the pixel under coordinate u, on a side `size` pixels long, clamped
 * to the image: how `offset` finds its pixel, for loops that work out columns and rows once.
 * Pixel i spans [i, i + 1) with its centre at i + 0.5, so it is floor(u); rounding instead
 * would read half a pixel off, which biases every border width.
 */
export const pixelUnder = (u: number, size: number) => Math.max(0, Math.min(size - 1, Math.floor(u)));

export function labFace(face: RectifiedFace): LabFace {
  const { width, height, data } = face.raster;
  // Converted on first use: the measurements read the borders, corners and edges, rarely the art.
  // A flag per pixel says which are converted (filling 4.6 million floats with NaN to say the
  // same cost more than the conversions themselves).
  // Kept between faces and gradings (scratch.ts): a face's measurements finish before the next begins.
  const lab = floats('lab', width * height * 3);
  const done = zeroedBytes('lab-done', width * height);
  const clampX = (x: number) => pixelUnder(x, width);
  const clampY = (y: number) => pixelUnder(y, height);
  // By pixel number k (offset 3k): indexing the flags by i / 3 made a float of every index.
  const pixelOffset = (k: number) => {
    if (!done[k]) {
      labOfPixel(data, 3 * k, lab);
      done[k] = 1;
    }
    return 3 * k;
  };
  const offset = (x: number, y: number) => pixelOffset(clampY(y) * width + clampX(x));
  const meanWithRgb = (x0: number, y0: number, x1: number, y1: number): { lab: Lab; rgb: [number, number, number] } => {
    const xa = clampX(Math.min(x0, x1));
    const xb = clampX(Math.max(x0, x1));
    const ya = clampY(Math.min(y0, y1));
    const yb = clampY(Math.max(y0, y1));
    let l = 0;
    let a = 0;
    let b = 0;
    let r = 0;
    let g = 0;
    let bl = 0;
    let n = 0;
    for (let y = ya; y <= yb; y += 1)
      for (let k = y * width + xa, end = y * width + xb; k <= end; k += 1) {
        const i = 3 * k;
        if (!done[k]) {
          labOfPixel(data, i, lab);
          done[k] = 1;
        }
        l += lab[i]!;
        a += lab[i + 1]!;
        b += lab[i + 2]!;
        r += data[i]!;
        g += data[i + 1]!;
        bl += data[i + 2]!;
        n += 1;
      }
    return { lab: [l / n, a / n, b / n], rgb: [r / n, g / n, bl / n] };
  };
  return {
    face,
    lab,
    offset,
    pixelOffset,
    at(x, y) {
      const i = offset(x, y);
      return [lab[i]!, lab[i + 1]!, lab[i + 2]!];
    },
    // The RGB sums beside it cost little next to the conversions, and one loop serves both.
    mean: (x0, y0, x1, y1) => meanWithRgb(x0, y0, x1, y1).lab,
    meanWithRgb,
  };
}
