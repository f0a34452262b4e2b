import type { GradeRejection, RejectionCode } from '@gradelens/shared';
import { orderTopShort, plausibleCard, shortestSide, sideOf } from '../geometry/card-corners.ts';
import { polygonArea } from '../geometry/polygon.ts';
import { cornersOfSides, distance, fitLine, type Line, type Point } from '../geometry/homography.ts';
import { CARD_RATIOS, ratioReadings, SIZE_BETWEEN, surelyFits } from '../geometry/aspect.ts';
import { deltaE, medianColour, type Lab } from '../image/color.ts';
import { decodeRegion, previewOf, type OpenedPhoto } from '../image/decode.ts';
import type { PhotoRegion, Raster } from '../image/raster.ts';
import type { FoundCard, LocatedCard, ObjectSeen } from './card-types.ts';
import { locateCard } from './locate-by-colour.ts';
import { hasCardRatio, locateByOutline, MIN_SUPPORT, severalCardsIn } from './locate-by-outline.ts';
import { centroid, containsPoint, labAt, outlineSupport } from './outline-candidates.ts';
import { finderRejection } from './rejections.ts';
import { refineCard, regionToRefine } from './refine-sides.ts';
import {
  cardInsideHolder,
  cardInsideOutline,
  cardInSleeve,
  seenThroughPlastic,
  tableLikeRing,
  tableJustInside,
} from './inside-holder.ts';
import { innerSides, outerSides } from './outer-edge.ts';
import { ringMatchesPast, sidesRunningOn } from './runs-past.ts';
import { snapSides } from './snap-sides.ts';

/**
 * The card found, or why none was. `cutOffSeen`: the colour search saw a card running off the
 * frame, so a card found too small to grade is more likely a detail of that one (the grader
 * then answers card_cut_off, which comes before too_small).
 */
type Quad = [Point, Point, Point, Point];

export type CardInPhoto =
  { ok: true; card: FoundCard; region: PhotoRegion; cutOffSeen?: boolean } | { ok: false; rejection: GradeRejection };

/** Below this share of its outline showing, the colour search's card is not one... */
const MIN_COLOUR_SUPPORT = 0.3;
/** ...and from this share on, with a card's ratio, it is the card. */
const CLEAR_OUTLINE = 0.9;

/** A region without a card's ratio this much larger than the card inside it is a holder (a top loader is 1.4 times a card). */
const HOLDER_AREA_OVER_CARD = 1.15;
/** The long side of the finer preview a card too small for the preview is looked for in. */
const FINE_PREVIEW_SIDE = 1200;
/** The long side of the preview several cards are looked for in when the first preview shows one or none. */
const CARDS_PREVIEW_SIDE = 800;

/** How far, in preview pixels, a rough outline from the preview may lie from the card's edge. */
const PREVIEW_OUTLINE_ERROR = 6;

/** What the colour search answers when it could not tell the card from the table: outlines may. */
const OUTLINES_MAY_FIND: ReadonlySet<RejectionCode> = new Set(['no_card', 'card_cut_off']);

/**
 * How much more of its outline a card from the outline search must show than the colour
 * search's card to be taken instead: the colour search's side fit is the more precise, the
 * outline search the surer on textured, two-tone and cluttered desks.
 */
const OUTLINE_SUPPORT_LEAD = 0.1;

/**
 * Finds the one card in a photo: the colour search (locate-by-colour.ts, its sides fitted by
 * refine-sides.ts) and the card's outline from edges (locate-by-outline.ts), which also tells
 * several cards and a card cut off from one.
 * Where both find a card and they differ, the outline search's stands when the colour search's
 * has no card's ratio (it ran around a holder or into the table), else the colour search's unless
 * the photo shows the other's outline clearly better along its whole length (its side fit is the
 * more precise). Where neither finds one, a finer preview may show a card too small to grade.
 * The outline found is then checked in turn: narrowed to the card in a sleeve or slab well,
 * widened to the card's own edge outside its printed frame, looked into where it has a holder's
 * ratio, pulled in where a side runs on past its corners, and trimmed where sides lie on a shadow
 * or a line beside the card.
 */
export async function findCardIn(photo: OpenedPhoto): Promise<CardInPhoto> {
  const found = await searchBoth(photo);
  if (!found.ok) return found;
  const card = narrowed(found, photo) ?? widened(found, photo);
  const inside = (card.ok && (await intoHolder(card, photo))) || card;
  const pulled = (inside.ok && pulledIn(inside, photo)) || inside;
  const final = (pulled.ok && trimmed(pulled, photo)) || pulled;
  return final.ok && final.cutOffSeen && partOfCutCard(final.card.corners, photo)
    ? finderRejection('card_cut_off')
    : final;
}

