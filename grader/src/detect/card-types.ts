import type { GradeRejection } from '@gradelens/shared';
import type { Point } from '../geometry/homography.ts';
import type { Lab } from '../image/color.ts';

export interface FoundCard {
  /** Virtual corners (intersections of the fitted sides) in photo pixels: TL, TR, BR, BL; top is a short side. */
  corners: [Point, Point, Point, Point];
  background: Lab;
  /** Median 10-90% rise of the card's outline across its sides, in photo pixels: how sharp the photo is (NaN: no step clear enough to time). */
  edgeRisePx: number;
  /** Found inside a sleeve, top loader or slab: graded through its plastic. */
  throughHolder?: boolean;
  /**
   * The side (0 top, 1 right, 2 bottom, 3 left, as the corners run) whose edge did not show
   * against the table: placed where the card's known size puts it, so its border's width (the
   * face's centering) is not measured.
   */
  inferredSide?: number;
}

export type Detection = { ok: true; card: FoundCard } | { ok: false; rejection: GradeRejection };

/** A card whose sides were fitted, and how many of them were (the others kept the rough outline's). */
export type Refined = { ok: true; card: FoundCard; sidesFitted: number } | { ok: false; rejection: GradeRejection };

/** The card found in the preview: its rough corners in photo pixels and the table's colour. */
export interface LocatedCard {
  coarse: [Point, Point, Point, Point];
  background: Lab;
  /** How far the table's own colour varies (wood grain, cloth): a step must rise above it. */
  backgroundSpread: number;
  /** Found inside a holder's outline (a sleeve, top loader or slab). */
  inHolder?: boolean;
  /**
   * How far (photo pixels) the card's edge may lie from the rough outline, when the outline is
   * known more precisely than the preview shows it: the side search reads no further, and so
   * never reaches a holder's edges around the card.
   */
  reachPx?: number;
}

/**
 * A refusal may carry where the card-sized objects it saw lie (their centres, photo pixels): for
 * multiple_cards, so that another search can tell one card split in two from several cards.
 */
export type Location =
  { ok: true; card: LocatedCard } | { ok: false; rejection: GradeRejection; objects?: ObjectSeen[] };

/** An object the colour search told apart from the table, and whether it could be a whole card. */
export interface ObjectSeen {
  centre: Point;
  cardLike: boolean;
  /** Its coarse four corners, photo pixels. */
  corners: [Point, Point, Point, Point];
}
