import { eq, lt, sql } from 'drizzle-orm';
import { PRICE_CACHE_MS, PRICE_SOURCE_LABEL, soldListingsUrl, type CardPrice } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { priceCache } from '../../db/schema.ts';
import { PriceProviderError, type PriceProvider } from './provider.ts';

export const PRICE_UNAVAILABLE = 'Price unavailable';

/** A card's price from the provider, cached five minutes in the database (shared by all instances). */
export async function cardPrice(
  db: Database,
  provider: PriceProvider | null,
  query: { cardName: string; cardSet: string; gameBrand: string },
  log: { warn(obj: object, msg: string): void },
): Promise<CardPrice> {
  const base = { source: PRICE_SOURCE_LABEL, searchUrl: soldListingsUrl(query) };
  if (!provider)
    return { ...base, ungraded: null, graded: null, lastUpdated: null, available: false, message: PRICE_UNAVAILABLE };

  const key = `${provider.name}:${[query.cardName, query.cardSet, query.gameBrand].map((s) => s.toLowerCase()).join('|')}`;
  const [cached] = await db.select().from(priceCache).where(eq(priceCache.key, key)).limit(1);
  if (cached && cached.expiresAt > new Date()) return cached.value as CardPrice;

  let price: CardPrice;
  try {
    const sold = await provider.soldPrices(query);
    const found = sold.ungraded !== null || sold.graded !== null;
    price = {
      ...base,
      ...sold,
      lastUpdated: new Date().toISOString(),
      available: found,
      ...(found ? {} : { message: PRICE_UNAVAILABLE }),
    };
  } catch (error) {
    if (!(error instanceof PriceProviderError)) throw error;
    log.warn({ err: error }, 'price provider failed');
    // Not cached: the next visitor tries again.
    return { ...base, ungraded: null, graded: null, lastUpdated: null, available: false, message: PRICE_UNAVAILABLE };
  }
  const now = new Date();
  // Expired answers are never read again; each write clears them so the table stays small.
  await db.delete(priceCache).where(lt(priceCache.expiresAt, now));
  const expiresAt = new Date(now.getTime() + PRICE_CACHE_MS);
  await db
    .insert(priceCache)
    .values({ key, value: price, expiresAt })
    .onConflictDoUpdate({ target: priceCache.key, set: { value: sql`excluded.value`, expiresAt } });
  return price;
}
