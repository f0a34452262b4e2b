import { describe, expect, it } from 'vitest';
import { centsToAmount, formatDollars, toCents } from './money.ts';

describe('money', () => {
  it('reads amounts into whole cents and writes them back with two places', () => {
    expect([toCents('12.5'), toCents('12.50'), toCents('0.01'), toCents(12.5), toCents('7')]).toEqual([
      1250, 1250, 1, 1250, 700,
    ]);
    expect([centsToAmount(1250), centsToAmount(1), centsToAmount(0)]).toEqual(['12.50', '0.01', '0.00']);
    // 0.1 + 0.2 in cents is exact.
    expect(centsToAmount(toCents('0.10') + toCents('0.20'))).toBe('0.30');
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['-1', '1.234', 'abc', '', '1e3', '12.']) expect(() => toCents(bad)).toThrow();
    expect(() => centsToAmount(-5)).toThrow();
    expect(() => centsToAmount(1.5)).toThrow();
  });

  it('shows dollars with thousands separators', () => {
    expect([formatDollars('1234.5'), formatDollars('0.30')]).toEqual(['$1,234.50', '$0.30']);
  });
});
