import { rectangleAspect } from '../geometry/aspect.ts';
import { shortestSide } from '../geometry/card-corners.ts';
import { applyHomography, distance, homographyFrom, type Point } from '../geometry/homography.ts';
import { quantile } from '../geometry/median.ts';
import { polygonArea } from '../geometry/polygon.ts';
import { previewOf, type OpenedPhoto } from '../image/decode.ts';
import type { PhotoRegion, Raster } from '../image/raster.ts';
import { deltaE, labToLinear, rgbToLab, type Lab } from '../image/color.ts';
import { warpQuad } from '../rectify.ts';
import type { LocatedCard } from './card-types.ts';
import { CARD_ASPECT, distinctCards, hasCardRatio, MIN_SUPPORT, uprightOf } from './locate-by-outline.ts';
import {
  centroid,
  containsPoint,
  labAt,
  outlineCandidates,
  rayExit,
  ringContrast,
  samplesAlong,
  sideGaps,
  type OutlineCandidate,
} from './outline-candidates.ts';

type Quad = [Point, Point, Point, Point];

/**
 * A holder's outline, perspective undone: a graded slab is about 84 x 136 mm (0.62), a top
 * loader about 76 x 101 mm (0.75). Outlines of a card's ratio are cards (CARD_ASPECT).
 */
const HOLDER_ASPECT = { min: 0.5, max: 0.82 } as const;
/** A holder's outline shows along half its length or more (clear plastic's rim catches the light, though not on every table). */
const HOLDER_SUPPORT = 0.5;
/** A holder is larger than what was taken for the card in it (a slab's outline and the card's lower sides make a quadrilateral 0.87 of the slab)... */
const HOLDER_OVER_CARD = 1.1;
/** ...and at most this much larger: a slab is 2.1 times a card (a larger brand's 2.4). */
const HOLDER_AT_MOST = 2.6;
/** With no card found, a holder this large a share of the preview is looked into. */
const MIN_HOLDER_SHARE = 0.03;
/**
 * The card's share of its holder: 0.49 in a PSA-size slab (0.43 in a larger one, 0.44 for a small card), 0.72 in a top
 * loader (0.66). A card's printed frame fills more than 0.76 of the card (a border under 4.5 mm).
 */
const CARD_IN_HOLDER = { min: 0.38, max: 0.76 } as const;
/** How far (warped pixels, a quarter of a millimetre or less each) the card's outline in the warped holder may lie from its edge. */
const OUTLINE_ERROR = 6;
/** The side search reads at least this far (photo pixels) either side of the outline. */
const MIN_REACH_PX = 8;
/**
 * A slab's inner well hugs the card: about 1.5 mm a side, 0.023 of the well's width. A card's
 * printed border is 2 mm or more (0.032 of its width).
 */
const SNUG_GAP = 0.028;
/** A card fills this share of its penny sleeve (63 x 88 in 66 x 93 mm: 0.9). */
const CARD_IN_SLEEVE = { min: 0.8, max: 0.97 } as const;
/** A sleeve's margin is read this far inside its outline, the table this far outside it. */
const SLEEVE_MARGIN_MM = 0.8;
const TABLE_OUT_MM = 1.2;
/** Between a card and its sleeve lies the table seen through plastic: as in the preview (locate-by-outline.ts). */
const SLEEVE_RING_CONTRAST = 12;
/**
 * The ring is narrow: half-way round under this share of the outline's width (3 mm; a sleeve is
 * 1.5 mm wider a side, and the colour search's outline and the card's contour lie a little out
 * and in).
 */
const SLEEVE_GAP = 0.045;
/** A candidate's outline lies this far inside the edge it follows (the dilated edge's inner side). */
const CANDIDATE_WIDENING_PX = 1.5;
/** The warped holder's margin on each side, a share of its long side. */
const WARP_MARGIN = 0.04;
/** Corners this near the holder's own (a share of its width) are its outline found again. */
const SAME_OUTLINE = 0.015;
/** The finer preview the holder is cut from: 4 to 5 pixels per mm for a card filling a third of the photo. */
const FINE_SIDE = 1200;
/** The holder's long side once warped square on: the card in it about 300 px tall, as the preview shows a card. */
const WARP_LONG_SIDE = 560;

