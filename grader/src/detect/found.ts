/**
 * A card found in a photo and the outline geometry the finder's steps share: the outline in a
 * decoded region's pixels, how far its ratio lies from a card size, a side moved parallel to itself.
 */
import type { GradeRejection } from '@gradelens/shared';
import { plausibleCard, shortestSide, sideOf } from '../geometry/card-corners.ts';
import { cornersOfSides, fitLine, type Point } from '../geometry/homography.ts';
import { CARD_RATIOS, ratioReadings } from '../geometry/aspect.ts';
import { deltaE, medianColour, type Lab } from '../image/color.ts';
import type { OpenedPhoto } from '../image/decode.ts';
import type { PhotoRegion, Raster } from '../image/raster.ts';
import type { FoundCard } from './card-types.ts';
import { labAt, outlineSupport } from './outline-candidates.ts';

/** A quadrilateral's corners, clockwise from the top-left. */
type Quad = [Point, Point, Point, Point];

/**
 * The card found, or why none was. `cutOffSeen`: the colour search saw a card running off the
 * frame, so a card found too small to grade is more likely a detail of that one (the grader
 * then answers card_cut_off, which comes before too_small).
 */
export type CardInPhoto =
  { ok: true; card: FoundCard; region: PhotoRegion; cutOffSeen?: boolean } | { ok: false; rejection: GradeRejection };

/** A card found: what `findCardIn` answers when it finds one. */
export type FoundIn = Extract<CardInPhoto, { ok: true }>;

/** An outline's corners (photo pixels) in the pixels of the region's raster, as the side searches read them. */
export const inRegion = (region: PhotoRegion, corners: Point[]) =>
  corners.map((p) => ({ x: p.x - region.left - 0.5, y: p.y - region.top - 0.5 })) as [Point, Point, Point, Point];

/** How far a width-to-height reading lies from the nearer card size's ratio. */
export const offSize = (ratio: number) =>
  Math.min(Math.abs(ratio - CARD_RATIOS.standard), Math.abs(ratio - CARD_RATIOS.small));
/** An outline whose ratio (with the perspective undone) reads this close to a card size's is the card's. */
export const SIZE_FITS = 0.004;
/** A widened outline must read this close to a card size's ratio... */
export const SIZE_FITS_AFTER = 0.006;
/** ...and this much closer than the outline it widens. */
export const SIZE_GAIN = 0.003;

/** How close the widened outline's ratio with the perspective undone (the reading that holds under a tilt) must come to the standard card's. */
export const PAIR_FITS = 0.005;

/** Colours (CIE deltaE) this close are one border's; this far apart, the print's and the border's. */
export const SAME_BORDER = 12;

/** The median colour `depth` pixels inside side `i` of an outline (outside where negative), over its middle; null where too little of it lies in the raster. */
export function bandColour(raster: Raster, quad: Quad, i: number, depth: number): Lab | null {
  const { a, b, outward } = sideOf(quad, i);
  const seen: Lab[] = [];
  for (const t of [0.2, 0.35, 0.5, 0.65, 0.8]) {
    const lab = labAt(raster, a.x + (b.x - a.x) * t - outward.x * depth, a.y + (b.y - a.y) * t - outward.y * depth);
    if (lab) seen.push(lab);
  }
  return seen.length < 3 ? null : medianColour(seen);
}

/** The outline with side `side` moved `offset` pixels out (in where negative), parallel to itself; null where the sides no longer meet. */
export function movedBy(
  c: [Point, Point, Point, Point],
  side: number,
  offset: number,
): [Point, Point, Point, Point] | null {
  const normal = sideOf(c, side).outward;
  const lines = c.map((p, i) => fitLine([p, c[(i + 1) % 4]!]));
  return cornersOfSides(
    lines.map((line, i) =>
      i === side ? { ...line, c: line.c + offset * (line.a * normal.x + line.b * normal.y) } : line,
    ),
  );
}

/**
 * The outline with side `side` moved parallel to itself, by between `range[0]` and `range[1]`
 * pixels out (negative: in), to where it reads `ratio` with the perspective undone; else null.
 */
export function movedToRatio(
  c: [Point, Point, Point, Point],
  side: number,
  photo: OpenedPhoto,
  ratio: number,
  range: [number, number],
): [Point, Point, Point, Point] | null {
  const reading = (offset: number) => {
    const corners = movedBy(c, side, offset);
    return corners ? ratioReadings(corners, photo)[1] - ratio : NaN;
  };
  let [lo, hi] = range;
  const [fLo, fHi] = [reading(lo), reading(hi)];
  if (!(fLo * fHi <= 0)) return null;
  for (let k = 0; k < 30; k += 1) {
    const mid = (lo + hi) / 2;
    if (reading(mid) * fLo > 0) lo = mid;
    else hi = mid;
  }
  const corners = movedBy(c, side, (lo + hi) / 2);
  return corners && plausibleCard(corners, photo) ? corners : null;
}

/** How much of a found card's outline (or an object's, photo pixels) the preview shows. */
export function outlineShown(photo: OpenedPhoto, card: Pick<FoundCard, 'corners'>): number {
  const scale = photo.preview.width / photo.width;
  return outlineSupport(
    photo.preview,
    card.corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as [Point, Point, Point, Point],
  );
}

/**
 * Whether just inside every side of an outline lies one colour, as a printed border running all
 * round a card does: a side moved in across a black border on a black desk to the printed frame
 * has the frame's colour inside it, the other sides the border's (zoo tuning bad input 149).
 */
export function borderAllRound(region: PhotoRegion, corners: Quad): boolean {
  const inside = coloursInside(region, corners);
  return inside.every((c, i) => c && inside.every((d, j) => j <= i || (d && deltaE(c, d) <= SAME_BORDER)));
}

/**
 * Whether just inside side `side` of an outline lies the colour just inside one of the sides
 * beside it: a printed border running on round a corner, however the light falls across the card
 * (a light grey border reads 15 L* apart on opposite sides under a lamp). A small card's own
 * border with its name box just past it does not.
 */
export function borderGoesRound(region: PhotoRegion, corners: Quad, side: number): boolean {
  const inside = coloursInside(region, corners);
  const own = inside[side];
  if (!own) return false;
  return [side + 1, side + 3].some((i) => {
    const beside = inside[i % 4];
    return beside !== null && beside !== undefined && deltaE(own, beside) <= SAME_BORDER;
  });
}

/** The colour just inside each side of an outline (BORDER_DEPTH_MM in), null where too little of it lies in the region. */
export function coloursInside(region: PhotoRegion, corners: Quad): (Lab | null)[] {
  const quad = inRegion(region, corners);
  const depth = BORDER_DEPTH_MM * (shortestSide(quad) / 63);
  return [0, 1, 2, 3].map((i) => bandColour(region.raster, quad, i, depth));
}

/** How far inside a side (mm) its border's colour is read: past the edge's blur, within the narrowest border. */
const BORDER_DEPTH_MM = 0.6;
