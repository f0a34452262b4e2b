/**
 * The finder's steps for holders: the card inside an outline that was a sleeve's, a slab well's or
 * a top loader's (narrowed, intoHolder), or that ran on past the card along a slab's label or a
 * table's edge (pulledIn).
 */
import { orderTopShort, plausibleCard, shortestSide, sideOf } from '../geometry/card-corners.ts';
import { polygonArea } from '../geometry/polygon.ts';
import { cornersOfSides, distance, fitLine, type Line, type Point } from '../geometry/homography.ts';
import { CARD_RATIOS, ratioReadings } from '../geometry/aspect.ts';
import type { OpenedPhoto } from '../image/decode.ts';
import { centroid, containsPoint } from './outline-candidates.ts';
import { cardInsideOutline, seenThroughPlastic, tableLikeRing } from './inside-holder.ts';
import { innerSides, strongestInnerSides } from './outer-edge.ts';
import { ringMatchesPast, sidesRunningOn } from './runs-past.ts';
import {
  borderGoesRound,
  inRegion,
  movedBy,
  movedToRatio,
  offSize,
  SIZE_FITS,
  SIZE_FITS_AFTER,
  type FoundIn,
} from './found.ts';
import { widened } from './widen.ts';
import { refinedFrom } from './refined.ts';

type Quad = [Point, Point, Point, Point];

/** Where, inside a side that runs on past its corners, the card's own edge is looked for (mm): a slab's label sits 2 to 6 mm above the card, past the well's rim. */
const PULL_IN_MM = { from: 1.2, to: 8 } as const;
/** How far from where a card size puts it (mm) the edge of a side moved in to that size may lie. */
const SIZE_PLACES_MM = 0.8;

/**
 * The card inside an outline one or more of whose sides run on past its corners (runs-past.ts):
 * a slab label's edge, a desk's or a playmat zone's taken for the card's. Tried in turn:
 * - each such side moved in to the line past a flat ring inside it (outer-edge.ts innerSides),
 *   with any other sides that show such a line (a slab well's); of the outlines that then read as
 *   a card size (within SIZE_FITS_AFTER) with no side running on, the one with fewest sides moved,
 *   then the nearest the size;
 * - a single such side moved in to where either card size puts it, where an edge lies there;
 * - the running sides moved in to their lines and the outline so made narrowed, as a slab's well
 *   is (see narrowed).
 * Null where no side runs on or none of these finds the card.
 */