/**
 * The card inside a holder (a graded slab, a top loader) that the preview showed too coarsely:
 * there the card's edge runs 1.5 mm from the slab's well or the loader's pocket, two or three
 * preview pixels, and the outlines merge (or pair the holder's top with the card's sides). The
 * holder's own outline is clear and of no card's ratio; cut from a finer preview and warped square
 * on, its inside shows the card's outline apart, found as in the preview (nested outlines read
 * from the outermost inward) among outlines of a card's ratio and share of the holder. Null when
 * no holder lies around `found` (preview pixels; null: nothing found) or no card shows inside.
 */
export async function cardInsideHolder(
  photo: OpenedPhoto,
  preview: Raster,
  found: Quad | null,
): Promise<LocatedCard | null> {
  const view = await holderView(photo, preview, found);
  if (!view) return null;
  const card = await cardIn(view);
  if (!card) return null;
  const located = locatedIn(view, card);
  // The card is where something was seen: the holder's own outline, or one partly the card's.
  const toPreview = preview.width / photo.width;
  if (
    found &&
    !containsPoint(
      located.coarse.map((p) => ({ x: p.x * toPreview, y: p.y * toPreview })),
      centroid(found),
    )
  )
    return null;
  return located;
}

/**
 * The card inside an outline that was taken for a card but has no card's ratio and a holder's
 * (a top loader's 0.75, a slab's 0.62), or (`anyShape`) whatever its ratio: the outline warped
 * square on and looked into as a holder found around a card is (cardIn). `outline` in preview
 * pixels, clockwise from the top-left. Null when it is not holder-shaped (unless `anyShape`) or
 * no card shows inside.
 */
export async function cardInsideOutline(
  photo: OpenedPhoto,
  preview: Raster,
  outline: Quad,
  anyShape = false,
): Promise<LocatedCard | null> {
  if (!anyShape && !holderShaped(outline, preview)) return null;
  const view = await viewOf(photo, preview, outline);
  if (!view) return null;
  // Outlines from straight lines too where the outline is a holder's; looking into one with a
  // card's ratio, contours alone (half the time, and a card in a slab shows its whole outline).
  const card = await cardIn(view, !anyShape);
  return card ? locatedIn(view, card) : null;
}

/** The card found in a warped holder, in photo pixels; its outline there is good to a few of its pixels. */
function locatedIn(view: HolderView, card: OutlineCandidate): LocatedCard {
  const reachPx = Math.max(MIN_REACH_PX, OUTLINE_ERROR * view.photoPxPerWarpedPx);
  return {
    coarse: card.corners.map(view.toPhoto) as Quad,
    background: card.background,
    backgroundSpread: card.backgroundSpread,
    inHolder: true,
    reachPx,
  };
}

/** A holder warped square on, with a margin around it, and the way back to the photo's pixels. */
export interface HolderView {
  warped: Raster;
  /** Where the holder's outline lies in `warped`: its corners, width and height. */
  rim: Quad;
  width: number;
  height: number;
  toPhoto: (p: Point) => Point;
  photoPxPerWarpedPx: number;
}

/**
 * The holder around `found` (see cardInsideHolder) cut from a finer preview and warped square on,
 * or null. The holder's outline comes from the coarse preview: a margin around it keeps whatever
 * runs close to it whole.
 */
export async function holderView(photo: OpenedPhoto, preview: Raster, found: Quad | null): Promise<HolderView | null> {
  const holder = await holderAround(preview, found);
  return holder ? viewOf(photo, preview, holder) : null;
}

/** A holder's outline (preview pixels, clockwise from the top-left) cut from a finer preview and warped square on. */
async function viewOf(photo: OpenedPhoto, preview: Raster, holder: Quad): Promise<HolderView | null> {
  const fine = await previewOf(photo, FINE_SIDE);
  if (!fine) return null;
  const toFine = fine.width / preview.width;
  const corners = holder.map((p) => ({ x: p.x * toFine, y: p.y * toFine })) as Quad;
  // Width over height of the holder as it lies in the photo (upright or on its side).
  const standing = distance(corners[0], corners[1]) <= distance(corners[1], corners[2]);
  const ratio = rectangleAspect(uprightOf(corners), fine);
  const [width, height] = standing
    ? [Math.round(WARP_LONG_SIDE * ratio), WARP_LONG_SIDE]
    : [WARP_LONG_SIDE, Math.round(WARP_LONG_SIDE * ratio)];
  const margin = Math.round(WARP_LONG_SIDE * WARP_MARGIN);
  const rim: Quad = [
    { x: margin, y: margin },
    { x: margin + width, y: margin },
    { x: margin + width, y: margin + height },
    { x: margin, y: margin + height },
  ];
  const toFineFromHolder = homographyFrom(rim, corners);
  const [w, h] = [width + 2 * margin, height + 2 * margin];
  const around = [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ].map((p) => applyHomography(toFineFromHolder, p)) as Quad;
  const scale = photo.width / fine.width;
  const longSide = Math.max(distance(corners[0], corners[1]), distance(corners[1], corners[2]));
  return {
    warped: warpQuad(fine, around, w, h),
    rim,
    width,
    height,
    toPhoto: (p) => {
      const q = applyHomography(toFineFromHolder, p);
      return { x: q.x * scale, y: q.y * scale };
    },
    photoPxPerWarpedPx: (longSide * scale) / WARP_LONG_SIDE,
  };
}

