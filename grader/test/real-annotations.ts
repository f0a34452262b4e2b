// The hand annotations of the real photos (fixtures/real/annotations.json): their shape, and
// the corners they imply. Shared by the fixtures' test, the real-photo benchmark and the
// annotation tool.
import { readFileSync } from 'node:fs';
import { fitLine, intersect, type Point } from '../src/geometry/homography.ts';

export type XY = [number, number];

/** Card sizes in mm, width x height as the card reads. */
export const CARD_SIZES = { standard: { widthMm: 63, heightMm: 88 } } as const;

export interface AnnotatedCard {
  size: keyof typeof CARD_SIZES;
  /**
   * Points on each straight side of the card as it reads (top is the short side above the
   * title), placed on the outline well away from the rounded corners.
   */
  sides: { top: XY[]; right: XY[]; bottom: XY[]; left: XY[] };
  /** Virtual corners where the side lines meet: top-left, top-right, bottom-right, bottom-left. */
  corners: [XY, XY, XY, XY];
  note?: string;
}

export interface AnnotatedPhoto {
  file: string;
  width: number;
  height: number;
  /** Whole cards in the photo. */
  wholeCards: number;
  /** What a finder should answer: the one card, or that there are several. */
  expected: 'found' | 'multiple_cards';
  cards: AnnotatedCard[];
  note?: string;
}

export interface Annotations {
  convention: string;
  photos: AnnotatedPhoto[];
}

export function readAnnotations(path: string): Annotations {
  return JSON.parse(readFileSync(path, 'utf8')) as Annotations;
}

const toPoint = ([x, y]: XY): Point => ({ x, y });

/** The corners where the lines fitted to the side points meet: TL, TR, BR, BL. */
export function cornersFromSides(sides: AnnotatedCard['sides']): [Point, Point, Point, Point] {
  const [top, right, bottom, left] = [sides.top, sides.right, sides.bottom, sides.left].map((s) => fitLine(s.map(toPoint)));
  return [intersect(top!, left!), intersect(top!, right!), intersect(bottom!, right!), intersect(bottom!, left!)];
}

export const cornersOf = (card: AnnotatedCard) => card.corners.map(toPoint) as [Point, Point, Point, Point];