export function pulledIn(found: FoundIn, photo: OpenedPhoto): FoundIn | null {
  const { left, top, raster } = found.region;
  const toLocal = (q: Point[]) => inRegion(found.region, q);
  const quad = toLocal(found.card.corners);
  const pxPerMm = shortestSide(quad) / 63;
  const running = sidesRunningOn(raster, quad, pxPerMm);
  if (!running.some(Boolean)) return null;
  const runsOn = (corners: Point[]) => sidesRunningOn(raster, toLocal(corners), pxPerMm).some(Boolean);
  const withCorners = (corners: [Point, Point, Point, Point]): FoundIn => ({
    ...found,
    card: { ...found.card, corners: orderTopShort(corners), inferredSide: undefined },
  });
  const inner = innerSides(raster, quad, Math.max(3, PULL_IN_MM.from * pxPerMm), PULL_IN_MM.to * pxPerMm);
  const own = quad.map((p, i) => fitLine([p, quad[(i + 1) % 4]!]));
  const outlineWith = (moves: number[]) =>
    cornersOfSides(
      own.map((line, i) => (moves.includes(i) ? inner[i]! : line)),
      { x: left + 0.5, y: top + 0.5 },
    );
  const runningSides = [0, 1, 2, 3].filter((i) => running[i]);
  // The ring a running side moves in across is what lies past its corners (a slab's plastic).
  const depthTo = (side: number, line: Line) => {
    const [a, b] = [quad[side]!, quad[(side + 1) % 4]!];
    return Math.abs(line.a * (a.x + b.x) * 0.5 + line.b * (a.y + b.y) * 0.5 - line.c);
  };
  const acrossPlastic = (side: number, line: Line) => ringMatchesPast(raster, quad, side, depthTo(side, line), pxPerMm);
  const acrossAll = runningSides.every((i) => inner[i] && acrossPlastic(i, inner[i]));
  if (acrossAll) {
    let best: { corners: [Point, Point, Point, Point]; moved: number; off: number } | null = null;
    for (let subset = 1; subset < 16; subset += 1) {
      const moves = [0, 1, 2, 3].filter((i) => (subset >> i) & 1);
      if (runningSides.some((i) => !moves.includes(i)) || moves.some((i) => !inner[i])) continue;
      const corners = outlineWith(moves);
      if (!corners || !plausibleCard(corners, photo)) continue;
      const off = offSize(ratioReadings(corners, photo)[1]);
      if (off > SIZE_FITS_AFTER || runsOn(corners)) continue;
      if (!best || moves.length < best.moved || (moves.length === best.moved && off < best.off))
        best = { corners, moved: moves.length, off };
    }
    if (best) return withCorners(best.corners);
  }
  if (runningSides.length === 1) {
    const side = runningSides[0]!;
    for (const size of ['standard', 'small'] as const) {
      const placed = movedToRatio(found.card.corners, side, photo, CARD_RATIOS[size], [
        -PULL_IN_MM.to * pxPerMm,
        -PULL_IN_MM.from * pxPerMm,
      ]);
      if (!placed) continue;
      // The edge looked for from SIZE_PLACES_MM short of where the size puts the side.
      const short = movedBy(placed, side, SIZE_PLACES_MM * pxPerMm);
      if (!short) continue;
      const near = innerSides(raster, toLocal(short), 3, 2 * SIZE_PLACES_MM * pxPerMm)[side];
      if (!near || !acrossPlastic(side, near)) continue;
      const local = toLocal(short);
      const corners = cornersOfSides(
        local.map((p, i) => (i === side ? near : fitLine([p, local[(i + 1) % 4]!]))),
        { x: left + 0.5, y: top + 0.5 },
      );
      if (!corners || !plausibleCard(corners, photo)) continue;
      if (offSize(ratioReadings(corners, photo)[1]) > SIZE_FITS_AFTER || runsOn(corners)) continue;
      return withCorners(corners);
    }
  }
  if (!acrossAll) return null;
  const rim = outlineWith(runningSides);
  if (!rim || !plausibleCard(rim, photo) || runsOn(rim)) return null;
  return narrowed(withCorners(rim), photo);
}

/** Off a card size's ratio by this much (with the perspective undone), an outline found is not a card's. */
const NOT_A_CARD = 0.012;
/** How far (mm) past the outline found the card inside it may reach. */
const INSIDE_REACH_MM = 5;
/** A card lies square in its holder: each of its sides within this angle (radians) of parallel to the holder's. */
const SQUARE_IN_HOLDER = (5 * Math.PI) / 180;

/** Whether each side of a card runs within SQUARE_IN_HOLDER of parallel to the same side of its holder. */
function squareIn(card: Quad, holder: Quad): boolean {
  const [a, b] = [orderTopShort(card), orderTopShort(holder)];
  return [0, 1, 2, 3].every((i) => {
    const [u, v] = [sideOf(a, i).dir, sideOf(b, i).dir];
    return u.x * v.x + u.y * v.y >= Math.cos(SQUARE_IN_HOLDER);
  });
}

/** An outline grown by `by` pixels about its centre. */
function grown(corners: Quad, by: number): Quad {
  const c = centroid(corners);
  return corners.map((p) => {
    const d = distance(p, c);
    return { x: c.x + ((p.x - c.x) * (d + by)) / d, y: c.y + ((p.y - c.y) * (d + by)) / d };
  }) as Quad;
}