/**
 * A card seen at most 15 degrees off square reads its plain and perspective ratios within this
 * of each other (zoo tuning seeds 1 to 240: 0.061 at most over the 61 faces where the colour
 * search also saw something run off the frame); a quadrilateral cut from a card's visible part
 * (its art, a corner of it against the frame) reads them 0.17 to 0.74 apart.
 */
const READINGS_AGREE = 0.1;

/**
 * Whether an outline found where the colour search saw a card run off the frame is a part of
 * that card, not a whole one: its two ratio readings disagree, as no card's perspective makes
 * them. (A corner outside the photo tells nothing: a whole card whose rounded corner touches the
 * frame has its virtual corner a millimetre past it.)
 */
function partOfCutCard(corners: Quad, photo: OpenedPhoto): boolean {
  const [plain, perspective] = ratioReadings(corners, photo);
  return !(Math.abs(plain! - perspective!) <= READINGS_AGREE);
}

/** How far inside a found side (mm) the card's own edge may lie past a shadow or a line on the table beside it. */
const TRIM_MM = { from: 0.25, to: 1.6 } as const;
/** The ring crossed must be this much nearer (CIE deltaE) the table outside than the card inside: a share. */
const RING_TABLE_SHARE = 0.5;

/**
 * The card's own edge a little inside sides that were fitted on what lies beside it: a shadow's
 * outer edge, a playmat's printed line or a ruled line along the card. Where the outline found
 * reads off a card size, each side with a step 0.25 to 1.6 mm inside it (outer-edge.ts
 * innerSides) across a ring much nearer the table's colour just outside than the colour past the
 * step may move in to it; the set of sides moved whose outline then reads as a size (within
 * SIZE_FITS_AFTER, SIZE_GAIN closer than before), nearest the size. Null otherwise.
 */
function trimmed(found: FoundIn, photo: OpenedPhoto): FoundIn | null {
  const before = offSize(ratioReadings(found.card.corners, photo)[1]);
  if (before <= SIZE_FITS || found.card.throughHolder) return null;
  let best: { corners: [Point, Point, Point, Point]; off: number } | null = null;
  for (const { corners } of movedInAcrossTable(found, photo, TRIM_MM)) {
    const off = offSize(ratioReadings(corners, photo)[1]);
    if (off > SIZE_FITS_AFTER || off + SIZE_GAIN > before) continue;
    if (!best || off < best.off) best = { corners: orderTopShort(corners), off };
  }
  return best ? { ...found, card: { ...found.card, corners: best.corners, inferredSide: undefined } } : null;
}

/**
 * How far inside a side (mm) the card's own edge may lie where the other face of the pair shows
 * the card's size: a penny sleeve's or a slab well's plastic reaches 1 to 3 mm past the card, and
 * the table seen through it passes for the card's edge where the card's border is the table's
 * colour (zoo tuning seeds 22 and 78: a small card's sleeve read as a standard card).
 */
const PAIR_TRIM_MM = { from: 0.8, to: 3 } as const;

/**
 * The outline with some of its sides moved in across a ring of the table's colour to the card's
 * own edge (as `trimmed` does, farther in), where it then reads `ratio`, the size the other face
 * of the pair surely shows: every reading within the slack and the perspective reading within
 * PAIR_FITS. Fewest sides moved first, then the closest. Null where no such outline is.
 */
export function trimmedToSize(found: FoundIn, photo: OpenedPhoto, ratio: number): FoundIn | null {
  let best: { corners: [Point, Point, Point, Point]; moved: number; off: number } | null = null;
  for (const { corners, moved } of movedInAcrossTable(found, photo, PAIR_TRIM_MM)) {
    const readings = ratioReadings(corners, photo);
    const off = Math.abs(readings[1] - ratio);
    if (!surelyFits(readings, ratio) || off > PAIR_FITS || !borderAllRound(found.region, corners)) continue;
    if (!best || moved < best.moved || (moved === best.moved && off < best.off))
      best = { corners: orderTopShort(corners), moved, off };
  }
  return best ? { ...found, card: { ...found.card, corners: best.corners, inferredSide: undefined } } : null;
}

/**
 * Whether just inside every side of an outline lies one colour, as a printed border running all
 * round a card does: a side moved in across a black border on a black desk to the printed frame
 * has the frame's colour inside it, the other sides the border's (zoo tuning bad input 149).
 */
function borderAllRound(region: PhotoRegion, corners: Quad): boolean {
  const quad = inRegion(region, corners);
  const pxPerMm = shortestSide(quad) / 63;
  const inside = [0, 1, 2, 3].map((i) => bandColour(region.raster, quad, i, BORDER_DEPTH_MM * pxPerMm));
  return inside.every((c, i) => c && inside.every((d, j) => j <= i || (d && deltaE(c, d) <= SAME_BORDER)));
}

