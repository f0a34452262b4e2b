import { describe, expect, it } from 'vitest';
import {
  IN_PERSON_MAX_CARDS,
  IN_PERSON_MOVES,
  IN_PERSON_STATUSES,
  TRACKING_REQUIRED,
  inPersonGradeSchema,
  inPersonMoveSchema,
  inPersonSubmissionSchema,
  inPersonTotal,
} from './in-person.ts';

const card = { cardName: 'Charizard', cardSet: 'Base Set', gameBrand: 'Pokemon', estimatedValue: '300' };
const valid = {
  customerName: 'Ash Ketchum',
  email: 'ash@example.test',
  phone: '+1 (555) 123-4567',
  address: '1 Pallet Road',
  city: 'Pallet',
  state: 'KS',
  zipCode: '66002',
  cardList: [card],
  serviceType: 'standard',
  submissionNotes: '',
};

/** The message of the first problem at this path, or undefined when the form passes there. */
function messageAt(input: unknown, path: string): string | undefined {
  const result = inPersonSubmissionSchema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('the in-person submission form', () => {
  it('takes a valid form, trims its text, keeps amounts as two-place strings and drops what it does not know', () => {
    const parsed = inPersonSubmissionSchema.parse({
      ...valid,
      customerName: '  Ash Ketchum  ',
      cardList: [{ ...card, cardSet: '  ', estimatedValue: 12.5 }],
      totalCost: '0.01',
    });
    expect(parsed.customerName).toBe('Ash Ketchum');
    expect(parsed.cardList[0]).toEqual({
      cardName: 'Charizard',
      cardSet: null,
      gameBrand: 'Pokemon',
      estimatedValue: '12.50',
    });
    expect(parsed.submissionNotes).toBeNull();
    expect(parsed).not.toHaveProperty('totalCost');
  });

  it.each([
    ['customerName', 'A', 'Enter your full name (at least 2 characters)'],
    ['customerName', '  A  ', 'Enter your full name (at least 2 characters)'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['phone', '555-1234', 'Please enter a valid phone number'],
    ['phone', 'call me now!', 'Please enter a valid phone number: digits, spaces and + ( ) - . only'],
    ['address', '1 Rd', 'Enter your street address (at least 5 characters)'],
    ['city', 'P', 'Enter your city (at least 2 characters)'],
    ['state', 'K', 'Enter your state (at least 2 characters)'],
    ['zipCode', '6600', 'Please enter a valid zip code'],
    ['serviceType', 'overnight', 'Please select a service type'],
    ['serviceType', undefined, 'Please select a service type'],
  ])('refuses %s = %j with “%s”', (field, value, message) => {
    expect(messageAt({ ...valid, [field]: value }, field)).toBe(message);
  });

  it('needs at least one card, and at most the cap', () => {
    expect(messageAt({ ...valid, cardList: [] }, 'cardList')).toBe('At least one card is required');
    expect(messageAt({ ...valid, cardList: undefined }, 'cardList')).toBe('At least one card is required');
    expect(messageAt({ ...valid, cardList: Array(IN_PERSON_MAX_CARDS).fill(card) }, 'cardList')).toBeUndefined();
    expect(messageAt({ ...valid, cardList: Array(IN_PERSON_MAX_CARDS + 1).fill(card) }, 'cardList')).toBe(
      'At most 100 cards per submission: send the rest in another submission',
    );
  });

  it.each([
    ['cardName', '  ', 'Enter the card name'],
    ['gameBrand', '', 'Enter the game or brand, such as Pokemon'],
    ['estimatedValue', '0.99', 'Estimated value must be at least $1'],
    ['estimatedValue', 0, 'Estimated value must be at least $1'],
    ['estimatedValue', '-5', 'Estimated value must be at least $1'],
    ['estimatedValue', '', 'Estimated value must be at least $1'],
    ['estimatedValue', 'lots', 'Enter the estimated value in dollars and cents, such as 12.50'],
    ['estimatedValue', '12.345', 'Enter the estimated value in dollars and cents, such as 12.50'],
    ['estimatedValue', '1000000.01', 'Estimated value must be at most $1,000,000.00'],
  ])('refuses a card whose %s is %j with “%s”', (field, value, message) => {
    expect(messageAt({ ...valid, cardList: [card, { ...card, [field]: value }] }, `cardList.1.${field}`)).toBe(message);
  });

  it('takes a card without a set, and an estimated value of exactly $1', () => {
    const parsed = inPersonSubmissionSchema.parse({
      ...valid,
      cardList: [{ cardName: 'Pikachu', gameBrand: 'Pokemon', estimatedValue: '1' }],
    });
    expect(parsed.cardList[0]).toMatchObject({ cardSet: null, estimatedValue: '1.00' });
  });

  it('caps every text against hostile input', () => {
    const long = 'x'.repeat(5000);
    for (const field of ['customerName', 'address', 'city', 'state', 'zipCode', 'phone', 'submissionNotes'])
      expect(messageAt({ ...valid, [field]: field === 'phone' ? '1'.repeat(31) : long }, field)).toMatch(/at most/);
    expect(messageAt({ ...valid, email: `${'a'.repeat(250)}@example.test` }, 'email')).toBeDefined();
    expect(messageAt({ ...valid, cardList: [{ ...card, cardName: long }] }, 'cardList.0.cardName')).toMatch(/at most/);
  });
});

describe('in-person totals, statuses and admin forms', () => {
  it('multiplies the price per card in cents', () => {
    expect(inPersonTotal('25.00', 3)).toBe('75.00');
    expect(inPersonTotal('0.10', 3)).toBe('0.30');
    expect(inPersonTotal('19.99', 100)).toBe('1999.00');
  });

  it('moves forward one step at a time, cancels before shipping, and ends at completed or cancelled', () => {
    expect(IN_PERSON_MOVES).toEqual({
      pending: ['received', 'cancelled'],
      received: ['grading', 'cancelled'],
      grading: ['shipped', 'cancelled'],
      shipped: ['completed'],
      completed: [],
      cancelled: [],
    });
    expect(Object.keys(IN_PERSON_MOVES)).toEqual([...IN_PERSON_STATUSES]);
  });

  it('needs a tracking number to ship, and none otherwise', () => {
    const shipped = inPersonMoveSchema.safeParse({ status: 'shipped', trackingNumber: '  ' });
    expect(shipped.success).toBe(false);
    expect(shipped.error?.issues[0]).toMatchObject({ path: ['trackingNumber'], message: TRACKING_REQUIRED });
    expect(inPersonMoveSchema.parse({ status: 'shipped', trackingNumber: ' 1Z999 ' }).trackingNumber).toBe('1Z999');
    expect(inPersonMoveSchema.parse({ status: 'received' })).toEqual({
      status: 'received',
      trackingNumber: null,
      notes: null,
    });
    expect(inPersonMoveSchema.safeParse({ status: 'lost' }).error?.issues[0]?.message).toBe(
      'Choose one of: pending, received, grading, shipped, completed, cancelled',
    );
  });

  it('takes grades from 1 to 10 as the text a multipart form carries', () => {
    const grades = { cornerGrade: '9', edgeGrade: '8', surfaceGrade: '10', centeringGrade: '7', overallGrade: '8' };
    expect(inPersonGradeSchema.parse({ ...grades, notes: ' Sharp corners. ' })).toEqual({
      cornerGrade: 9,
      edgeGrade: 8,
      surfaceGrade: 10,
      centeringGrade: 7,
      overallGrade: 8,
      notes: 'Sharp corners.',
    });
    for (const bad of ['0', '11', '7.5', 'nine', ''])
      expect(inPersonGradeSchema.safeParse({ ...grades, edgeGrade: bad }).error?.issues[0]?.message).toBe(
        'Edge grade must be a whole number from 1 to 10',
      );
    expect(inPersonGradeSchema.safeParse({ ...grades, overallGrade: undefined }).error?.issues[0]?.message).toBe(
      'Overall grade must be a whole number from 1 to 10',
    );
  });
});
