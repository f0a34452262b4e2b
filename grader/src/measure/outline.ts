import { backgroundDistanceLab, deltaE, shadeOf, type Lab } from '../image/color.ts';
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
  /** Half the two colours' difference, squared: distances are compared squared, per pixel. */
  private readonly limit2: number;

  constructor(
    private readonly outside: Lab,
    private readonly card: Lab,
  ) {
    this.limit2 = (deltaE(outside, card) / 2) ** 2;
  }

  /** Whether the pixel at offset i of `lab` is the outside's. */
  isOutside(lab: Float32Array, i: number): boolean {
    const l = lab[i]!;
    const a = lab[i + 1]!;
    const b = lab[i + 2]!;
    const fromOutside2 = (l - this.outside[0]) ** 2 + (a - this.outside[1]) ** 2 + (b - this.outside[2]) ** 2;
    return (
      fromOutside2 < this.limit2 &&
      fromOutside2 < (l - this.card[0]) ** 2 + (a - this.card[1]) ** 2 + (b - this.card[2]) ** 2
    );
  }
}

/**
 * Whether a pixel is the card's, against the face's one table colour (for telling a corner with
 * no card at all, where the outline was put beyond the card): nearer the border's colour than
 * the background's (where it lies between the background (0) and the border (1), mixed outline
 * pixels falling between, or well off that line) and not the table in the card's shadow: farther
 * from the table's shades than half the border itself is. A grey border is near some shade of
 * white paper (a cool grey of L* 80 within 7 of one, though 17 from the paper): its own pixels
 * would read as shadow against half its plain distance. What depends only on the two colours is
 * worked out once per border colour, not per pixel.
 */
export class CardTest {
  private readonly bg0: number;
  private readonly bg1: number;
  private readonly bg2: number;
  private readonly d0: number;
  private readonly d1: number;
  private readonly d2: number;
  private readonly dd: number;
  private readonly tableLimit: number;
  private readonly fromTable: (l: number, a: number, b: number) => number;

  constructor(bg: Lab, border: Lab, fromTable: (l: number, a: number, b: number) => number) {
    this.bg0 = bg[0];
    this.bg1 = bg[1];
    this.bg2 = bg[2];
    this.d0 = border[0] - bg[0];
    this.d1 = border[1] - bg[1];
    this.d2 = border[2] - bg[2];
    this.dd = this.d0 ** 2 + this.d1 ** 2 + this.d2 ** 2 || 1;
    this.tableLimit = Math.min(8, fromTable(border[0], border[1], border[2]) / 2);
    this.fromTable = fromTable;
  }

  /** Whether the pixel at offset i of `lab` is the card's. */
  isCard(lab: Float32Array, i: number): boolean {
    const l = lab[i]!;
    const a = lab[i + 1]!;
    const b = lab[i + 2]!;
    return this.mixedTowardsBorder(l, a, b) && this.fromTable(l, a, b) > this.tableLimit;
  }

  private mixedTowardsBorder(l: number, a: number, b: number): boolean {
    const { d0, d1, d2 } = this;
    const v0 = l - this.bg0;
    const v1 = a - this.bg1;
    const v2 = b - this.bg2;
    const t = (v0 * d0 + v1 * d1 + v2 * d2) / this.dd;
    if (t > 0.5) return true;
    const tc = Math.max(0, Math.min(1, t));
    // Farther than 12 from the line, compared squared: the square root of x exceeds 12 exactly
    // when x exceeds 144 (12 and 144 are exact, and sqrt rounds correctly and never decreases).
    return (v0 - tc * d0) ** 2 + (v1 - tc * d1) ** 2 + (v2 - tc * d2) ** 2 > 144;
  }
}

/** How light (CIE L) exposed card stock is at least, where nothing blurs it with the print. */
export const STOCK_MIN_L = 78;

/** Exposed card stock is grey: its chroma (a*b*) is under this. */
export const STOCK_MAX_CHROMA = 14;

/** Exposed card stock: light (CIE L above `minL`), unsaturated, and clearly unlike the printed border. */
export const isWhitened = (l: number, a: number, b: number, border: Lab, minL = STOCK_MIN_L) =>
  l > Math.max(minL, border[0] + 6) &&
  Math.sqrt(a * a + b * b) < STOCK_MAX_CHROMA &&
  Math.sqrt((l - border[0]) ** 2 + (a - border[1]) ** 2 + (b - border[2]) ** 2) > 15;

/** The outline's blur in the photo: pixels this close to it are a mix of card and background. */
export const outlineBandMm = (face: LabFace) => Math.max(0.12, 1.6 / face.face.photoPxPerMm);
/** Half the depth of the strip read as the card's rim, its colour at the very edge. */
export const RIM_HALF_MM = 0.1;
/** Where the card's rim is read from: just clear of the outline's blur. */
export const rimDepthMm = (face: LabFace) => outlineBandMm(face);
/**
 * Distance to the table that sees through the card's shadow on it, as deep as the card's own
 * colour allows: a border that is itself a darker shade of the table (grey on white paper)
 * leaves only light shadows to see through.
 */
export function tableDistances(bg: Lab): (border: Lab) => (l: number, a: number, b: number) => number {
  const deep = backgroundDistanceLab(bg, 0.15);
  const light = backgroundDistanceLab(bg, 0.4);
  return (border) => (shadeOf(border, bg) ? light : deep);
}

/** Below this colour difference card and background cannot be told apart: wear there is not read. */
export const READABLE_DELTA_E = 12;

/** Per-channel median of some colours. */
export function medianLab(colours: Lab[]): Lab {
  const mid = (k: 0 | 1 | 2) => colours.map((c) => c[k]).sort((a, b) => a - b)[Math.floor(colours.length / 2)]!;
  return [mid(0), mid(1), mid(2)];
}
