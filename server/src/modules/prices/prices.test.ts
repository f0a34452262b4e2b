import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_PRICE_RATE_LIMIT } from '@gradelens/shared';
import { priceCache, rateLimits } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { unique, uniqueIp } from '../../../test/support/factories.ts';
import { startFakeEbay } from '../../../test/support/fake-ebay.ts';

let ebay: Awaited<ReturnType<typeof startFakeEbay>>;
let t: TestApp;
beforeAll(async () => {
  ebay = await startFakeEbay();
  t = await createTestApp({
    EBAY_CLIENT_ID: ebay.credentials.id,
    EBAY_CLIENT_SECRET: ebay.credentials.secret,
    EBAY_API_URL: ebay.url,
  });
});
afterAll(async () => {
  await t.close();
  await ebay.close();
});

const price = (app: TestApp, query: Record<string, string>, remoteAddress?: string) =>
  app.app.inject({ method: 'GET', url: `/api/card-price?${new URLSearchParams(query)}`, remoteAddress });

describe('GET /api/card-price with the eBay provider', () => {
  it('answers the median raw price and the median graded-8+ price of sold listings', async () => {
    const response = await price(t, {
      cardName: `Charizard ${unique('x')}`,
      cardSet: 'Base Set',
      gameBrand: 'Pokemon',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ungraded: 280,
      graded: 2000,
      available: true,
      source: 'eBay sold listings',
    });
    expect(new Date(response.json().lastUpdated).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(response.json().searchUrl).toMatch(/LH_Sold=1/);
  });

  it('asks eBay once in five minutes for the same card', async () => {
    const cardName = `Charizard ${unique('cache')}`;
    const before = ebay.searches().length;
    const first = await price(t, { cardName, cardSet: 'Base Set', gameBrand: 'Pokemon' });
    const second = await price(t, { cardName: cardName.toUpperCase(), cardSet: 'base set', gameBrand: 'POKEMON' });
    expect(second.json()).toEqual(first.json());
    expect(ebay.searches().length - before).toBe(1);
  });

  it('asks eBay again once the cached answer has expired', async () => {
    const cardName = `Charizard ${unique('expired')}`;
    const before = ebay.searches().length;
    const first = await price(t, { cardName, cardSet: 'Base Set' });
    await t.db
      .update(priceCache)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(priceCache.key, `%${cardName.toLowerCase()}%`));
    const second = await price(t, { cardName, cardSet: 'Base Set' });
    expect(ebay.searches().length - before).toBe(2);
    expect(second.json().ungraded).toBe(280);
    expect(new Date(second.json().lastUpdated).getTime()).toBeGreaterThanOrEqual(
      new Date(first.json().lastUpdated).getTime(),
    );
  });

  it('deletes expired answers when it writes a new one, and keeps fresh ones', async () => {
    const stale = `ebay:${unique('stale')}||`;
    const fresh = `ebay:${unique('fresh')}||`;
    await t.db.insert(priceCache).values([
      { key: stale, value: {}, expiresAt: new Date(Date.now() - 1000) },
      { key: fresh, value: {}, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await price(t, { cardName: `Charizard ${unique('write')}` });
    expect(await t.db.select().from(priceCache).where(eq(priceCache.key, stale))).toHaveLength(0);
    expect(await t.db.select().from(priceCache).where(eq(priceCache.key, fresh))).toHaveLength(1);
  });

  it('limits each client address, guests included, to its look-ups per window', async () => {
    const ip = uniqueIp();
    const query = { cardName: `Charizard ${unique('limit')}` };
    expect((await price(t, query, ip)).statusCode).toBe(200);
    // As if this address had already made all but one of its look-ups (rather than making them all).
    const counted = await t.db
      .update(rateLimits)
      .set({ count: CARD_PRICE_RATE_LIMIT.perIp - 1 })
      .where(like(rateLimits.key, `card-price:%${ip}`))
      .returning();
    expect(counted).toHaveLength(1);
    expect((await price(t, query, ip)).statusCode).toBe(200);
    const limited = await price(t, query, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await price(t, query, uniqueIp())).statusCode).toBe(200);
  });

  it("says 'Price unavailable' when nothing sold", async () => {
    const response = await price(t, { cardName: `nothing-sold ${unique('n')}` });
    expect(response.json()).toMatchObject({
      available: false,
      ungraded: null,
      graded: null,
      message: 'Price unavailable',
    });
  });

  it("says 'Price unavailable' when eBay fails, and tries again next time", async () => {
    const cardName = `server-error ${unique('e')}`;
    const before = ebay.searches().length;
    const response = await price(t, { cardName });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ available: false, message: 'Price unavailable' });
    await price(t, { cardName });
    expect(ebay.searches().length - before).toBe(2);
  });

  it('needs a card name', async () => {
    const response = await price(t, { cardSet: 'Base Set' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.cardName).toBe('Card name is required');
  });
});

describe('GET /api/card-price without a provider', () => {
  it("says 'Price unavailable' with the sold-listings search link", async () => {
    const bare = await createTestApp({}, t.database);
    try {
      const response = await price(bare, { cardName: 'Pikachu', cardSet: 'Jungle', gameBrand: 'Pokemon' });
      expect(response.json()).toMatchObject({ available: false, message: 'Price unavailable' });
      expect(response.json().searchUrl).toContain('Pikachu%20Jungle%20Pokemon');
    } finally {
      await bare.close();
    }
  });

  it('answers the store links from settings, null for a store not configured', async () => {
    const custom = await createTestApp({ MARKETPLACE_LIVE_URL: 'https://live.example.test/store' }, t.database);
    try {
      const response = await custom.app.inject({ method: 'GET', url: '/api/site-settings' });
      expect(response.json().marketplace.liveStoreUrl).toBe('https://live.example.test/store');
      expect(response.json().marketplace.resaleStoreUrl).toBeNull();
    } finally {
      await custom.close();
    }
  });
});
