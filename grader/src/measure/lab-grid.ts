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
  /** L*, a*, b* per pixel; valid only at offsets `offset` has answered. */
  lab: Float32Array;
  /** Mean Lab over a small axis-aligned box of pixels (clamped to the image). */
  mean(x0: number, y0: number, x1: number, y1: number): Lab;
}

export function labFace(face: RectifiedFace): LabFace {
  const { width, height, data } = face.raster;
  // Converted on first use: the measurements read the borders, corners and edges, rarely the art.
  // A flag per pixel says which are converted (filling 4.6 million floats with NaN to say the
  // same cost more than the conversions themselves).
  // Kept between faces and gradings (scratch.ts): a face's measurements finish before the next begins.
  const lab = floats('lab', width * height * 3);
  const done = zeroedBytes('lab-done', width * height);
  const ensure = (i: number) => {
    const k = i / 3;
    if (!done[k]) {
      labOfPixel(data, i, lab);
      done[k] = 1;
    }
  };
  // Pixel i spans [i, i + 1) with its centre at i + 0.5: the pixel for a coordinate u is
  // floor(u). Rounding instead would read half a pixel off, which biases every border width.
  const clampX = (x: number) => Math.max(0, Math.min(width - 1, Math.floor(x)));
  const clampY = (y: number) => Math.max(0, Math.min(height - 1, Math.floor(y)));
  const offset = (x: number, y: number) => {
    const i = (clampY(y) * width + clampX(x)) * 3;
    ensure(i);
    return i;
  };
  return {
    face,
    lab,
    offset,
    at(x, y) {
      const i = offset(x, y);
      return [lab[i]!, lab[i + 1]!, lab[i + 2]!];
    },
    mean(x0, y0, x1, y1) {
      const xa = clampX(Math.min(x0, x1));
      const xb = clampX(Math.max(x0, x1));
      const ya = clampY(Math.min(y0, y1));
      const yb = clampY(Math.max(y0, y1));
      let l = 0;
      let a = 0;
      let b = 0;
      let n = 0;
      for (let y = ya; y <= yb; y += 1)
        for (let x = xa; x <= xb; x += 1) {
          const i = (y * width + x) * 3;
          ensure(i);
          l += lab[i]!;
          a += lab[i + 1]!;
          b += lab[i + 2]!;
          n += 1;
        }
      return [l / n, a / n, b / n];
    },
  };
}

