/**
 * The finder's step in: sides fitted on what lies beside the card (a shadow, a line on the table,
 * clear plastic) moved in across a ring of the table's colour to the card's own edge.
 */
import { orderTopShort, plausibleCard, shortestSide, sideOf } from '../geometry/card-corners.ts';
import { cornersOfSides, fitLine, type Point } from '../geometry/homography.ts';
import { ratioReadings, surelyFits } from '../geometry/aspect.ts';
import { deltaE } from '../image/color.ts';
import type { OpenedPhoto } from '../image/decode.ts';
import { labAt } from './outline-candidates.ts';
import { innerSides } from './outer-edge.ts';
import {
  borderAllRound,
  inRegion,
  offSize,
  PAIR_FITS,
  SIZE_FITS,
  SIZE_FITS_AFTER,
  SIZE_GAIN,
  type FoundIn,
} from './found.ts';

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
export function trimmed(found: FoundIn, photo: OpenedPhoto): FoundIn | null {
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
