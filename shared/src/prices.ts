import { z } from 'zod';
import { GRADED_PRICE_MIN_GRADE } from './constants.ts';

export const cardPriceQuerySchema = z.object({
  cardName: z.string({ error: 'Card name is required' }).trim().min(1, { message: 'Card name is required' }).max(200),
  cardSet: z.string().trim().max(200).optional().default(''),
  gameBrand: z.string().trim().max(100).optional().default(''),
});
export type CardPriceQuery = z.input<typeof cardPriceQuerySchema>;

export interface CardPrice {
  /** US dollars; null when no sale was found. */
  ungraded: number | null;
  graded: number | null;
  lastUpdated: string | null;
  available: boolean;
  /** Why there is no price, in words for the card ('Price unavailable' when not available). */
  message?: string;
  source: string;
  searchUrl: string;
}

/** The public search of sold listings for a card, which the price line links to. */
export function soldListingsUrl(card: {
  cardName?: string | null;
  cardSet?: string | null;
  gameBrand?: string | null;
}): string {
  const q = [card.cardName, card.cardSet, card.gameBrand].filter(Boolean).join(' ');
  return `https://www.ebay.com/sch/i.html?_nkw=${encodeURIComponent(q)}&LH_Sold=1&LH_Complete=1`;
}

export const PRICE_SOURCE_LABEL = 'eBay sold listings';

export type PriceTier = 'low' | 'mid' | 'high' | 'top';
/** Colour tiers of docs/product.md section 9: below $5, below $25, below $100, else highest. */
export function priceTier(price: number): PriceTier {
  if (price < 5) return 'low';
  if (price < 25) return 'mid';
  if (price < 100) return 'high';
  return 'top';
}

/** The graded price counts only for grade 8 and up, when one exists ('Graded (8+)'). */
export function displayedPrice(
  price: CardPrice,
  grade: number | null,
): { value: number; label: 'Graded (8+)' | 'Ungraded' } | null {
  if (grade !== null && grade >= GRADED_PRICE_MIN_GRADE && price.graded !== null)
    return { value: price.graded, label: 'Graded (8+)' };
  if (price.ungraded !== null) return { value: price.ungraded, label: 'Ungraded' };
  return null;
}

export interface SiteSettings {
  /** The operator's stores; null where none is configured (the link is not shown). */
  marketplace: { liveStoreUrl: string | null; resaleStoreUrl: string | null };
  /** Where customers send their cards for in-person grading; null: not configured (they are written to). */
  inPerson: { shipTo: string | null };
}