/** The largest holder-shaped outline around what was found (or, with nothing found, anywhere), in preview pixels. */
async function holderAround(preview: Raster, found: Quad | null): Promise<Quad | null> {
  const frameArea = preview.width * preview.height;
  const holders = (await outlineCandidates(preview)).filter(
    (c) =>
      c.support >= HOLDER_SUPPORT &&
      !c.touchesFrame &&
      holderShaped(c.corners, preview) &&
      (found
        ? containsPoint(c.corners, centroid(found)) &&
          c.area >= polygonArea(found) * HOLDER_OVER_CARD &&
          c.area <= polygonArea(found) * HOLDER_AT_MOST
        : c.area >= frameArea * MIN_HOLDER_SHARE),
  );
  if (holders.length === 0) return null;
  return holders.reduce((a, b) => (b.area > a.area ? b : a)).corners;
}

/** An outline of a holder's ratio, outside a card's. */
function holderShaped(corners: Quad, frame: { width: number; height: number }): boolean {
  const ratio = rectangleAspect(uprightOf(corners), frame);
  return (
    ratio >= HOLDER_ASPECT.min && ratio <= HOLDER_ASPECT.max && (ratio < CARD_ASPECT.min || ratio > CARD_ASPECT.max)
  );
}

/** The card among the outlines inside a holder warped square on, or null. */
async function cardIn(view: HolderView, fromLinesToo = true): Promise<OutlineCandidate | null> {
  const { warped } = view;
  const area = view.width * view.height;
  const fits = (c: OutlineCandidate) =>
    c.support >= MIN_SUPPORT &&
    !c.touchesFrame &&
    !isRim(view, c) &&
    hasCardRatio(c.corners, warped) &&
    c.area >= area * CARD_IN_HOLDER.min &&
    c.area <= area * CARD_IN_HOLDER.max;
  let candidates = (await outlineCandidates(warped)).filter(fits);
  if (candidates.length === 0 && fromLinesToo)
    candidates = (await outlineCandidates(warped, undefined, true)).filter(fits);
  const cards = distinctCards(warped, candidates, SNUG_GAP);
  if (cards.length === 0) return null;
  return cards.reduce((a, b) => (b.area > a.area ? b : a));
}

/** Whether an outline in the warped holder is the holder's own, found again. */
function isRim(view: HolderView, c: OutlineCandidate): boolean {
  const tolerance = view.width * SAME_OUTLINE;
  return c.corners.every((p) => view.rim.some((q) => distance(p, q) <= tolerance));
}

/**
 * The card inside a penny sleeve whose outline (photo pixels, TL TR BR BL) the colour search took
 * for the card: in the finer preview warped square on, a card-shaped outline 0.8 to 0.97 of it,
 * with the table seen through plastic between them (ringContrast, as in the preview) in a narrow
 * ring (SLEEVE_GAP). Looked for only where the table shows just inside the outline (tableJustInside).
 */
export async function cardInSleeve(photo: OpenedPhoto, preview: Raster, outline: Quad): Promise<LocatedCard | null> {
  const toPreview = preview.width / photo.width;
  const view = await viewOf(photo, preview, outline.map((p) => ({ x: p.x * toPreview, y: p.y * toPreview })) as Quad);
  if (!view) return null;
  const { warped, rim } = view;
  const area = view.width * view.height;
  const candidates = (await outlineCandidates(warped))
    .filter(
      (c) =>
        c.support >= MIN_SUPPORT &&
        !c.touchesFrame &&
        !isRim(view, c) &&
        c.corners.every((p) => containsPoint(rim, p)) &&
        hasCardRatio(c.corners, warped) &&
        c.area >= area * CARD_IN_SLEEVE.min &&
        c.area <= area * CARD_IN_SLEEVE.max,
    )
    .sort((a, b) => b.area - a.area);
  const shortSide = Math.min(view.width, view.height);
  const card = candidates.find(
    (c) =>
      ringContrast(warped, c.corners, rim) <= SLEEVE_RING_CONTRAST &&
      quantile(sideGaps(c.corners, rim), 0.5) - CANDIDATE_WIDENING_PX <= SLEEVE_GAP * shortSide,
  );
  return card ? locatedIn(view, card) : null;
}

