import { CARD_RATIOS, ratioReadings, rectangleAspect, surelyFits } from '../geometry/aspect.ts';
import { shortestSide } from '../geometry/card-corners.ts';
import { distance, type Point } from '../geometry/homography.ts';
import { quantile } from '../geometry/median.ts';
import type { Raster } from '../image/raster.ts';
import type { Location } from './card-types.ts';
import {
  centroid,
  containsPoint,
  interiorShare,
  stepAcross,
  ringContrast,
  outlineCandidates,
  sideGaps,
  type OutlineCandidate,
} from './outline-candidates.ts';
import { finderRejection } from './rejections.ts';

/** Below this share of its outline showing, a quadrilateral is print or table texture, not a card. */
export const MIN_SUPPORT = 0.55;
/**
 * Of the outlines of one object, those showing less of their length than the best one by more
 * than this are left out of the search for the outermost: where the straight sides of a table's
 * lines, a holder's rim and the card meet, they make large card-shaped outlines that show along
 * little more than half of them (zoo tuning seeds 150, 173), while the card's shows whole.
 */
const SUPPORT_SLACK = 0.1;
/**
 * ...unless such an outline lies snugly around one that shows well, each side at most this share
 * of its short side outside it: a card's own faint edge around its crisp printed frame (seeds 99,
 * 111), a sleeve's or top loader's rim around the card.
 */
const SNUG_SHARE = 0.15;
/** Another card this large beside the biggest one makes the photo one of several cards. */
const PEER_AREA_SHARE = 0.35;
/** The smallest card looked for in a finer preview: 95 px tall in 12 megapixels (0.05% of it). */
const SMALL_CARD_SHARE = 0.0003;
/** Card-shaped print and table details under this share of the preview are no second card (a card in a 40-card spread is 0.5%). */
const MIN_PEER_SHARE = 0.003;
/**
 * A card's width over its height, perspective undone: 63/88 = 0.716 (standard) and 59/86 = 0.686
 * (small), with room for a fit cut by the rounded corners. A top loader (76 x 102 mm, 0.75, read
 * as low as 0.74 at a slant) and a slab (about 0.62) fall outside: the card inside them is the
 * card. The upper bound at 0.735, not 0.745: on tuning seeds 1 to 400, 6 more faces within 0.5 mm.
 */
export const CARD_ASPECT = { min: 0.655, max: 0.735 } as const;
/**
 * Below this short side (preview px) an outline's ratio is as uncertain as CORNER_SLACK_PX on a
 * side: such a card (a photo too small to grade) is still a card.
 */
const SMALL_OUTLINE_PX = 40;
const CORNER_SLACK_PX = 1.5;
/**
 * The card inside a holder fills at least this share of the holder's card-shaped outline: a
 * top loader's pocket is about 76 x 101 mm (0.72 of it), a sleeve or a slab's well about 0.9.
 */
const HOLDER_AREA_SHARE = 0.6;
/**
 * Up to this Lab distance (ringContrast) what lies between two nested outlines is the table seen
 * through a holder's clear plastic: 2 to 10 for most holders in the design zoo (hazier top
 * loaders reach 20). A printed border differs more: 19 and up in the zoo, but a real black border
 * seen through a slab's grey plastic only 16 (counterspell_bgs.jpg), so the line stays low.
 */
const HOLDER_RING_CONTRAST = 12;
/** Up to this, a ring may still be a hazy holder's (16 to 20 for the zoo's top loaders), if the sizes say so. */
const HAZY_RING_CONTRAST = 22;
/**
 * Two nested outlines from one preview lie this much further apart than the edges they follow:
 * the edges are dilated by a pixel each way before their contours are traced.
 */
const CONTOUR_WIDENING_PX = 3;
/** Below this share of the preview, the contour search's largest card sends the search to straight sides too. */
const LINES_BELOW_SHARE = 0.03;
/** A non-card outline this large that runs into the frame is a card cut off. */
const CUT_OFF_AREA_SHARE = 0.04;

/**
 * The card from the outlines in the preview (outline-candidates.ts): card-shaped, well-supported
 * outlines, one per object. Answers multiple_cards for several cards, card_cut_off when the only
 * large outline runs into the frame, and null when no card-shaped outline shows. With
 * `smallCards` (a finer preview, looked at when nothing else was found), outlines down to
 * SMALL_CARD_SHARE of the frame count, their ratio read plainly.
 */
