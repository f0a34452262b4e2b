import { describe, expect, it } from 'vitest';
import { manualPaymentSchema, normalizeTransactionId, transactionIdSchema } from './payments.ts';

const LOOK_ALIKE = 'Use only the letters A-Z and digits 0-9 of the reference your payment app shows';
const errorOf = (raw: unknown) => {
  const result = transactionIdSchema.safeParse(raw);
  return result.success ? null : result.error.issues.map((i) => i.message);
};

describe('normalizeTransactionId', () => {
  it.each([
    ['plain', 'AB12CD34'],
    ['lower case', 'ab12cd34'],
    ['spaces and dashes', ' AB-12 CD-34 '],
    ['a zero-width space', 'AB12\u200BCD34'],
    ['other invisible characters', '\u2060AB12\u00ADCD\uFEFF34\u200D'],
    ['full-width letters and digits', 'ＡＢ１２ＣＤ３４'],
    ['a no-break space, a tab and a hash', '#AB12\u00A0CD\t34'],
    ['dots, slashes and underscores', 'AB.12/CD_34'],
  ])('records %s as AB12CD34', (_case, raw) => {
    expect(normalizeTransactionId(raw)).toBe('AB12CD34');
  });

  it('keeps letters that only look Latin, so the schema can refuse them', () => {
    // Cyrillic А and Greek Β
    expect(normalizeTransactionId('\u0410\u039212')).toBe('\u0410\u039212');
  });
});

describe('the transaction id of a manual payment', () => {
  it('parses to the recorded value', () => {
    expect(transactionIdSchema.parse(' 1234-5678-ab ')).toBe('12345678AB');
    const parsed = manualPaymentSchema.parse({
      packageId: 'basic',
      paymentMethod: 'venmo',
      transactionId: 'ｔｘｎ\u200B-42',
    });
    expect(parsed.transactionId).toBe('TXN42');
  });

  it.each([
    ['nothing', ''],
    ['only separators and invisible characters', ' -\u200B# '],
    ['a missing value', undefined],
  ])('is required, and %s is not an id', (_case, raw) => {
    expect(errorOf(raw)).toEqual(['Transaction ID required']);
  });

  it('refuses look-alike letters from other scripts with a sentence that says what to type', () => {
    expect(errorOf('TXN\u0410BC')).toEqual([LOOK_ALIKE]);
    expect(errorOf('\u03A4XN42')).toEqual([LOOK_ALIKE]);
  });

  it('counts at most 120 letters and digits, whatever separates them', () => {
    expect(errorOf('A'.repeat(120))).toBeNull();
    expect(errorOf('AB-'.repeat(60))).toBeNull();
    expect(errorOf('A'.repeat(121))).toEqual(['Transaction ID must be at most 120 letters and digits']);
  });
});
