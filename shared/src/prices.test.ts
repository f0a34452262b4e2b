import { describe, expect, it } from 'vitest';
import { GRADED_PRICE_MIN_GRADE } from './constants.ts';
import { displayedPrice, priceTier, type CardPrice } from './prices.ts';

const price = (ungraded: number | null, graded: number | null): CardPrice => ({
  ungraded,
  graded,
  lastUpdated: null,
  available: true,
  source: 'x',
  searchUrl: 'x',
});

describe('the price a card shows', () => {
  it('uses the graded price only from grade 8 and when one exists', () => {
    expect(GRADED_PRICE_MIN_GRADE).toBe(8);
    expect(displayedPrice(price(10, 50), 8)).toEqual({ value: 50, label: 'Graded (8+)' });
    expect(displayedPrice(price(10, 50), 7)).toEqual({ value: 10, label: 'Ungraded' });
    expect(displayedPrice(price(10, null), 9)).toEqual({ value: 10, label: 'Ungraded' });
    expect(displayedPrice(price(null, null), 9)).toBeNull();
  });

  it('colours below $5, $25, $100 and above', () => {
    expect([4.99, 5, 24.99, 25, 99.99, 100].map(priceTier)).toEqual(['low', 'mid', 'mid', 'high', 'high', 'top']);
  });
});
