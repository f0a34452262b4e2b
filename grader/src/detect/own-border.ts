/**
 * The finder's last look at an outline, a side at a time: where the colour just inside its sides
 * is not one border's, some sides lie off the card (on a holder's rim or its plastic, on the
 * printed frame or the art's edge), and each side may be moved to another line near it so that
 * the card's own border runs round all four.
 */
import { orderTopShort, plausibleCard, shortestSide } from '../geometry/card-corners.ts';
import { cornersOfSides, fitLine, type Line, type Point } from '../geometry/homography.ts';
import { ratioReadings } from '../geometry/aspect.ts';
import type { OpenedPhoto } from '../image/decode.ts';
import { deltaE, type Lab } from '../image/color.ts';
import type { PhotoRegion } from '../image/raster.ts';
import {
  bandColour,
  coloursInside,
  inRegion,
  offSize,
  SAME_BORDER,
  SIZE_FITS,
  SIZE_FITS_AFTER,
  type FoundIn,
} from './found.ts';
import { seenThroughPlastic, tableLikeRing } from './inside-holder.ts';
import { innerSides, outerSides, strongestInnerSides } from './outer-edge.ts';

type Quad = [Point, Point, Point, Point];

/** How far from a side (mm) another line may take its place: a sleeve's or a top loader's plastic, a frame inside the border. */
const SIDE_MOVES_MM = { from: 0.8, to: 6 } as const;

/**
 * Only an outline reading this near a card size (with the perspective undone) has its sides moved:
 * it is the card with a side or two on a holder's plastic or a frame. Farther off, it is more
 * likely something else, and lines near its sides that make a card size are as likely a frame's
 * (a small card's outline read 0.77 with its top on the art; its frame lines inside three sides
 * made the standard size).
 */
const NEAR_A_SIZE = 0.025;

/** Below this lightness (L*) a table is as dark as a black border, and a ring that looks like it may be the border. */
const DARK_TABLE_L = 30;

/** One border's colour read on two sides under uneven light: the darker side's L* at least this share of the lighter's... */
const LIGHT_FALLS_TO = 0.65;
/** ...and their a* and b*, scaled to one lightness, this close (CIE units). */
const SAME_HUE = 6;

/**
 * Whether one colour lies just inside every side of an outline, as `found.ts` borderAllRound asks
 * (within SAME_BORDER), or one border's colour read under uneven light: a lamp or a window darkens
 * a light border along one side by up to a third of its L* (a light grey back read 91 along its
 * top and 66 along its bottom) without changing its hue, and the print or a holder's rim inside a
 * misplaced side has another hue.
 */
export function borderUnderLight(region: PhotoRegion, corners: Quad): boolean {
  const inside = coloursInside(region, corners);
  if (inside.some((c) => !c)) return false;
  const colours = inside as Lab[];
  return colours.every((c, i) =>
    colours.every((d, j) => {
      if (j <= i || deltaE(c, d) <= SAME_BORDER) return true;
      const [light, dark] = c[0] >= d[0] ? [c, d] : [d, c];
      if (light[0] <= 0 || dark[0] < LIGHT_FALLS_TO * light[0]) return false;
      const scale = light[0] / Math.max(dark[0], 1);
      return Math.hypot(light[1] - dark[1] * scale, light[2] - dark[2] * scale) <= SAME_HUE;
    }),
  );
}

/**
 * The outline with some sides moved to a line near them where, after the move, one colour lies
 * just inside every side (borderUnderLight) and the outline reads a card size (within SIZE_FITS);
 * null where the outline already has one border all round, or no such move is found. One border
 * all round may still hold a side on a light panel inside it (a sports back's panel reads L* 89
 * inside a border of 83): where the border runs on past a side (borderRunsPast), the outline is
 * moved too, to one past which no border runs, reading a card size as a widened outline must
 * (SIZE_FITS_AFTER). Each side's
 * choices are its own line and the lines the side searches find outward (strongest and nearest
 * step) and inward (nearest past a flat ring, and strongest) within SIDE_MOVES_MM. Of the
 * outlines that pass, the one moving fewest sides, then the one nearest a card size.
 */
