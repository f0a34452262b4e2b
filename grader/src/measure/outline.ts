import { deltaE, type Lab } from '../image/color.ts';
import type { LabFace } from './lab-grid.ts';

/**
 * What the corner and edge measurements both read at the card's outline: which pixels are the
 * card's and which of those are exposed stock, how wide the outline's blur is, and the corners'
 * arcs, where the edges end.
 */

export const CORNER_RADIUS_MM = 3;

/**
 * Whether a pixel is what lies beyond the card's outline (the table, its shadow, a sleeve or a
 * holder), given that colour read right beside it and the card's own colour just inside: nearer
 * the outside colour than the card's, and within half their difference of it. Pixels mixed
 * across a blurred outline change sides half-way; exposed white stock, a foil's glint or a
 * holder's highlight, unlike both, are not the outside (so they are never read as card missing).
 */
export class OutsideTest {
  private readonly limit: number;

  constructor(
    private readonly outside: Lab,
    private readonly card: Lab,
  ) {
    this.limit = deltaE(outside, card) / 2;
  }

  /** Whether the pixel at offset i of `lab` is the outside's. */
  isOutside(lab: Float32Array, i: number): boolean {
    const l = lab[i]!;
    const a = lab[i + 1]!;
    const b = lab[i + 2]!;
    const fromOutside = Math.sqrt((l - this.outside[0]) ** 2 + (a - this.outside[1]) ** 2 + (b - this.outside[2]) ** 2);
    return fromOutside < this.limit && fromOutside < Math.sqrt((l - this.card[0]) ** 2 + (a - this.card[1]) ** 2 + (b - this.card[2]) ** 2);
  }
}

/** Exposed card stock: near-white, unsaturated, and clearly unlike the printed border. */
export const isWhitened = (l: number, a: number, b: number, border: Lab) =>
  l > Math.max(78, border[0] + 6) && Math.sqrt(a * a + b * b) < 14 && Math.sqrt((l - border[0]) ** 2 + (a - border[1]) ** 2 + (b - border[2]) ** 2) > 15;

/** The outline's blur in the photo: pixels this close to it are a mix of card and background. */
export const outlineBandMm = (face: LabFace) => Math.max(0.12, 1.6 / face.face.photoPxPerMm);
/** Below this colour difference card and background cannot be told apart: wear there is not read. */
export const READABLE_DELTA_E = 12;