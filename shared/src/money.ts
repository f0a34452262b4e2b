/**
 * Money is exact: whole cents in arithmetic, a decimal string with two places ('12.50') in the
 * API and the database's numeric columns, dollars on screen. Never a float sum.
 */

/** '12.5', '12.50' or 12.5 to 1250 cents; throws on anything that is not a non-negative amount with at most two decimals. */
export function toCents(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not an amount of money: ${JSON.stringify(amount)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1250 cents to '12.50', as the API and numeric columns carry amounts. */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not a number of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** An amount as shown: '$1,234.50'. */
export function formatDollars(amount: string | number): string {
  const cents = toCents(amount);
  const dollars = Math.floor(cents / 100).toLocaleString('en-US');
  return `$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}
