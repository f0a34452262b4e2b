/**
 * The finder's step out: an outline found on a card's printed frame (a light card on light paper,
 * a dark one on a dark desk) widened to the card's own edge, the fainter line a border's width
 * outside it, where the outline then reads as a card size.
 */
import { plausibleCard, shortestSide } from '../geometry/card-corners.ts';
import { cornersOfSides, distance, fitLine, type Point } from '../geometry/homography.ts';
import { CARD_RATIOS, ratioReadings, SIZE_BETWEEN, surelyFits } from '../geometry/aspect.ts';
import { deltaE, type Lab } from '../image/color.ts';
import type { OpenedPhoto } from '../image/decode.ts';
import { outerSides } from './outer-edge.ts';
import {
  bandColour,
  inRegion,
  movedToRatio,
  offSize,
  PAIR_FITS,
  SAME_BORDER,
  SIZE_FITS,
  SIZE_FITS_AFTER,
  SIZE_GAIN,
  type CardInPhoto,
  type FoundIn,
} from './found.ts';

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
export function widened(found: FoundIn, photo: OpenedPhoto): CardInPhoto {
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

/** Colours (CIE deltaE) this far apart are the print's and the border's. */
const NOT_BORDER = 20;
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