export async function locateByOutline(
  preview: Raster,
  photoWidth: number,
  smallCards = false,
): Promise<Location | null> {
  const frame = { width: preview.width, height: preview.height };
  const minShare = smallCards ? SMALL_CARD_SHARE : undefined;
  const supported = async (fromLines: boolean) =>
    (await outlineCandidates(preview, minShare, fromLines)).filter((c) => c.support >= MIN_SUPPORT);
  // A small card's outline is a few pixels a side, and how much of it shows is noise: the
  // outermost is taken however well it shows (zoo test seed 900,002's small card in a slab).
  const slack = smallCards ? Infinity : SUPPORT_SLACK;
  // Where several card-shaped objects of a size show, zones printed on a playmat beside a card are not cards.
  const cardsAmong = (list: OutlineCandidate[]) => {
    const shaped = list.filter((c) => !c.touchesFrame && hasCardRatio(c.corners, frame, smallCards));
    const objects = distinctCards(preview, shaped, undefined, slack);
    if (!severalCards(objects, frame)) return objects;
    // Without the zones, the outlines they stood for (a card's own, where a zone-like outline joined
    // its sides to a line in the table) speak for their objects.
    const cards = distinctCards(
      preview,
      shaped.filter((c) => !printedZone(preview, c)),
      undefined,
      slack,
    );
    // A zone is a card's size: one beside a card of its size. Zones larger than every card left (a cluttered scene) stay.
    const largestZone = Math.max(0, ...objects.filter((c) => printedZone(preview, c)).map((c) => c.area));
    return cards.some((c) => c.area >= largestZone * ONE_SIZE_SHARE) ? cards : objects;
  };
  const contours = await supported(false);
  const byContour = cardsAmong(contours);
  if (severalCards(byContour, frame)) return finderRejection('multiple_cards');
  // Where the card's outline runs into other edges (wood grain, a seam in the table, a holder's
  // rim), its contour is lost but its straight sides still show: no card, or only a small one
  // (print or texture), sends the search to the sides.
  const largestShare = Math.max(0, ...byContour.map((c) => c.area)) / (frame.width * frame.height);
  const candidates = largestShare < LINES_BELOW_SHARE ? [...contours, ...(await supported(true))] : contours;
  const cards = candidates === contours ? byContour : cardsAmong(candidates);
  if (cards.length === 0) return cutOff(candidates, frame) ? finderRejection('card_cut_off') : null;
  if (severalCards(cards, frame)) return finderRejection('multiple_cards');
  const largest = shownCards(preview, cards, slack).reduce((a, b) => (b.area > a.area ? b : a));
  const scale = photoWidth / preview.width;
  const coarse = largest.corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as [Point, Point, Point, Point];
  return {
    ok: true,
    card: {
      coarse,
      background: largest.background,
      backgroundSpread: largest.backgroundSpread,
      inHolder: largest.inHolder,
    },
  };
}

/**
 * Lenses a photo of several cards on a desk may have been taken with, as the focal length over the
 * photo's long side: from a phone's main camera (0.72, 26 mm equivalent; 0.6 for a wider one) to
 * a longer one (1.0). One outline does not tell the lens when it is tilted about one of its own
 * axes, and a steep view then misreads its ratio; the cards on one desk share the lens.
 */
const DESK_LENSES = [0.6, 0.72, 0.85, 1.0];
/**
 * Most of a card's interior differs from the table around it; a card-shaped zone printed on a
 * playmat is the playmat inside as outside (interiorShare: the zoo's zones read 0, cards 0.6 to 1).
 */
const MIN_INTERIOR_SHARE = 0.5;
/**
 * A zone printed on a playmat is a thin line with the playmat on both sides: its outline shows
 * weakly (the step across a line a few pixels wide is read only where its blur falls) and nothing
 * inside it differs from the table. A card's outline shows along most of its length, even where
 * its print reads like the table (interiorShare 0 on the old black-bordered cards of alpha_deck.jpg,
 * whose outlines show all round).
 */
const ZONE_SUPPORT = 0.75;
const ZONE_INTERIOR = 0.05;

/**
 * A zone's line may also show crisply all round (zoo tuning seed 708's, 0.89): then it is told by
 * what lies either side of it. A card's outline is a step from its border to the table along most
 * of its length (0.38 to 1 on the real photos' cards); a printed line's has the playmat on both
 * hands (the zoo's zones 0.07 and 0.08), and nothing inside it differs from the table (0 and
 * 0.06; black.jpg's cards 0.08 to 1).
 */
