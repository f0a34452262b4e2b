import type { Lab } from '../image/color.ts';
import type { LabFace } from './lab-grid.ts';
import { patch, SIDES, sideLength } from './sides.ts';

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