/**
 * The most of an outline with a card's ratio that a card found inside it may fill and still be
 * taken for a card in a holder: a top loader's card fills 0.72 of it, a slab's 0.43 to 0.49 (an
 * outline run from a slab's label across the card about 0.6). What is found inside a card found
 * whole, its printed frame widened to its edge, fills 0.83 and more (zoo tuning seeds 1 to 720:
 * 0.83 to 0.96); a penny sleeve's card fills 0.9, and is left to the sleeve searches.
 */
const HOLDER_FILL_MAX = 0.8;

/** Whether a side of a found outline runs on past one of its corners, as a holder's rim or label does and a card's edge does not (runs-past.ts). */
function runsOnPastACorner(found: FoundIn): boolean {
  const quad = inRegion(found.region, found.card.corners);
  return sidesRunningOn(found.region.raster, quad, shortestSide(quad) / 63, true).some(Boolean);
}

/**
 * The card inside what was found, where that is a holder's: a top loader's or a slab's outline
 * taken whole for the card's, by the colour search (its plastic as bright as the card) or the
 * outlines, or one running from a slab's label across the card. Looked for where the outline has
 * no card's ratio but a holder's, and also where it has a card's (as an outline from a slab's
 * label to the card's bottom may) and a side of it runs on past a corner: then the card must fill
 * at most HOLDER_FILL_MAX of it, with the table seen through plastic between them
 * (seenThroughPlastic, tableLikeRing). The card found inside (widened to its edge where its
 * printed frame showed) must read as a card size, lie square in the outline, and reach at most
 * INSIDE_REACH_MM past it. Null otherwise.
 */
export async function intoHolder(found: FoundIn, photo: OpenedPhoto): Promise<FoundIn | null> {
  const before = offSize(ratioReadings(found.card.corners, photo)[1]);
  const cardShaped = before < NOT_A_CARD;
  if (cardShaped && (found.card.throughHolder || !runsOnPastACorner(found))) return null;
  const scale = photo.preview.width / photo.width;
  const outline = found.card.corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as [Point, Point, Point, Point];
  const located = await cardInsideOutline(photo, photo.preview, outline, cardShaped);
  if (!located) return null;
  const refined = await refinedFrom(photo, photo.preview, located);
  if (!refined?.ok) return null;
  // What shows inside may be the card's printed frame, its own edge a border's width further out.
  const inside = widened({ ...refined, card: { ...refined.card, throughHolder: false } }, photo);
  if (!inside.ok) return null;
  const after = offSize(ratioReadings(inside.card.corners, photo)[1]);
  // The outline found may cut across the card (a slab's label top paired with the card's lower sides).
  const around = grown(found.card.corners, (INSIDE_REACH_MM * shortestSide(inside.card.corners)) / 63);
  if (
    after > SIZE_FITS_AFTER ||
    !inside.card.corners.every((p) => containsPoint(around, p)) ||
    !squareIn(inside.card.corners, found.card.corners)
  )
    return null;
  if (
    cardShaped &&
    (polygonArea(inside.card.corners) > HOLDER_FILL_MAX * polygonArea(found.card.corners) ||
      !(
        seenThroughPlastic(found.region, inside.card.corners, found.card.corners, found.card.background) ||
        tableLikeRing(found.region, inside.card.corners, found.card.corners)
      ))
  )
    return null;
  return { ...inside, card: { ...inside.card, throughHolder: true } };
}

/**
 * The card inside the sleeve or slab well whose outline was found: on every side a line lies past
 * a flat ring 0.6 to 6 mm in (outer-edge.ts innerSides), the outline of those lines reads closer
 * to a card size than the one found (and within SIZE_FITS_AFTER of it), and the ring between them
 * is the table seen through clear plastic (inside-holder.ts seenThroughPlastic), or, where the
 * outline found is plainly off a card size (SIZE_FITS_AFTER) and the inner one within SIZE_FITS
 * of one, looks like the table beside it rather than the card (tableLikeRing). A penny sleeve is
 * about 66 x 93 mm (0.710), a slab's well 66 x 91 (0.725): near a size, yet not one. Null otherwise.
 */
