import { applyHomography, homographyFrom, type Point } from './geometry/homography.ts';
import { sampleBilinear, type Raster } from './image/raster.ts';

/** Rectified faces are sampled at this many pixels per millimetre (GRADING.md: at least 12). */
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

/** Warps the card's quadrilateral onto a millimetre grid, from the full-resolution photo. */
export function rectify(
  photo: Raster,
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
    corners,
  );
  const data = new Uint8Array(width * height * 3);
  const sample = new Float32Array(3);
  for (let y = 0; y < height; y += 1) {
    const yMm = (y + 0.5) / p - m;
    for (let x = 0; x < width; x += 1) {
      const src = applyHomography(toPhoto, { x: (x + 0.5) / p - m, y: yMm });
      const i = (y * width + x) * 3;
      if (sampleBilinear(photo, src.x - 0.5, src.y - 0.5, sample)) {
        data[i] = sample[0]!;
        data[i + 1] = sample[1]!;
        data[i + 2] = sample[2]!;
      } else {
        data[i] = fill[0];
        data[i + 1] = fill[1];
        data[i + 2] = fill[2];
      }
    }
  }
  return { raster: { data, width, height, channels: 3 }, widthMm: size.widthMm, heightMm: size.heightMm, pxPerMm: p, marginMm: m, photoPxPerMm };
}
