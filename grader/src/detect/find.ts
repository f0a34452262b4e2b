import type { RejectionCode } from '@gradelens/shared';
import { polygonArea } from '../geometry/polygon.ts';
import { distance, type Point } from '../geometry/homography.ts';
import { ratioReadings } from '../geometry/aspect.ts';
import { previewOf, type OpenedPhoto } from '../image/decode.ts';
import type { Raster } from '../image/raster.ts';
import type { FoundCard, ObjectSeen } from './card-types.ts';
import { locateCard } from './locate-by-colour.ts';
import { hasCardRatio, locateByOutline, MIN_SUPPORT, severalCardsIn } from './locate-by-outline.ts';
import { containsPoint } from './outline-candidates.ts';
import { finderRejection } from './rejections.ts';
import { refineCard } from './refine-sides.ts';
import { cardInsideHolder, cardInSleeve, tableJustInside } from './inside-holder.ts';
import { outlineShown, type CardInPhoto, type FoundIn } from './found.ts';
import { trimmed } from './trim.ts';
import { widened } from './widen.ts';
import { intoHolder, narrowed, outOfSleeveEnd, pulledIn } from './holder-outline.ts';
import { ontoOwnBorder } from './own-border.ts';
import { PREVIEW_OUTLINE_ERROR, refinedFrom, refineLocated } from './refined.ts';

type Quad = [Point, Point, Point, Point];

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
  const trimmedCard = (pulled.ok && trimmed(pulled, photo)) || pulled;
  const sleeveEnd = (trimmedCard.ok && outOfSleeveEnd(trimmedCard, photo)) || trimmedCard;
  const final = (sleeveEnd.ok && ontoOwnBorder(sleeveEnd, photo)) || sleeveEnd;
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

async function searchBoth(photo: OpenedPhoto): Promise<CardInPhoto> {
  const byColour = locateCard(photo.preview, photo.width);
  if (!byColour.ok && byColour.objects) return (await oneCardSplit(photo, byColour.objects)) ?? byColour;
  const refinedColour = byColour.ok ? await refineLocated(photo, byColour.card) : byColour;
  // A region the colour flood cut out of the table's own light falloff shows no outline.
  const colourSupport = refinedColour.ok ? outlineShown(photo, refinedColour.card) : 0;
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
  return outlineShown(photo, outlineCard.card) > outlineShown(photo, colourCard.card) + OUTLINE_SUPPORT_LEAD
    ? outlineCard
    : colourCard;
}

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
  return object.cardLike && outlineShown(photo, object) >= MIN_SUPPORT;
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