/**
 * Whether just inside an outline (photo pixels, the region's raster around it) lies what lies
 * just outside it: the table seen through a sleeve's plastic, not a card's printed border. Read
 * at full resolution, since a sleeve's margin is 1.5 mm, a pixel or two of the preview.
 */
export function tableJustInside(region: PhotoRegion, outline: Quad): boolean {
  const { raster, left, top } = region;
  const local = outline.map((p) => ({ x: p.x - left, y: p.y - top })) as Quad;
  const pxPerMm = shortestSide(local) / 66;
  const differences: number[] = [];
  for (const { at, normal } of samplesAlong(local)) {
    const inside = labAt(
      raster,
      at.x - normal.x * SLEEVE_MARGIN_MM * pxPerMm,
      at.y - normal.y * SLEEVE_MARGIN_MM * pxPerMm,
    );
    const outside = labAt(raster, at.x + normal.x * TABLE_OUT_MM * pxPerMm, at.y + normal.y * TABLE_OUT_MM * pxPerMm);
    if (inside && outside) differences.push(deltaE(inside, outside));
  }
  return differences.length > 0 && quantile(differences, 0.5) <= SLEEVE_RING_CONTRAST;
}

/**
 * Clear plastic over the table: what it shows is the table with some of the room's light added
 * (a reflection off each surface), so in RGB it lies on the line from the table's colour toward
 * white, a little way along. A printed border is not that: its colour owes nothing to the
 * table's. Only a table well darker than white can tell (on white paper the two coincide) and
 * only a ring some light was added to (on a dark desk a black border is the table's colour too).
 */
const PLASTIC_LIGHT = { min: 0.03, max: 0.65 } as const;
/** How far (RGB) the ring may lie off that line. */
const PLASTIC_OFF_LINE = 12;
/** How far from white (RGB) the table must be for the line to mean anything. */
const TABLE_FROM_WHITE = 60;
/**
 * What lies just outside the outer outline is read 1.2 mm out and again this far out, past any
 * card's border, and must be within OUTSIDE_GOES_ON of it (CIE deltaE): an outline found on a
 * printed frame has the card's border just outside it and the table beyond.
 */
const BEYOND_BORDER_MM = 6;
const OUTSIDE_GOES_ON = 20;
/** The share of the ring's samples that must look so. */
const PLASTIC_SHARE = 0.6;

/**
 * Whether the ring between an inner outline and an outer one (photo pixels, the region's raster
 * around them) is the table seen through clear plastic (see PLASTIC_LIGHT): the outer outline a
 * sleeve's or a slab well's, the inner one the card in it. What lies just outside the outer
 * outline must go on past a card's border's width (BEYOND_BORDER_MM): the table, or a slab's
 * body around its well. The table found (`background`) must be well darker than white.
 */
export function seenThroughPlastic(region: PhotoRegion, inner: Quad, outer: Quad, background: Lab): boolean {
  if (Math.hypot(...rgbOf(background).map((v) => 255 - v)) < TABLE_FROM_WHITE) return false;
  let valid = 0;
  let plastic = 0;
  for (const { rgbAt, gap, pxPerMm } of ringSamples(region, inner, outer)) {
    const ring = rgbAt(gap * 0.5);
    const outside = rgbAt(gap + TABLE_OUT_MM * pxPerMm);
    const further = rgbAt(gap + BEYOND_BORDER_MM * pxPerMm);
    if (!ring || !outside || !further) continue;
    // What lies outside goes on past a card's border: the table, or a slab's body over it.
    if (deltaE(rgbToLab(...outside), rgbToLab(...further)) > OUTSIDE_GOES_ON) continue;
    valid += 1;
    const light = lightAdded(ring, outside);
    if (light !== null && light >= PLASTIC_LIGHT.min) plastic += 1;
  }
  return valid >= 8 && plastic >= valid * PLASTIC_SHARE;
}