export function ontoOwnBorder(found: FoundIn, photo: OpenedPhoto): FoundIn | null {
  const pastAtFirst = borderRunsPast(found.region, found.card.corners).some(Boolean);
  if (
    offSize(ratioReadings(found.card.corners, photo)[1]) > NEAR_A_SIZE ||
    (borderUnderLight(found.region, found.card.corners) && !pastAtFirst)
  )
    return null;
  const { left, top, raster } = found.region;
  const quad = inRegion(found.region, found.card.corners);
  const pxPerMm = shortestSide(quad) / 63;
  const [from, to] = [Math.max(3, SIDE_MOVES_MM.from * pxPerMm), SIDE_MOVES_MM.to * pxPerMm];
  const outward = [outerSides(raster, quad, from, to), outerSides(raster, quad, from, to, true)];
  const inward = [innerSides(raster, quad, from, to), strongestInnerSides(raster, quad, from, to)];
  const own = quad.map((p, i) => fitLine([p, quad[(i + 1) % 4]!]));
  const choices: { line: Line; inward: boolean }[][] = own.map((line, side) => [
    { line, inward: false },
    ...outward.flatMap((lines) => (lines[side] ? [{ line: lines[side], inward: false }] : [])),
    ...inward.flatMap((lines) => (lines[side] ? [{ line: lines[side], inward: true }] : [])),
  ]);
  if (choices.every((c) => c.length === 1)) return null;
  let best: { corners: Quad; moved: number; off: number } | null = null;
  const pick = [0, 0, 0, 0];
  const visit = (side: number): void => {
    if (side === 4) {
      const moved = pick.filter((k) => k > 0).length;
      if (moved === 0 || (best && moved > best.moved)) return;
      const corners = cornersOfSides(
        pick.map((k, i) => choices[i]![k]!.line),
        { x: left + 0.5, y: top + 0.5 },
      );
      if (!corners || !plausibleCard(corners, photo)) return;
      const off = offSize(ratioReadings(corners, photo)[1]);
      // Sides moved off a panel inside the border are read against the size as widened outlines are.
      if (off > (pastAtFirst ? SIZE_FITS_AFTER : SIZE_FITS) || (best && best.moved === moved && best.off <= off))
        return;
      if (!borderUnderLight(found.region, corners)) return;
      if (pastAtFirst && borderRunsPast(found.region, corners).some(Boolean)) return;
      // A side moved in crosses a holder's plastic over the table, not the card's own print.
      const movedIn = pick.some((k, i) => choices[i]![k]!.inward);
      if (
        movedIn &&
        !seenThroughPlastic(found.region, corners, found.card.corners, found.card.background) &&
        !(found.card.background[0] >= DARK_TABLE_L && tableLikeRing(found.region, corners, found.card.corners))
      )
        return;
      best = { corners: orderTopShort(corners), moved, off };
      return;
    }
    for (let k = 0; k < choices[side]!.length; k += 1) {
      pick[side] = k;
      visit(side + 1);
    }
    pick[side] = 0;
  };
  visit(0);
  if (!best) return null;
  const { corners } = best;
  return { ...found, card: { ...found.card, corners } };
}

/** How far outside a side (mm) the ring beyond it is read: past the blur of the card's edge. */
const RING_OUT_MM = 1;
/** A ring this close (CIE deltaE) to the colour just inside other sides is their border, running on past this side. */
const SAME_AS_BORDER = 4;
/** Those other sides must show the card's edge: their own ring this far (deltaE) from the colour inside them. */
const EDGE_STEP = 8;

/**
 * For each side of an outline, whether the border runs on past it: just outside the side lies the
 * colour that lies just inside two other sides or more, sides at which that colour ends in a step
 * to the table (EDGE_STEP). Such a side lies on a panel or frame inside the card's border (a
 * sports back's light panel inside its grey border reads L* 89 against the border's 83, close
 * enough to pass for one border under uneven light), not on the card's edge.
 */
export function borderRunsPast(region: PhotoRegion, corners: Quad): boolean[] {
  const quad = inRegion(region, corners);
  const pxPerMm = shortestSide(quad) / 63;
  const inside = coloursInside(region, corners);
  const outside = [0, 1, 2, 3].map((i) => bandColour(region.raster, quad, i, -RING_OUT_MM * pxPerMm));
  const edge = inside.map((c, j) => (c && outside[j] && deltaE(c, outside[j]) >= EDGE_STEP ? c : null));
  return outside.map((ring, k) => {
    if (!ring) return false;
    const borders = edge.filter((c, j): c is Lab => j !== k && c !== null && deltaE(ring, c) <= SAME_AS_BORDER);
    return borders.length >= 2;
  });
}