const LINE_STEPS = 0.2;
const LINE_INTERIOR = 0.1;

/** Whether an outline is a card-shaped zone printed on the table, not a card. */
function printedZone(preview: Raster, c: OutlineCandidate): boolean {
  const interior = interiorShare(preview, c);
  return (
    (c.support < ZONE_SUPPORT && interior < ZONE_INTERIOR) ||
    (interior < LINE_INTERIOR && stepAcross(preview, c) < LINE_STEPS)
  );
}

/** A better-shown outline at least this share of another's area leaves that other out. */
const SHOWN_PEER_SHARE = 0.1;

/**
 * The objects the card is chosen among (the largest of them): an object with no print inside
 * (MIN_INTERIOR_SHARE) whose outline shows less than another's by more than `slack` is left out,
 * when that other is not tiny beside it (SHOWN_PEER_SHARE of its area): a large outline that
 * table lines and a holder's rim close beside the card shows along little more than half its
 * length and has the table inside (zoo tuning seed 346). Small print and texture elsewhere that
 * shows crisply leaves a card's weaker outline alone.
 */
export function shownCards<T extends OutlineCandidate>(preview: Raster, cards: T[], slack = SUPPORT_SLACK): T[] {
  return cards.filter(
    (c) =>
      !cards.some((d) => d.support > c.support + slack && d.area >= c.area * SHOWN_PEER_SHARE) ||
      interiorShare(preview, c) >= MIN_INTERIOR_SHARE,
  );
}

/** Cards on one desk seen from one place: the smaller of two at least this share of the larger's area. */
const ONE_SIZE_SHARE = 0.5;

/**
 * Whether a preview (finer than the first, looked at when the first showed one card or none)
 * shows several whole cards: card-shaped outlines from contours (a steep view allowed), well
 * supported, clear of the frame and with print inside (MIN_INTERIOR_SHARE), one per object, at least two of them of one size, read either
 * with each outline's own perspective or with one lens for the whole photo (DESK_LENSES).
 */
export async function severalCardsIn(preview: Raster): Promise<boolean> {
  const frame = { width: preview.width, height: preview.height };
  const outlines = (await outlineCandidates(preview, MIN_PEER_SHARE, false, true)).filter(
    (c) => c.support >= MIN_SUPPORT && !c.touchesFrame && interiorShare(preview, c) >= MIN_INTERIOR_SHARE,
  );
  const readings = [
    (c: OutlineCandidate) => hasCardRatio(c.corners, frame),
    ...DESK_LENSES.map((lens) => (c: OutlineCandidate) => {
      // Seen steeply, a card's sides may look alike in the photo: its short side is the one that reads shorter.
      const reading = rectangleAspect(c.corners, frame, lens);
      const ratio = Math.min(reading, 1 / reading);
      return ratio >= CARD_ASPECT.min && ratio <= CARD_ASPECT.max;
    }),
  ];
  return readings.some((isCard) => severalOfOneSize(distinctCards(preview, outlines.filter(isCard))));
}

/** Whether at least two outlines are of one size (ONE_SIZE_SHARE). */
function severalOfOneSize(cards: OutlineCandidate[]): boolean {
  const largest = Math.max(0, ...cards.map((c) => c.area));
  return cards.filter((c) => c.area >= largest * ONE_SIZE_SHARE).length >= 2;
}

/** Whether another card as large as the largest (PEER_AREA_SHARE of it) lies beside it. */
function severalCards(cards: OutlineCandidate[], frame: { width: number; height: number }): boolean {
  if (cards.length < 2) return false;
  const largest = Math.max(...cards.map((c) => c.area));
  const peerArea = Math.max(largest * PEER_AREA_SHARE, frame.width * frame.height * MIN_PEER_SHARE);
  return cards.filter((c) => c.area >= peerArea).length >= 2;
}

/**
 * Whether four corners in order around a quadrilateral (any side first) show a card's ratio once
 * the perspective is undone. Looking for small cards, a small outline's perspective is noise (a
 * pixel moves it far): its plain side ratio, with a pixel's slack on each side.
 */
export function hasCardRatio(
  corners: [Point, Point, Point, Point],
  frame: { width: number; height: number },
  smallCards = false,
): boolean {
  const upright = uprightOf(corners);
  const shortSide = Math.min(distance(upright[0], upright[1]), distance(upright[2], upright[3]));
  const [plain, perspective] = ratioReadings(upright, frame);
  if (!smallCards || shortSide >= SMALL_OUTLINE_PX)
    return perspective >= CARD_ASPECT.min && perspective <= CARD_ASPECT.max;
  const slack = CORNER_SLACK_PX / shortSide;
  return plain >= CARD_ASPECT.min - slack && plain <= CARD_ASPECT.max + slack;
}