export function narrowed(found: FoundIn, photo: OpenedPhoto): FoundIn | null {
  const before = offSize(ratioReadings(found.card.corners, photo)[1]);
  const { left, top, raster } = found.region;
  const quad = inRegion(found.region, found.card.corners);
  const pxPerMm = shortestSide(quad) / 66;
  const inner = innerSides(raster, quad, Math.max(3, 0.6 * pxPerMm), 6 * pxPerMm);
  if (inner.some((line) => line === null)) return null;
  const corners = cornersOfSides(inner as Line[], { x: left + 0.5, y: top + 0.5 });
  if (!corners || !plausibleCard(corners, photo)) return null;
  const off = offSize(ratioReadings(corners, photo)[1]);
  if (off > SIZE_FITS_AFTER || off >= before) return null;
  // Plastic over the table; or, where the outline found plainly has no card's shape and the one
  // inside it has, a ring that looks like the table beside it rather than the card inside.
  const sleeve =
    seenThroughPlastic(found.region, corners, found.card.corners, found.card.background) ||
    (before > SIZE_FITS_AFTER && off <= SIZE_FITS && tableLikeRing(found.region, corners, found.card.corners));
  if (!sleeve) return null;
  return { ...found, card: { ...found.card, corners: orderTopShort(corners), throughHolder: true } };
}

/** How far inside a short side (mm) a penny sleeve's open end may reach past the card: 1.5 to 6 mm. */
const SLEEVE_END_MM = { from: 1.5, to: 6 } as const;

/**
 * The card in a penny sleeve whose open end was taken for the card's edge: the outline's other
 * sides lie on the card, one short side on the end of the sleeve a few millimetres past it, and
 * the outline then reads the small size's ratio (a standard card with 4 mm of sleeve reads 63 x 92,
 * nearly a small card's 59 x 86). The short side moves in to the strongest line past a flat ring
 * inside it (outer-edge.ts strongestInnerSides, SLEEVE_END_MM: the sleeve's lip and seal lines step
 * nearer) where the outline then reads a card size (within SIZE_FITS), the ring is the table seen
 * through plastic (seenThroughPlastic) or like the table beside it rather than the card
 * (tableLikeRing), and the colour just inside the moved side is that just inside a side beside it
 * (found.ts borderGoesRound: a small card's own top border with its name box past it is not).
 * Null otherwise.
 */
export function outOfSleeveEnd(found: FoundIn, photo: OpenedPhoto): FoundIn | null {
  const { left, top, raster } = found.region;
  const quad = inRegion(found.region, found.card.corners);
  const pxPerMm = shortestSide(quad) / 63;
  // The short sides (the outline's corners run from the top-left, its top side short).
  const ends = [0, 2];
  const inner = strongestInnerSides(
    raster,
    quad,
    Math.max(3, SLEEVE_END_MM.from * pxPerMm),
    SLEEVE_END_MM.to * pxPerMm,
    ends,
  );
  const own = quad.map((p, i) => fitLine([p, quad[(i + 1) % 4]!]));
  let best: { corners: Quad; off: number } | null = null;
  for (const side of ends) {
    const line = inner[side];
    if (!line) continue;
    const corners = cornersOfSides(
      own.map((l, i) => (i === side ? line : l)),
      { x: left + 0.5, y: top + 0.5 },
    );
    if (!corners || !plausibleCard(corners, photo)) continue;
    const off = offSize(ratioReadings(corners, photo)[1]);
    if (off > SIZE_FITS || (best && best.off <= off)) continue;
    const ring =
      seenThroughPlastic(found.region, corners, found.card.corners, found.card.background) ||
      tableLikeRing(found.region, corners, found.card.corners);
    if (ring && borderGoesRound(found.region, corners, side)) best = { corners: orderTopShort(corners), off };
  }
  return best ? { ...found, card: { ...found.card, corners: best.corners, throughHolder: true } } : null;
}
