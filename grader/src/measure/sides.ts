import { pixelUnder, type LabFace } from './lab-grid.ts';
import type { Lab } from '../image/color.ts';

export type Side = 'top' | 'right' | 'bottom' | 'left';
export const SIDES: Side[] = ['top', 'right', 'bottom', 'left'];

/** A point on the card in mm, given a side, a distance along it and a depth inward from its edge. */
export function sidePoint(side: Side, widthMm: number, heightMm: number, alongMm: number, inwardMm: number) {
  switch (side) {
    case 'top':
      return { x: alongMm, y: inwardMm };
    case 'right':
      return { x: widthMm - inwardMm, y: alongMm };
    case 'bottom':
      return { x: alongMm, y: heightMm - inwardMm };
    case 'left':
      return { x: inwardMm, y: alongMm };
  }
}

export const sideLength = (side: Side, widthMm: number, heightMm: number) =>
  side === 'top' || side === 'bottom' ? widthMm : heightMm;

/** Mean colour of a patch centred on a point given in side coordinates (mm). */
export function patch(
  face: LabFace,
  side: Side,
  alongMm: number,
  inwardMm: number,
  halfAlongMm: number,
  halfInwardMm: number,
): Lab {
  return patchWithRgb(face, side, alongMm, inwardMm, halfAlongMm, halfInwardMm).lab;
}

export type Rgb = [number, number, number];

/** Mean gamma-encoded RGB over the same patch as `patch`: colours mix linearly here across a blurred edge. */
export function rgbPatch(
  face: LabFace,
  side: Side,
  alongMm: number,
  inwardMm: number,
  halfAlongMm: number,
  halfInwardMm: number,
): Rgb {
  const { widthMm, heightMm, pxPerMm: p, marginMm: m, raster } = face.face;
  const a = sidePoint(side, widthMm, heightMm, alongMm - halfAlongMm, inwardMm - halfInwardMm);
  const b = sidePoint(side, widthMm, heightMm, alongMm + halfAlongMm, inwardMm + halfInwardMm);
  const clampX = (v: number) => pixelUnder(v, raster.width);
  const clampY = (v: number) => pixelUnder(v, raster.height);
  const x0 = clampX((Math.min(a.x, b.x) + m) * p);
  const x1 = clampX((Math.max(a.x, b.x) + m) * p);
  const y0 = clampY((Math.min(a.y, b.y) + m) * p);
  const y1 = clampY((Math.max(a.y, b.y) + m) * p);
  let r = 0;
  let g = 0;
  let bl = 0;
  let n = 0;
  for (let y = y0; y <= y1; y += 1)
    for (let x = x0; x <= x1; x += 1) {
      const i = (y * raster.width + x) * 3;
      r += raster.data[i]!;
      g += raster.data[i + 1]!;
      bl += raster.data[i + 2]!;
      n += 1;
    }
  return [r / n, g / n, bl / n];
}

/** `patch` and `rgbPatch` together, in one pass over the pixels: the border profiles read both at every step. */
export function patchWithRgb(
  face: LabFace,
  side: Side,
  alongMm: number,
  inwardMm: number,
  halfAlongMm: number,
  halfInwardMm: number,
): { lab: Lab; rgb: Rgb } {
  const { widthMm, heightMm, pxPerMm: p, marginMm: m } = face.face;
  const a = sidePoint(side, widthMm, heightMm, alongMm - halfAlongMm, inwardMm - halfInwardMm);
  const b = sidePoint(side, widthMm, heightMm, alongMm + halfAlongMm, inwardMm + halfInwardMm);
  // The same box as rgbPatch's: scaling and offsetting a coordinate keeps which is the smaller.
  return face.meanWithRgb((a.x + m) * p, (a.y + m) * p, (b.x + m) * p, (b.y + m) * p);
}

/**
 * Where a profile of colours crosses half-way from one colour to another, by projecting each
 * onto the line between them (a blurred edge mixes the two linearly, so half-way is the edge).
 * `positions` and `colours` run in step; answers the position, or null when it never crosses.
 * `extend(n)`, when given, makes the arrays at least n long where the profile goes that far.
 */
export function halfWay(
  positions: number[],
  colours: Rgb[],
  from: Rgb,
  to: Rgb,
  startIndex: number,
  extend?: (length: number) => void,
): number | null {
  const d = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
  const dd = d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2;
  if (dd < 1) return null;
  const t = (c: Rgb) => ((c[0] - from[0]) * d[0]! + (c[1] - from[1]) * d[1]! + (c[2] - from[2]) * d[2]!) / dd;
  // A profile read lazily is extended one sample ahead of where the search has got to.
  extend?.(startIndex + 2);
  let j = Math.max(1, Math.min(colours.length - 1, startIndex));
  extend?.(j + 2);
  while (j < colours.length - 1 && t(colours[j]!) < 0.5) {
    j += 1;
    extend?.(j + 2);
  }
  while (j > 1 && t(colours[j - 1]!) >= 0.5) j -= 1;
  const below = t(colours[j - 1]!);
  const above = t(colours[j]!);
  if (!(below < 0.5 && above >= 0.5)) return null;
  return positions[j - 1]! + ((positions[j]! - positions[j - 1]!) * (0.5 - below)) / (above - below);
}