/** How far inside a side (mm) its border's colour is read: past the edge's blur, within the narrowest border. */
const BORDER_DEPTH_MM = 0.6;

/**
 * Every plausible outline made by moving some sides of the found outline in to a step `range` mm
 * inside them (outer-edge.ts innerSides), where the ring crossed is much nearer the table's colour
 * just outside than the colour past the step (the card's): a shadow, a line on the table or clear
 * plastic beside the card, not its printed border.
 */
function movedInAcrossTable(
  found: FoundIn,
  photo: OpenedPhoto,
  range: { from: number; to: number },
): { corners: [Point, Point, Point, Point]; moved: number }[] {
  const { left, top, raster } = found.region;
  const quad = inRegion(found.region, found.card.corners);
  const pxPerMm = shortestSide(quad) / 63;
  const inner = innerSides(raster, quad, Math.max(2, range.from * pxPerMm), range.to * pxPerMm);
  const tableLike = inner.map((line, i) => {
    if (!line) return false;
    const { a, b, outward } = sideOf(quad, i);
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const depth = Math.abs(line.a * mid.x + line.b * mid.y - line.c);
    const inward = { x: -outward.x, y: -outward.y };
    let near = 0;
    let read = 0;
    for (const t of [0.2, 0.35, 0.5, 0.65, 0.8]) {
      const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      const at = (d: number) => labAt(raster, p.x + inward.x * d, p.y + inward.y * d);
      const [outside, ring, card] = [at(-0.6 * pxPerMm), at(depth / 2), at(depth + 0.6 * pxPerMm)];
      if (!outside || !ring || !card) continue;
      read += 1;
      if (deltaE(ring, outside) <= RING_TABLE_SHARE * deltaE(ring, card)) near += 1;
    }
    return read >= 3 && near >= read - 1;
  });
  const own = quad.map((p, i) => fitLine([p, quad[(i + 1) % 4]!]));
  const outlines: { corners: [Point, Point, Point, Point]; moved: number }[] = [];
  for (let subset = 1; subset < 16; subset += 1) {
    const moves = [0, 1, 2, 3].filter((i) => (subset >> i) & 1);
    if (moves.some((i) => !tableLike[i])) continue;
    const corners = cornersOfSides(
      own.map((line, i) => (moves.includes(i) ? inner[i]! : line)),
      { x: left + 0.5, y: top + 0.5 },
    );
    if (corners && plausibleCard(corners, photo)) outlines.push({ corners, moved: moves.length });
  }
  return outlines;
}

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
function pulledIn(found: FoundIn, photo: OpenedPhoto): FoundIn | null {
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
async function intoHolder(found: FoundIn, photo: OpenedPhoto): Promise<FoundIn | null> {
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
function narrowed(found: FoundIn, photo: OpenedPhoto): FoundIn | null {
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

async function searchBoth(photo: OpenedPhoto): Promise<CardInPhoto> {
  const byColour = locateCard(photo.preview, photo.width);
  if (!byColour.ok && byColour.objects) return (await oneCardSplit(photo, byColour.objects)) ?? byColour;
  const refinedColour = byColour.ok ? await refineLocated(photo, byColour.card) : byColour;
  // A region the colour flood cut out of the table's own light falloff shows no outline.
  const colourSupport = refinedColour.ok ? support(photo, refinedColour.card) : 0;
  const colourCard =
    refinedColour.ok && colourSupport < MIN_COLOUR_SUPPORT ? finderRejection('no_card') : refinedColour;
  if (!colourCard.ok && !OUTLINES_MAY_FIND.has(colourCard.rejection.code)) return colourCard;
  // A card of a card's ratio whose whole outline shows needs no second opinion (nor OpenCV's
  // time), unless that outline is a penny sleeve's with the card inside it.
  if (colourCard.ok && colourSupport >= CLEAR_OUTLINE && hasCardRatio(colourCard.card.corners, photo))
    return (await inSleeve(photo, colourCard)) ?? colourCard;
  const outlineCard = await byOutline(photo, photo.preview);
  // Cards whose outlines are faint (silver on a light desk) or touch other edges show in a finer preview.
  if (
    !colourCard.ok &&
    colourCard.rejection.code === 'no_card' &&
    (!outlineCard || outlineCard.ok) &&
    (await severalCards(photo))
  )
    return finderRejection('multiple_cards');
  if (!colourCard.ok && !outlineCard && colourCard.rejection.code === 'no_card')
    return (await smallCard(photo)) ?? colourCard;
  if (!colourCard.ok) {
    // The colour search saw a card run off the frame: what the outlines found may be a detail of it.
    if (outlineCard?.ok && colourCard.rejection.code === 'card_cut_off') return { ...outlineCard, cutOffSeen: true };
    return outlineCard ?? colourCard;
  }
  if (!outlineCard?.ok) {
    // One region of no card's shape, in which the outlines show several cards: cards of one colour
    // lying close on a plain desk, which the colour flood joins. The finer preview must show them
    // as whole cards of one size with print inside (severalCards): a slab's label, a ruled line or
    // a playmat's zones beside one card make the outline search say several cards too.
    if (
      outlineCard?.rejection.code === 'multiple_cards' &&
      !hasCardRatio(colourCard.card.corners, photo) &&
      (await severalCards(photo))
    )
      return outlineCard;
    return colourCard;
  }
  // Within the preview outline's error of each other.
  if (sameCard(outlineCard.card, colourCard.card, PREVIEW_OUTLINE_ERROR * (photo.width / photo.preview.width)))
    return colourCard;
  // The colour search ran around a holder (a slab, a top loader) or into the table: the outline
  // search's card has a card's ratio. A region well larger around it is the holder.
  if (!hasCardRatio(colourCard.card.corners, photo)) {
    const around =
      outlineCard.card.corners.every((p) => containsPoint(colourCard.card.corners, p)) &&
      polygonArea(colourCard.card.corners) > polygonArea(outlineCard.card.corners) * HOLDER_AREA_OVER_CARD;
    return around ? { ...outlineCard, card: { ...outlineCard.card, throughHolder: true } } : outlineCard;
  }
  return support(photo, outlineCard.card) > support(photo, colourCard.card) + OUTLINE_SUPPORT_LEAD
    ? outlineCard
    : colourCard;
}

/**
 * The card's own edge where the searches found its printed frame on some sides or all: a light
 * card on light paper, or a dark card on a dark desk, shows its frame's edge clearly and its own
 * edge faintly, 1 to 6 mm further out (outer-edge.ts). The sides that show such a line move out
 * to it when the outline then reads as a card size (within SIZE_FITS_AFTER of its ratio, and
 * SIZE_GAIN closer than before), the most sides that do so; or, the old rule, all four move when
 * the outline read as neither size inside and surely as the standard one outside. An outline
 * that reads as a size already stays, and so does one found through a holder, whose rim would
 * read as such a line. A side showing no fainter line is never guessed.
 */
function widened(found: FoundIn, photo: OpenedPhoto): CardInPhoto {
  const [, perspective] = ratioReadings(found.card.corners, photo);
  const before = offSize(perspective);
  if (before <= SIZE_FITS) return found;
  if (found.card.throughHolder) return outOfFalseHolder(found, photo, before);
  const best = widerOutlines(found, photo)
    .filter((w) => {
      const frameOfStandard =
        w.moved === 4 && perspective < SIZE_BETWEEN && surelyFits(w.readings, CARD_RATIOS.standard);
      const off = offSize(w.readings[1]);
      return frameOfStandard || (off <= SIZE_FITS_AFTER && off + SIZE_GAIN <= before);
    })
    .reduce<WiderOutline | null>(
      (a, b) =>
        !a || b.moved > a.moved || (b.moved === a.moved && offSize(b.readings[1]) < offSize(a.readings[1])) ? b : a,
      null,
    );
  if (best) return { ...found, card: { ...found.card, corners: best.corners } };
  return completedThird(found, photo, before) ?? found;
}

/**
 * A light card on light paper whose own edge shows on three sides and not on the lit fourth: the
 * three move out to it, and the fourth is placed where a card size puts it, 1 to 6 mm out (and
 * marked inferred, so no centering is read from it). Of the two sizes, the one whose border on
 * the fourth side comes nearer the opposite side's. Null where exactly three sides do not show
 * such a line, or neither size places the fourth there with the outline reading closer to a size.
 */
function completedThird(found: FoundIn, photo: OpenedPhoto, before: number): FoundIn | null {
  const outlines = widerOutlines(found, photo);
  const three = outlines.find((w) => w.moved === 3);
  if (!three || outlines.some((w) => w.moved === 4)) return null;
  const missing = [0, 1, 2, 3].find((i) => !three.sides.includes(i))!;
  const opposite = (missing + 2) % 4;
  const movedBy = (corners: Point[], side: number) => sideOffset(found.card.corners, corners, side);
  const across = movedBy(three.corners, opposite);
  const choices = (['standard', 'small'] as const)
    .map((size) => completedTo(three, missing, photo, CARD_RATIOS[size]))
    .filter((w): w is WiderOutline => w !== null)
    .map((w) => ({ w, gap: Math.abs(movedBy(w.corners, missing) - across) }))
    .filter(({ w }) => offSize(w.readings[1]) + SIZE_GAIN <= before);
  const pick = choices.sort((a, b) => a.gap - b.gap)[0];
  return pick ? { ...found, card: { ...found.card, corners: pick.w.corners, inferredSide: missing } } : null;
}

/** How far side `side` of outline `to` lies outside the same side of `from`, in pixels, at its middle. */
function sideOffset(from: Point[], to: Point[], side: number): number {
  const mid = (q: Point[]) => ({
    x: (q[side]!.x + q[(side + 1) % 4]!.x) / 2,
    y: (q[side]!.y + q[(side + 1) % 4]!.y) / 2,
  });
  const [a, b] = [mid(from), mid(to)];
  const centre = { x: from.reduce((t, p) => t + p.x, 0) / 4, y: from.reduce((t, p) => t + p.y, 0) / 4 };
  return distance(centre, b) - distance(centre, a);
}

/**
 * A card said to be seen through a holder whose "holder" was its own edge around its printed
 * frame: every side shows a fainter line outside the outline, and the outline of those lines
 * reads as a card size closely (SIZE_FITS; a sleeve reads 0.710, a slab's well 0.725) and
 * SIZE_GAIN closer than before. The ring's colour cannot tell: a white border on grey paper is
 * the paper with light added, as plastic over it is. Otherwise the card as found.
 */
function outOfFalseHolder(found: FoundIn, photo: OpenedPhoto, before: number): CardInPhoto {
  const all = widerOutlines(found, photo).find((w) => w.moved === 4);
  if (!all) return found;
  const off = offSize(all.readings[1]);
  if (off > SIZE_FITS || off + SIZE_GAIN > before) return found;
  return { ...found, card: { ...found.card, corners: all.corners, throughHolder: false } };
}

/**
 * The card widened to the standard size where the other face of the pair surely shows a standard
 * card and this one read smaller: its printed frame was taken for its edge (a white border on
 * white paper, or a card behind plastic, whose frame reads like a small card's outline). Every
 * side must move out to a fainter line (a border runs all round a card) and the outline then read
 * the standard size closely with the perspective undone (the reading that holds under a tilt).
 * Where three sides show one and the fourth none (the lit side of a white card on white paper),
 * the fourth is put where the standard size puts it, 1 to 6 mm out, and marked as inferred. Where neither, a single side whose border was missed (a black border on
 * a dark desk along one side) moves out alone to its line when the outline then fits as closely;
 * and where a side shows no line at all but the border's colour runs on past it while the print
 * lies just inside it (borderMissedOn), it is placed where the standard size puts it and marked as
 * inferred; else null. A holder's rim 2 mm around a small card fits the standard size only with
 * two or more sides moved.
 */
export function widenedToStandard(found: FoundIn, photo: OpenedPhoto): FoundIn | null {
  return widenedToStandardBy(found, photo, false) ?? widenedToStandardBy(found, photo, true);
}

/**
 * widenedToStandard with the fainter lines read as each profile's strongest step past the side,
 * or (`nearest`, tried second) its nearest lasting one: a white-bordered card in a slab whose
 * light insert meets the border in a faint step, the well's dark rim just beyond stepping more
 * (zoo tuning seed 313: the black frame, 4.3 mm in, had been taken for the card's edge).
 */
function widenedToStandardBy(found: FoundIn, photo: OpenedPhoto, nearest: boolean): FoundIn | null {
  const outlines = widerOutlines(found, photo, nearest);
  const fits = (readings: [number, number]) =>
    surelyFits(readings, CARD_RATIOS.standard) && Math.abs(readings[1] - CARD_RATIOS.standard) <= PAIR_FITS;
  const all = outlines.find((w) => w.moved === 4);
  // A fainter line past every side is a border all round: the reading with the perspective
  // undone, right under a tilt, decides.
  if (all)
    return Math.abs(all.readings[1] - CARD_RATIOS.standard) <= PAIR_FITS
      ? { ...found, card: { ...found.card, corners: all.corners } }
      : null;
  const three = outlines.find((w) => w.moved === 3);
  const missing = three ? [0, 1, 2, 3].find((i) => !three.sides.includes(i))! : -1;
  const completed = three ? completedTo(three, missing, photo, CARD_RATIOS.standard) : null;
  if (completed && fits(completed.readings))
    return { ...found, card: { ...found.card, corners: completed.corners, inferredSide: missing } };
  // One side's border missed (a black border on a dark desk along one side): that side alone
  // moves out to its line, where the outline then fits the standard size as closely.
  const one = outlines
    .filter((w) => w.moved === 1 && fits(w.readings))
    .sort((a, b) => Math.abs(a.readings[1] - CARD_RATIOS.standard) - Math.abs(b.readings[1] - CARD_RATIOS.standard))[0];
  if (one) return { ...found, card: { ...found.card, corners: one.corners } };
  // No line past that side at all: the border there is the table's colour. It is placed where the standard size puts it.
  const side = borderMissedOn(found);
  if (side === null) return null;
  const placed = movedToRatio(found.card.corners, side, photo, CARD_RATIOS.standard, borderRange(found));
  return placed && fits(ratioReadings(placed, photo))
    ? { ...found, card: { ...found.card, corners: placed, inferredSide: side } }
    : null;
}

/** How far (photo pixels) past a side found on a card's print its edge may lie: a border's width, 1 to 6 mm. */
function borderRange(found: FoundIn): [number, number] {
  const pxPerMm = shortestSide(found.card.corners) / 63;
  return [pxPerMm, 6 * pxPerMm];
}

/** Colours (CIE deltaE) this close are one border's; this far apart, the print's and the border's. */
const SAME_BORDER = 12;
const NOT_BORDER = 20;

/** The median colour `depth` pixels inside side `i` of an outline (outside where negative), over its middle; null where too little of it lies in the raster. */
function bandColour(raster: Raster, quad: Quad, i: number, depth: number): Lab | null {
  const { a, b, outward } = sideOf(quad, i);
  const seen: Lab[] = [];
  for (const t of [0.2, 0.35, 0.5, 0.65, 0.8]) {
    const lab = labAt(raster, a.x + (b.x - a.x) * t - outward.x * depth, a.y + (b.y - a.y) * t - outward.y * depth);
    if (lab) seen.push(lab);
  }
  return seen.length < 3 ? null : medianColour(seen);
}

/**
 * The one side of a found outline that runs along the card's print, not its edge: just inside the
 * other three lies one colour, the border's, and just inside this side another, while just outside
 * it lies the border's colour again (a black border on a dark desk, seen on three sides and lost
 * against the desk on the fourth). Null where no single side is so.
 */
function borderMissedOn(found: FoundIn): number | null {
  const quad = inRegion(found.region, found.card.corners);
  const pxPerMm = shortestSide(quad) / 63;
  const inside = [0, 1, 2, 3].map((i) => bandColour(found.region.raster, quad, i, 0.6 * pxPerMm));
  const outside = [0, 1, 2, 3].map((i) => bandColour(found.region.raster, quad, i, -0.8 * pxPerMm));
  const missed = [0, 1, 2, 3].filter((k) => {
    const others = [0, 1, 2, 3].filter((i) => i !== k).map((i) => inside[i]);
    const [own, past] = [inside[k], outside[k]];
    if (!own || !past || others.some((c) => !c)) return false;
    const border = others as Lab[];
    return (
      border.every((c, i) => border.every((d, j) => j <= i || deltaE(c, d) <= SAME_BORDER)) &&
      border.every((c) => deltaE(c, own) >= NOT_BORDER && deltaE(c, past) <= SAME_BORDER)
    );
  });
  return missed.length === 1 ? missed[0]! : null;
}

/**
 * The outline with side `side` moved out, parallel to itself, to where the outline reads `ratio`
 * with the perspective undone: between 1 and 6 mm out (a border's width), else null.
 */
function completedTo(outline: WiderOutline, side: number, photo: OpenedPhoto, ratio: number): WiderOutline | null {
  const pxPerMm = shortestSide(outline.corners) / 63;
  const corners = movedToRatio(outline.corners, side, photo, ratio, [pxPerMm, 6 * pxPerMm]);
  return corners ? { corners, moved: 4, sides: [0, 1, 2, 3], readings: ratioReadings(corners, photo) } : null;
}

/** The outline with side `side` moved `offset` pixels out (in where negative), parallel to itself; null where the sides no longer meet. */
function movedBy(c: [Point, Point, Point, Point], side: number, offset: number): [Point, Point, Point, Point] | null {
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
function movedToRatio(
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

/** How close the widened outline's ratio with the perspective undone (the reading that holds under a tilt) must come to the standard card's. */
const PAIR_FITS = 0.005;

/** A card found: what `findCardIn` answers when it finds one. */
export type FoundIn = Extract<CardInPhoto, { ok: true }>;
type WiderOutline = {
  corners: [Point, Point, Point, Point];
  moved: number;
  sides: number[];
  readings: [number, number];
};

/** Every outline made by moving some of the found outline's sides out to the fainter lines beyond them (outer-edge.ts; `nearest`: each profile's nearest lasting step). */
function widerOutlines(found: FoundIn, photo: OpenedPhoto, nearest = false): WiderOutline[] {
  const { left, top, raster } = found.region;
  const quad = inRegion(found.region, found.card.corners);
  // The frame is about 57 mm wide on a 63 mm card.
  const pxPerMm = shortestSide(quad) / 57;
  const outer = outerSides(raster, quad, Math.max(2, pxPerMm), pxPerMm * 6, nearest);
  const own = quad.map((p, i) => fitLine([p, quad[(i + 1) % 4]!]));
  const outlines: WiderOutline[] = [];
  // Each subset of the sides as a bit mask (side i runs from corner i to corner i + 1).
  for (let subset = 1; subset < 16; subset += 1) {
    const moves = [0, 1, 2, 3].filter((i) => (subset >> i) & 1);
    if (moves.some((i) => !outer[i])) continue;
    const corners = cornersOfSides(
      own.map((line, i) => (moves.includes(i) ? outer[i]! : line)),
      { x: left + 0.5, y: top + 0.5 },
    );
    if (corners && plausibleCard(corners, photo))
      outlines.push({ corners, moved: moves.length, sides: moves, readings: ratioReadings(corners, photo) });
  }
  return outlines;
}

/** An outline's corners (photo pixels) in the pixels of the region's raster, as the side searches read them. */
const inRegion = (region: PhotoRegion, corners: Point[]) =>
  corners.map((p) => ({ x: p.x - region.left - 0.5, y: p.y - region.top - 0.5 })) as [Point, Point, Point, Point];

/** How far a width-to-height reading lies from the nearer card size's ratio. */
const offSize = (ratio: number) =>
  Math.min(Math.abs(ratio - CARD_RATIOS.standard), Math.abs(ratio - CARD_RATIOS.small));
/** An outline whose ratio (with the perspective undone) reads this close to a card size's is the card's. */
const SIZE_FITS = 0.004;
/** A widened outline must read this close to a card size's ratio... */
const SIZE_FITS_AFTER = 0.006;
/** ...and this much closer than the outline it widens. */
const SIZE_GAIN = 0.003;

/**
 * One card the colour flood split into several objects (a sleeve's edge, paper lines or a
 * holder's label across it), or one card beside table features the flood took for objects (a
 * notebook's margin line, a playmat's print): the outline search finds exactly one card, some
 * object lies inside it, and every object outside it could not be a whole card (mayBeACard).
 * Several cards side by side stay several.
 */
async function oneCardSplit(photo: OpenedPhoto, objects: ObjectSeen[]): Promise<CardInPhoto | null> {
  const found = await byOutline(photo, photo.preview);
  if (!found?.ok) return null;
  const inside = objects.filter((o) => containsPoint(found.card.corners, o.centre));
  return inside.length > 0 && objects.every((o) => inside.includes(o) || !mayBeACard(photo, o)) ? found : null;
}

/**
 * Whether an object the colour search saw could be a whole card: card-shaped, and its outline
 * showing along as much of its length as the outline search asks of a card (MIN_SUPPORT). A
 * patch of a mottled playmat or the shade under a top loader's lip can take a card's shape, but
 * its colour fades into the table: on zoo tuning seeds 1 to 720 two such patches beside one
 * card read 0.28 and 0.54 (seeds 199 and 294, refused as several cards), while the second cards
 * of the bad inputs 1 to 100 read 0.9 to 1 and a real photo's (bench:real) 0.84.
 */
function mayBeACard(photo: OpenedPhoto, object: ObjectSeen): boolean {
  return object.cardLike && support(photo, object) >= MIN_SUPPORT;
}

/** The card inside a sleeve whose outline the colour search found, or null (see cardInSleeve). */
async function inSleeve(photo: OpenedPhoto, found: FoundIn): Promise<CardInPhoto | null> {
  if (!tableJustInside(found.region, found.card.corners)) return null;
  const located = await cardInSleeve(photo, photo.preview, found.card.corners);
  if (!located) return null;
  const refined = refineCard(found.region, located, photo.width, photo.height);
  // The side fit went back out to the outline first found: that was the card, not a sleeve.
  if (!refined.ok || sameCard(refined.card, found.card, located.reachPx ?? 0)) return null;
  return { ok: true, card: { ...refined.card, throughHolder: true }, region: found.region };
}

/** Whether two searches found one card: every corner of one within `tolerance` (photo pixels) of the other's. */
function sameCard(a: FoundCard, b: FoundCard, tolerance: number): boolean {
  return a.corners.every((p) => b.corners.some((q) => distance(p, q) <= tolerance));
}

/** How much of a found card's outline (or an object's, photo pixels) the preview shows. */
function support(photo: OpenedPhoto, card: Pick<FoundCard, 'corners'>): number {
  const scale = photo.preview.width / photo.width;
  return outlineSupport(
    photo.preview,
    card.corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as [Point, Point, Point, Point],
  );
}

/** Whether a preview finer than the first shows several whole cards (locate-by-outline.ts severalCardsIn). */
async function severalCards(photo: OpenedPhoto): Promise<boolean> {
  const finer = await previewOf(photo, CARDS_PREVIEW_SIDE);
  return finer !== null && finer.width > photo.preview.width && (await severalCardsIn(finer));
}

/**
 * A card too small for the preview to show its outline (a few dozen preview pixels tall), from a
 * preview three times finer: found, so that the grader can say it is too small, not that there
 * is no card. Null when none shows there either.
 */
async function smallCard(photo: OpenedPhoto): Promise<CardInPhoto | null> {
  const finer = await previewOf(photo, FINE_PREVIEW_SIDE);
  if (!finer || finer.width <= photo.preview.width) return null;
  const found = await byOutline(photo, finer, true);
  return found?.ok ? found : null;
}

/**
 * The card from its outline, a rejection the outlines justify (several cards, cut off), or null.
 * The colour search's side fit is the more precise where it keeps to the outline; where it strays
 * (a border as dark as the table, a sleeve's edge), the sides snapped to the outline (snap-sides.ts).
 */
async function byOutline(photo: OpenedPhoto, preview: Raster, smallCards = false): Promise<CardInPhoto | null> {
  let located = await locateByOutline(preview, photo.width, smallCards);
  if (!smallCards && (!located || located.ok)) {
    const scale = preview.width / photo.width;
    const seen = located
      ? (located.card.coarse.map((p) => ({ x: p.x * scale, y: p.y * scale })) as [Point, Point, Point, Point])
      : null;
    const inside = await cardInsideHolder(photo, preview, seen);
    if (inside) located = { ok: true, card: inside };
  }
  if (!located) return null;
  if (!located.ok) return located;
  return refinedFrom(photo, preview, located.card);
}

/** The card whose rough outline `located` gives, its sides fitted at full resolution (or snapped to the outline), or null. */
async function refinedFrom(photo: OpenedPhoto, preview: Raster, located: LocatedCard): Promise<CardInPhoto | null> {
  const decoded = await decodeRegion(photo, regionToRefine(located, photo.width, photo.height));
  if (!decoded.ok) return decoded;
  const refined = refineCard(decoded.region, located, photo.width, photo.height);
  // How far the preview's rough outline may lie from the card's edge, in photo pixels.
  const outlineError = PREVIEW_OUTLINE_ERROR * (photo.width / preview.width);
  const throughHolder = located.inHolder === true;
  if (refined.ok && refined.sidesFitted === 4 && keepsTo(refined.card, located, outlineError))
    return { ok: true, card: { ...refined.card, throughHolder }, region: decoded.region };
  const snapped = snapIn(decoded.region, located, outlineError, photo);
  if (snapped) return { ok: true, card: { ...snapped, throughHolder }, region: decoded.region };
  return refined.ok ? { ok: true, card: { ...refined.card, throughHolder }, region: decoded.region } : null;
}

/**
 * Whether each side of a fitted card lies within the outline's error of a side of the outline
 * (sides, not corners: the outline's corners cut the card's rounded ones).
 */
function keepsTo(card: FoundCard, located: LocatedCard, tolerance: number): boolean {
  const sides = located.coarse.map((p, i) => fitLine([p, located.coarse[(i + 1) % 4]!]));
  return card.corners.every((p, i) => {
    const q = card.corners[(i + 1) % 4]!;
    const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    return sides.some((l) => Math.abs(l.a * mid.x + l.b * mid.y - l.c) <= tolerance);
  });
}

/** The outline's sides snapped to the card's edge in the full-resolution region around it, or null. */
function snapIn(region: PhotoRegion, located: LocatedCard, outlineError: number, photo: OpenedPhoto): FoundCard | null {
  const { left, top, raster } = region;
  const coarse = located.coarse.map((p) => ({ x: p.x - left, y: p.y - top })) as [Point, Point, Point, Point];
  // A card's border is at least a millimetre wide: the colour past its edge lasts that long.
  const pxPerMm = shortestSide(coarse) / 63;
  const snapped = snapSides(raster, coarse, outlineError + 2, Math.max(3, Math.round(pxPerMm)));
  if (!snapped) return null;
  const corners = snapped.corners.map((p) => ({ x: p.x + left, y: p.y + top })) as [Point, Point, Point, Point];
  if (!plausibleCard(corners, photo)) return null;
  return { corners: orderTopShort(corners), background: located.background, edgeRisePx: snapped.edgeRisePx };
}

/** Decodes only the region around the rough outline at full resolution and fits the sides there. */
async function refineLocated(photo: OpenedPhoto, located: LocatedCard): Promise<CardInPhoto> {
  const decoded = await decodeRegion(photo, regionToRefine(located, photo.width, photo.height));
  if (!decoded.ok) return decoded;
  const refined = refineCard(decoded.region, located, photo.width, photo.height);
  return refined.ok ? { ok: true, card: refined.card, region: decoded.region } : refined;
}
