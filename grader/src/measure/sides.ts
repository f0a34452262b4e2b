import type { LabFace } from './lab-grid.ts';
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

export const sideLength = (side: Side, widthMm: number, heightMm: number) => (side === 'top' || side === 'bottom' ? widthMm : heightMm);

/** Mean colour of a patch centred on a point given in side coordinates (mm). */
export function patch(face: LabFace, side: Side, alongMm: number, inwardMm: number, halfAlongMm: number, halfInwardMm: number): Lab {
  const { widthMm, heightMm, pxPerMm: p, marginMm: m } = face.face;
  const a = sidePoint(side, widthMm, heightMm, alongMm - halfAlongMm, inwardMm - halfInwardMm);
  const b = sidePoint(side, widthMm, heightMm, alongMm + halfAlongMm, inwardMm + halfInwardMm);
  return face.mean((a.x + m) * p, (a.y + m) * p, (b.x + m) * p, (b.y + m) * p);
}
