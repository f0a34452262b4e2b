import { PriceProviderError, type PriceProvider, type SoldPrices } from './provider.ts';

const SCOPE = 'https://api.ebay.com/oauth/api_scope/buy.marketplace.insights';
const TRADING_CARDS_CATEGORY = '183454';
const GRADED_8_PLUS = /\b(PSA|BGS|CGC|SGC|Beckett)\s*(10|9\.5|9|8\.5|8)\b/i;
const ANY_GRADER = /\b(PSA|BGS|CGC|SGC|Beckett|graded|slab)\b/i;

interface ItemSale {
  title?: string;
  lastSoldPrice?: { value?: string; currency?: string };
}

/**
 * eBay's Marketplace Insights API (sold items of the last 90 days) with an application token
 * from the client-credentials grant. The token is kept until shortly before it expires.
 */
export function ebayPriceProvider(options: {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  timeoutMs?: number;
}): PriceProvider {
  let token: { value: string; expiresAt: number } | null = null;
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 5000);

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const response = await fetch(`${options.apiUrl}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE }),
      signal: timeout(),
    }).catch((error: unknown) => {
      throw new PriceProviderError('eBay could not be reached', { cause: error });
    });
    if (!response.ok) throw new PriceProviderError(`eBay refused the token request (${response.status})`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PriceProviderError('eBay answered without a token');
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 7200) * 1000 };
    return token.value;
  }

  return {
    name: 'ebay',
    async soldPrices(query): Promise<SoldPrices> {
      const q = [query.cardName, query.cardSet].filter(Boolean).join(' ');
      const url = new URL(`${options.apiUrl}/buy/marketplace_insights/v1_beta/item_sales/search`);
      url.search = new URLSearchParams({ q, category_ids: TRADING_CARDS_CATEGORY, limit: '100' }).toString();
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${await accessToken()}`, 'x-ebay-c-marketplace-id': 'EBAY_US' },
        signal: timeout(),
      }).catch((error: unknown) => {
        throw new PriceProviderError('eBay could not be reached', { cause: error });
      });
      if (response.status === 401) token = null;
      if (!response.ok) throw new PriceProviderError(`eBay answered ${response.status}`);
      const body = (await response.json()) as { itemSales?: ItemSale[] };
      return summarize(body.itemSales ?? []);
    },
  };
}

/** Median sold price of raw cards and of cards graded 8 or better, in US dollars. */
export function summarize(sales: ItemSale[]): SoldPrices {
  const raw: number[] = [];
  const graded: number[] = [];
  for (const sale of sales) {
    const price = Number(sale.lastSoldPrice?.value);
    if (!Number.isFinite(price) || price <= 0 || (sale.lastSoldPrice?.currency ?? 'USD') !== 'USD') continue;
    const title = sale.title ?? '';
    if (GRADED_8_PLUS.test(title)) graded.push(price);
    else if (!ANY_GRADER.test(title)) raw.push(price);
  }
  return { ungraded: median(raw), graded: median(graded) };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 100) / 100;
}
