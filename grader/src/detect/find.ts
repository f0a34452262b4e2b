import type { GradeRejection, RejectionCode } from '@gradelens/shared';
import { decodeRegion, type OpenedPhoto } from '../image/decode.ts';
import type { PhotoRegion } from '../image/raster.ts';
import { locateCard, refineCard, regionToRefine, type FoundCard, type LocatedCard } from './find-card.ts';
import { locateByOutline } from './locate-by-outline.ts';

export type CardInPhoto = { ok: true; card: FoundCard; region: PhotoRegion } | { ok: false; rejection: GradeRejection };

/** What the colour search answers when it could not tell the card from the table: outlines may. */
const OUTLINES_MAY_FIND: ReadonlySet<RejectionCode> = new Set(['no_card', 'card_cut_off']);

/**
 * Finds the one card in a photo: the colour search first (fast, and measured on thousands of
 * generated photos); where it finds none, runs into the frame or cannot fit the sides, the card's
 * outline from edges (locate-by-outline.ts), which also tells several cards from one.
 */
export async function findCardIn(photo: OpenedPhoto): Promise<CardInPhoto> {
  const byColour = locateCard(photo.preview, photo.width);
  if (byColour.ok) {
    const refined = await refineLocated(photo, byColour.card);
    return refined.ok ? refined : ((await byOutline(photo)) ?? refined);
  }
  if (!OUTLINES_MAY_FIND.has(byColour.rejection.code)) return byColour;
  return (await byOutline(photo)) ?? byColour;
}

/** The card from its outline, a rejection the outlines justify (several cards, cut off), or null. */
async function byOutline(photo: OpenedPhoto): Promise<CardInPhoto | null> {
  const located = await locateByOutline(photo.preview, photo.width);
  if (!located) return null;
  if (!located.ok) return located;
  const refined = await refineLocated(photo, located.card);
  return refined.ok ? refined : null;
}

/** Decodes only the region around the rough outline at full resolution and fits the sides there. */
async function refineLocated(photo: OpenedPhoto, located: LocatedCard): Promise<CardInPhoto> {
  const decoded = await decodeRegion(photo, regionToRefine(located, photo.width, photo.height));
  if (!decoded.ok) return decoded;
  const refined = refineCard(decoded.region, located, photo.width, photo.height);
  return refined.ok ? { ...refined, region: decoded.region } : refined;
}
