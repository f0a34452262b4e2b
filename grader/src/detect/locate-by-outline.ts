import type { Point } from '../geometry/homography.ts';
import type { Raster } from '../image/raster.ts';
import type { Location } from './find-card.ts';
import { centroid, containsPoint, outlineCandidates, type OutlineCandidate } from './outline-candidates.ts';
import { finderRejection } from './rejections.ts';

/** Below this share of its outline showing, a quadrilateral is print or table texture, not a card. */
const MIN_SUPPORT = 0.55;
/** Another card this large beside the biggest one makes the photo one of several cards. */
const PEER_AREA_SHARE = 0.35;
/** The card's share of the preview below which the colour search's "no card" stands. */
const MIN_CARD_SHARE = 0.03;

/**
 * The card from the outlines in the preview (outline-candidates.ts), for photos the colour
 * search cannot separate: a card on light paper whose brightness falls off, several cards the
 * colour flood joins into one, a two-tone desk. Answers null when no card-shaped outline shows.
 */
export async function locateByOutline(preview: Raster, photoWidth: number): Promise<Location | null> {
  const candidates = (await outlineCandidates(preview)).filter((c) => c.support >= MIN_SUPPORT);
  const cards = distinctCards(candidates);
  if (cards.length === 0) return null;
  const largest = cards.reduce((a, b) => (b.area > a.area ? b : a));
  if (cards.filter((c) => c.area >= largest.area * PEER_AREA_SHARE).length >= 2) return finderRejection('multiple_cards');
  if (largest.area < preview.width * preview.height * MIN_CARD_SHARE) return null;
  if (largest.touchesFrame) return finderRejection('card_cut_off');
  const scale = photoWidth / preview.width;
  const coarse = largest.corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as [Point, Point, Point, Point];
  return { ok: true, card: { coarse, background: largest.background, backgroundSpread: largest.backgroundSpread } };
}

/**
 * One outline per object: outlines that overlap (the card and its art window or text box, or
 * the card found a little larger at another threshold) are one object, shown by its largest
 * outline among those nearly as well supported as the best.
 */
function distinctCards(candidates: OutlineCandidate[]): OutlineCandidate[] {
  const groups: OutlineCandidate[][] = [];
  for (const candidate of [...candidates].sort((a, b) => b.area - a.area)) {
    const group = groups.find((members) => members.some((m) => overlaps(m, candidate)));
    if (group) group.push(candidate);
    else groups.push([candidate]);
  }
  return groups.map((members) => {
    const best = Math.max(...members.map((m) => m.support));
    return members.filter((m) => m.support >= best * 0.6).reduce((a, b) => (b.area > a.area ? b : a));
  });
}

function overlaps(a: OutlineCandidate, b: OutlineCandidate): boolean {
  return containsPoint(a.corners, centroid(b.corners)) || containsPoint(b.corners, centroid(a.corners));
}
