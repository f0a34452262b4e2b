/**
 * A rough outline from a preview made a card: its sides fitted at full resolution in the region
 * around it (refine-sides.ts), or snapped to the outline where the fit strays (snap-sides.ts).
 */
import { orderTopShort, plausibleCard, shortestSide } from '../geometry/card-corners.ts';
import { fitLine, type Point } from '../geometry/homography.ts';
import { decodeRegion, type OpenedPhoto } from '../image/decode.ts';
import type { PhotoRegion, Raster } from '../image/raster.ts';
import type { FoundCard, LocatedCard } from './card-types.ts';
import { refineCard, regionToRefine } from './refine-sides.ts';
import { snapSides } from './snap-sides.ts';
import type { CardInPhoto } from './found.ts';

/** How far, in preview pixels, a rough outline from the preview may lie from the card's edge. */
export const PREVIEW_OUTLINE_ERROR = 6;

/** The card whose rough outline `located` gives, its sides fitted at full resolution (or snapped to the outline), or null. */
export async function refinedFrom(
  photo: OpenedPhoto,
  preview: Raster,
  located: LocatedCard,
): Promise<CardInPhoto | null> {
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
export async function refineLocated(photo: OpenedPhoto, located: LocatedCard): Promise<CardInPhoto> {
  const decoded = await decodeRegion(photo, regionToRefine(located, photo.width, photo.height));
  if (!decoded.ok) return decoded;
  const refined = refineCard(decoded.region, located, photo.width, photo.height);
  return refined.ok ? { ok: true, card: refined.card, region: decoded.region } : refined;
}