/** A large outline that is not card-shaped and runs into the frame: the card's visible part. */
function cutOff(candidates: OutlineCandidate[], frame: { width: number; height: number }): boolean {
  return candidates.some((c) => c.touchesFrame && c.area >= frame.width * frame.height * CUT_OFF_AREA_SHARE);
}

/**
 * One outline per object: outlines that overlap (the card and its art window or text box, the
 * card inside its sleeve or top loader) are one object, and the card is found in it from the
 * outermost card-shaped outline inwards, among those that show about as well as the best (within
 * `slack`, SUPPORT_SLACK unless told) or lie snugly around one that does (SNUG_SHARE). An outline
 * inside the one chosen so far, and not much smaller, is the card inside a holder when what lies
 * between them looks like the table (the table seen through clear plastic); when it does not,
 * what lies between is the card's printed border and the inner outline its inner frame. With
 * `snugGap` (looking inside a holder), an outline hugging the outermost one, less than this share
 * of its short side inside it, is the card in the holder's well.
 */
export function distinctCards(
  preview: Raster,
  candidates: OutlineCandidate[],
  snugGap?: number,
  slack = SUPPORT_SLACK,
): (OutlineCandidate & { inHolder: boolean })[] {
  const frame = { width: preview.width, height: preview.height };
  const groups: OutlineCandidate[][] = [];
  for (const candidate of [...candidates].sort((a, b) => b.area - a.area)) {
    const group = groups.find((members) => members.some((m) => overlaps(m, candidate)));
    if (group) group.push(candidate);
    else groups.push([candidate]);
  }
  return groups.map((all) => {
    const best = Math.max(...all.map((m) => m.support));
    const strong = all.filter((m) => m.support >= best - slack);
    // A faint outline around a strong one, close on every side: the card's own edge, a holder's rim.
    const snugAround = (m: OutlineCandidate) =>
      strong.some(
        (k) =>
          k.corners.every((p) => containsPoint(m.corners, p)) &&
          Math.max(...sideGaps(k.corners, m.corners)) <= SNUG_SHARE * shortestSide(m.corners),
      );
    const members = all.filter((m) => strong.includes(m) || snugAround(m));
    const outer = members[0]!;
    let card = outer;
    let inHolder = false;
    for (const inner of members.slice(1)) {
      if (inner.area < outer.area * HOLDER_AREA_SHARE) break;
      if (!inner.corners.every((p) => containsPoint(card.corners, p))) continue;
      const ring = ringContrast(preview, inner.corners, card.corners);
      // A hazy holder (a top loader's thick plastic) reads like a pale border: the card in it has a
      // card's size and the holder's pocket does not.
      const hazyHolder =
        ring <= HAZY_RING_CONTRAST && fitsCardSize(inner.corners, frame) && !fitsCardSize(card.corners, frame);
      const snug =
        snugGap !== undefined &&
        card === outer &&
        quantile(sideGaps(inner.corners, outer.corners), 0.5) - CONTOUR_WIDENING_PX <=
          snugGap * shortestSide(outer.corners);
      if (ring <= HOLDER_RING_CONTRAST || hazyHolder || snug) {
        card = inner;
        inHolder = true;
      }
    }
    return { ...card, inHolder };
  });
}

/** Corners in order around a quadrilateral, started so that a short side is on top: width over height, whichever way the card lies. */
export function uprightOf(corners: [Point, Point, Point, Point]): [Point, Point, Point, Point] {
  const [a, b, c, d] = corners;
  return distance(a, b) <= distance(b, c) ? corners : [b, c, d, a];
}

/** Whether both ratio readings of an outline fit one of the two card sizes. */
export function fitsCardSize(corners: [Point, Point, Point, Point], frame: { width: number; height: number }): boolean {
  const readings = ratioReadings(uprightOf(corners), frame);
  return Object.values(CARD_RATIOS).some((ratio) => surelyFits(readings, ratio));
}

function overlaps(a: OutlineCandidate, b: OutlineCandidate): boolean {
  return containsPoint(a.corners, centroid(b.corners)) || containsPoint(b.corners, centroid(a.corners));
}
