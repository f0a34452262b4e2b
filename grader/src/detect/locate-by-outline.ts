import { ratioReadings } from '../geometry/aspect.ts';
import { distance, type Point } from '../geometry/homography.ts';
import type { Raster } from '../image/raster.ts';
import type { Location } from './card-types.ts';
import { centroid, containsPoint, outlineCandidates, type OutlineCandidate } from './outline-candidates.ts';
import { finderRejection } from './rejections.ts';

/** Below this share of its outline showing, a quadrilateral is print or table texture, not a card. */
const MIN_SUPPORT = 0.55;
/** Another card this large beside the biggest one makes the photo one of several cards. */
const PEER_AREA_SHARE = 0.35;
/** The smallest card looked for in a finer preview: 95 px tall in 12 megapixels (0.05% of it). */
const SMALL_CARD_SHARE = 0.0003;
/** Card-shaped print and table details under this share of the preview are no second card (a card in a 40-card spread is 0.5%). */
const MIN_PEER_SHARE = 0.003;
/**
 * A card's width over its height, perspective undone: 63/88 = 0.716 (standard) and 59/86 = 0.686
 * (small), with room for a fit cut by the rounded corners. A top loader (about 0.75) and a slab
 * (about 0.6) fall outside: the card inside them is the card.
 */
const CARD_ASPECT = { min: 0.655, max: 0.745 } as const;
/**
 * Below this short side (preview px) an outline's ratio is as uncertain as CORNER_SLACK_PX on a
 * side: such a card (a photo too small to grade) is still a card.
 */
const SMALL_OUTLINE_PX = 40;
const CORNER_SLACK_PX = 1.5;
/**
 * Inside a card-shaped outline, another card-shaped outline this large is the same object seen
 * twice: the card inside its penny sleeve, or a card's inner frame. The better-supported one wins.
 */
const NESTED_AREA_SHARE = 0.78;
/** How much better an inner outline must show to be the card inside a sleeve, not its inner frame. */
const SLEEVE_SUPPORT_GAIN = 0.25;
/** A non-card outline this large that runs into the frame is a card cut off. */
const CUT_OFF_AREA_SHARE = 0.04;

/**
 * The card from the outlines in the preview (outline-candidates.ts): card-shaped, well-supported
 * outlines, one per object. Answers multiple_cards for several cards, card_cut_off when the only
 * large outline runs into the frame, and null when no card-shaped outline shows. With
 * `smallCards` (a finer preview, looked at when nothing else was found), outlines down to
 * SMALL_CARD_SHARE of the frame count, their ratio read plainly.
 */
export async function locateByOutline(preview: Raster, photoWidth: number, smallCards = false): Promise<Location | null> {
  const candidates = (await outlineCandidates(preview, smallCards ? SMALL_CARD_SHARE : undefined)).filter((c) => c.support >= MIN_SUPPORT);
  const frame = { width: preview.width, height: preview.height };
  const cardLike = candidates.filter((c) => !c.touchesFrame && hasCardRatio(c.corners, frame, smallCards));
  const cards = distinctCards(cardLike);
  if (cards.length === 0) return cutOff(candidates, frame) ? finderRejection('card_cut_off') : null;
  const largest = cards.reduce((a, b) => (b.area > a.area ? b : a));
  const peerArea = Math.max(largest.area * PEER_AREA_SHARE, preview.width * preview.height * MIN_PEER_SHARE);
  if (cards.filter((c) => c.area >= peerArea).length >= 2) return finderRejection('multiple_cards');
  const scale = photoWidth / preview.width;
  const coarse = largest.corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as [Point, Point, Point, Point];
  return { ok: true, card: { coarse, background: largest.background, backgroundSpread: largest.backgroundSpread } };
}

/**
 * Whether four corners in order around a quadrilateral (any side first) show a card's ratio once
 * the perspective is undone. Looking for small cards, a small outline's perspective is noise (a
 * pixel moves it far): its plain side ratio, with a pixel's slack on each side.
 */
export function hasCardRatio(corners: [Point, Point, Point, Point], frame: { width: number; height: number }, smallCards = false): boolean {
  const [a, b, c, d] = corners;
  // Width over height with a short side on top, whichever way the card lies.
  const upright: [Point, Point, Point, Point] = distance(a, b) <= distance(b, c) ? corners : [b, c, d, a];
  const shortSide = Math.min(distance(upright[0], upright[1]), distance(upright[2], upright[3]));
  const [plain, perspective] = ratioReadings(upright, frame);
  if (!smallCards || shortSide >= SMALL_OUTLINE_PX) return perspective >= CARD_ASPECT.min && perspective <= CARD_ASPECT.max;
  const slack = CORNER_SLACK_PX / shortSide;
  return plain >= CARD_ASPECT.min - slack && plain <= CARD_ASPECT.max + slack;
}

/** A large outline that is not card-shaped and runs into the frame: the card's visible part. */
function cutOff(candidates: OutlineCandidate[], frame: { width: number; height: number }): boolean {
  return candidates.some((c) => c.touchesFrame && c.area >= frame.width * frame.height * CUT_OFF_AREA_SHARE);
}

/**
 * One outline per object: outlines that overlap (the card and its art window or text box, the
 * card inside its sleeve) are one object. Of nested outlines nearly as large as the outermost,
 * the best supported is the card (a sleeve's clear edge shows less than the card inside it).
 */
function distinctCards(candidates: OutlineCandidate[]): OutlineCandidate[] {
  const groups: OutlineCandidate[][] = [];
  for (const candidate of [...candidates].sort((a, b) => b.area - a.area)) {
    const group = groups.find((members) => members.some((m) => overlaps(m, candidate)));
    if (group) group.push(candidate);
    else groups.push([candidate]);
  }
  return groups.map((members) => {
    const outer = members[0]!;
    const near = members.filter((m) => m.area >= outer.area * NESTED_AREA_SHARE);
    return near.reduce((a, b) => (b.support > a.support + SLEEVE_SUPPORT_GAIN ? b : a));
  });
}

function overlaps(a: OutlineCandidate, b: OutlineCandidate): boolean {
  return containsPoint(a.corners, centroid(b.corners)) || containsPoint(b.corners, centroid(a.corners));
}
