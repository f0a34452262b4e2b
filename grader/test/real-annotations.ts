// The hand annotations of the real photos (fixtures/real/annotations.json): their shape, and
// the corners they imply. Shared by the fixtures' test, the real-photo benchmark and the
// annotation tool.
import { readFileSync } from 'node:fs';
import type { RejectionCode } from '@gradelens/shared';
import {
  applyHomography,
  distance,
  fitLine,
  homographyFrom,
  intersect,
  type Point,
} from '../src/geometry/homography.ts';

export type XY = [number, number];

/** Card sizes in mm, width x height as the card reads: most games' cards, and Yu-Gi-Oh!'s smaller ones. */
export const CARD_SIZES = {
  standard: { widthMm: 63, heightMm: 88 },
  small: { widthMm: 59, heightMm: 86 },
} as const;

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
  /** Whole cards in the photo (cards cut off by its edge, or hidden under others, are not counted). */
  wholeCards: number;
  /**
   * What a finder should answer: the one whole card (other cards only partly in the photo do not
   * change that), that there are several, or for a photo with no whole card the rejection it
   * deserves (card_cut_off, say).
   */
  expected: 'found' | RejectionCode;
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
  const [top, right, bottom, left] = [sides.top, sides.right, sides.bottom, sides.left].map((s) =>
    fitLine(s.map(toPoint)),
  );
  return [intersect(top!, left!), intersect(top!, right!), intersect(bottom!, right!), intersect(bottom!, left!)];
}

export const cornersOf = (card: AnnotatedCard) => card.corners.map(toPoint) as [Point, Point, Point, Point];

/**
 * The largest distance, in mm on the card, between a found corner and the annotated one it
 * matches. Found corners are put on the card's plane through the annotation's own perspective
 * (so a far corner's pixel counts for more mm than a near one's); the finder cannot know which
 * way up a card reads, so every rotation and mirror of its corner order is tried and the best kept.
 */
export function cornerErrorMm(found: [Point, Point, Point, Point], card: AnnotatedCard): number {
  const { widthMm: w, heightMm: h } = CARD_SIZES[card.size];
  const truth = [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ];
  const toCard = homographyFrom(cornersOf(card), truth);
  const onCard = found.map((p) => applyHomography(toCard, p));
  let best = Infinity;
  for (const order of [onCard, [...onCard].reverse()]) {
    for (let shift = 0; shift < 4; shift += 1) {
      const worst = Math.max(...truth.map((t, i) => distance(t, order[(i + shift) % 4]!)));
      best = Math.min(best, worst);
    }
  }
  return best;
}