/**
 * The points along an inner outline (photo pixels, the region's raster around them) where the
 * outer one lies at least 3 pixels out: the gap to it, the scale (the outer outline a holder's,
 * 66 mm across), and the mean RGB at a distance along the outward normal (negative: inside).
 */
function* ringSamples(region: PhotoRegion, inner: Quad, outer: Quad) {
  const { raster, left, top } = region;
  const local = (q: Quad) => q.map((p) => ({ x: p.x - left, y: p.y - top })) as Quad;
  const [i, o] = [local(inner), local(outer)];
  const pxPerMm = shortestSide(o) / 66;
  for (const { at, normal } of samplesAlong(i)) {
    const gap = rayExit(o, at, normal);
    if (gap === null || gap < 3) continue;
    yield { gap, pxPerMm, rgbAt: (d: number) => rgbAround(raster, at.x + normal.x * d, at.y + normal.y * d) };
  }
}

/** The ring must be at most this share as far (CIE deltaE) from the table just outside as from the card just inside it... */
const RING_TABLE_SHARE = 0.5;
/** ...read this far (mm) inside the inner outline. */
const CARD_IN_MM = 0.6;

/**
 * Whether the ring between an inner outline and an outer one looks like the table beside it and
 * not like the card inside it, at PLASTIC_SHARE of the samples along it: a sleeve's margin over
 * the table, however the plastic tints it (its haze, the table's own mottle under it). A printed
 * border is the card's colour. Used where the outer outline plainly has no card's shape and the
 * inner one has one; seenThroughPlastic tells plastic alone, on any outline.
 */
export function tableLikeRing(region: PhotoRegion, inner: Quad, outer: Quad): boolean {
  let valid = 0;
  let tableLike = 0;
  for (const { rgbAt, gap, pxPerMm } of ringSamples(region, inner, outer)) {
    const lab = (d: number) => {
      const rgb = rgbAt(d);
      return rgb && rgbToLab(...rgb);
    };
    const [card, ring, outside] = [lab(-CARD_IN_MM * pxPerMm), lab(gap * 0.5), lab(gap + TABLE_OUT_MM * pxPerMm)];
    if (!card || !ring || !outside) continue;
    valid += 1;
    if (deltaE(ring, outside) <= RING_TABLE_SHARE * deltaE(ring, card)) tableLike += 1;
  }
  return valid >= 8 && tableLike >= valid * PLASTIC_SHARE;
}

/**
 * How much of the way from `base` to white `colour` lies (RGB), when it lies on that line
 * (within PLASTIC_OFF_LINE) at most PLASTIC_LIGHT.max along it; null otherwise.
 */
function lightAdded(colour: readonly number[], base: readonly number[]): number | null {
  const toWhite = base.map((v) => 255 - v);
  const span2 = toWhite.reduce((t, v) => t + v * v, 0);
  if (span2 < 1) return null;
  const light = colour.reduce((t, v, k) => t + (v - base[k]!) * toWhite[k]!, 0) / span2;
  const off = Math.hypot(...colour.map((v, k) => v - base[k]! - light * toWhite[k]!));
  return off <= PLASTIC_OFF_LINE && light <= PLASTIC_LIGHT.max ? light : null;
}

/** A Lab colour's sRGB (0 to 255). */
function rgbOf(lab: Lab): [number, number, number] {
  const encode = (v: number) => 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * Math.max(0, v) ** (1 / 2.4) - 0.055);
  return labToLinear(lab).map((v) => Math.min(255, Math.max(0, encode(v)))) as [number, number, number];
}

/** The mean RGB of the 3 x 3 pixels around a point, or null off the raster. */
function rgbAround(raster: Raster, x: number, y: number): [number, number, number] | null {
  const cx = Math.round(x);
  const cy = Math.round(y);
  if (cx < 1 || cy < 1 || cx >= raster.width - 1 || cy >= raster.height - 1) return null;
  const sum: [number, number, number] = [0, 0, 0];
  for (let dy = -1; dy <= 1; dy += 1) {
    for (let dx = -1; dx <= 1; dx += 1) {
      const i = ((cy + dy) * raster.width + cx + dx) * 3;
      for (let k = 0; k < 3; k += 1) sum[k] = sum[k]! + raster.data[i + k]!;
    }
  }
  return sum.map((v) => v / 9) as [number, number, number];
}
