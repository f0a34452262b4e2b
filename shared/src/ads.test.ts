import { describe, expect, it } from 'vitest';
import {
  adCreateSchema,
  adLinkSchema,
  adPlacementQuerySchema,
  adUpdateSchema,
  formatRevenue,
  ownerShareOf,
  payoutFormSchema,
  payoutRequestSchema,
  tenThousandthsToAmount,
  tenThousandthsToCents,
  toTenThousandths,
} from './ads.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('ad revenue in ten-thousandths of a dollar', () => {
  it('reads amounts with up to four places exactly, and writes them back with four', () => {
    expect(toTenThousandths('0.0125')).toBe(125);
    expect(toTenThousandths('12')).toBe(120_000);
    expect(toTenThousandths('3.5')).toBe(35_000);
    expect(toTenThousandths(0.1)).toBe(1_000);
    expect(() => toTenThousandths('0.00001')).toThrow();
    expect(() => toTenThousandths('-1')).toThrow();
    expect(() => toTenThousandths('1e3')).toThrow();
    expect(tenThousandthsToAmount(125)).toBe('0.0125');
    expect(tenThousandthsToAmount(120_000)).toBe('12.0000');
    expect(() => tenThousandthsToAmount(-1)).toThrow();
  });

  it('takes the owner’s share rounded down, and whole cents rounded down', () => {
    // Half of 1.25 cents is 0.625 cents: the owner is credited 0.62, never more than the share.
    expect(ownerShareOf(125, 5000)).toBe(62);
    expect(ownerShareOf(200_000, 5000)).toBe(100_000);
    expect(ownerShareOf(3333, 10_000)).toBe(3333);
    expect(ownerShareOf(3333, 0)).toBe(0);
    // 0.1 + 0.2 in ten-thousandths is exactly 0.3 (as floats it is not).
    expect(tenThousandthsToAmount(toTenThousandths('0.1') + toTenThousandths('0.2'))).toBe('0.3000');
    expect(tenThousandthsToCents(9999)).toBe(99);
    expect(tenThousandthsToCents(10_000)).toBe(100);
  });

  it('shows two places unless a fraction of a cent matters', () => {
    expect(formatRevenue('12.3400')).toBe('$12.34');
    expect(formatRevenue('0.0125')).toBe('$0.0125');
    expect(formatRevenue('0.0010')).toBe('$0.001');
    expect(formatRevenue('1234.5000')).toBe('$1,234.50');
    expect(formatRevenue('0')).toBe('$0.00');
  });
});

describe('the ad form', () => {
  const valid = { name: 'Sleeves Co', linkUrl: 'https://sleeves.example.com/offer?src=gl', placement: 'both' };

  it('takes an http(s) link only, and keeps the revenue with four places', () => {
    const parsed = adCreateSchema.parse({ ...valid, revenuePerImpression: '0.0125', revenuePerClick: 0.5 });
    expect(parsed).toMatchObject({ revenuePerImpression: '0.0125', revenuePerClick: '0.5000', active: true });
    expect(adCreateSchema.parse(valid)).toMatchObject({ revenuePerImpression: '0.0000', revenuePerClick: '0.0000' });
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://files.example.com',
      '/relative',
      'https://',
    ]) {
      expect(adLinkSchema.safeParse(link).success, link).toBe(false);
    }
    expect(adLinkSchema.parse('  https://Example.com  ')).toBe('https://example.com/');
    expect(messages(adCreateSchema.safeParse({ ...valid, linkUrl: 'javascript:alert(1)' }))).toEqual({
      linkUrl: 'Enter the full address the ad links to, starting with https:// or http://',
    });
  });

  it('says what is wrong with each field', () => {
    const bad = adCreateSchema.safeParse({
      name: ' ',
      linkUrl: 'https://example.com',
      placement: 'sidebar',
      revenuePerImpression: '0.00001',
      revenuePerClick: '1001',
    });
    expect(messages(bad)).toEqual({
      name: 'Ad name is required',
      placement: 'Choose where the ad is shown: gallery, shared_grading or both',
      revenuePerImpression:
        'Revenue per impression must be from $0 to $1,000, in dollars with at most 4 decimal places, such as 0.0125',
      revenuePerClick:
        'Revenue per click must be from $0 to $1,000, in dollars with at most 4 decimal places, such as 0.0125',
    });
    expect(messages(adUpdateSchema.safeParse({}))).toEqual({ '': 'Send at least one field to change' });
  });

  it('names the page an ad is asked for', () => {
    expect(adPlacementQuerySchema.parse({ page: 'gallery' })).toEqual({ page: 'gallery' });
    expect(adPlacementQuerySchema.parse({ page: 'grading', gradingId: '12' })).toEqual({
      page: 'grading',
      gradingId: 12,
    });
    expect(adPlacementQuerySchema.safeParse({ page: 'grading' }).success).toBe(false);
    expect(adPlacementQuerySchema.safeParse({ page: 'home' }).success).toBe(false);
  });
});

describe('the payout form', () => {
  const request = { paymentMethod: 'venmo', account: '@ash-k' };

  it('keeps the amount as dollars and cents and asks for the account', () => {
    expect(payoutRequestSchema.parse({ ...request, amount: '12.5' })).toMatchObject({ amount: '12.50' });
    expect(messages(payoutRequestSchema.safeParse({ amount: '1.234', paymentMethod: 'cash', account: ' ' }))).toEqual({
      amount: 'Enter the amount in dollars and cents, such as 10.00',
      paymentMethod: 'Choose venmo, cashapp or paypal',
      account: 'Enter the account to pay, such as @your-venmo, $YourCashtag or you@example.com',
    });
  });

  it('checks the minimum and the balance with the server’s messages', () => {
    const schema = payoutFormSchema('10.00', '25.40');
    expect(schema.safeParse({ ...request, amount: '25.40' }).success).toBe(true);
    expect(messages(schema.safeParse({ ...request, amount: '9.99' }))).toEqual({
      amount: 'Payouts start at $10.00. Ask for $10.00 or more.',
    });
    expect(messages(schema.safeParse({ ...request, amount: '25.41' }))).toEqual({
      amount: 'You can ask for at most your balance of $25.40. Lower the amount.',
    });
    expect(messages(payoutFormSchema('10.00', '4.20').safeParse({ ...request, amount: '10' }))).toEqual({
      amount:
        'Your balance of $4.20 is below the $10.00 payout minimum. You can ask for a payout once it reaches $10.00.',
    });
  });
});
