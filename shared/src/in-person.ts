import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { GRADE_MAX, GRADE_MIN } from './constants.ts';
import { centsToAmount, toCents } from './money.ts';

/**
 * In-person grading: collectors send their cards to the shop, where a person grades them
 * (docs/decisions/0021-in-person-submissions.md). The server computes every total in cents;
 * amounts travel as two-place strings ('75.00').
 */

export const IN_PERSON_SERVICE_TYPES = ['standard', 'express', 'premium'] as const;
export type InPersonServiceType = (typeof IN_PERSON_SERVICE_TYPES)[number];

export const IN_PERSON_SERVICE_NAMES: Record<InPersonServiceType, string> = {
  standard: 'Standard',
  express: 'Express',
  premium: 'Premium',
};

/** The price per card of each service unless the server's IN_PERSON_PRICES setting says otherwise. */
export const IN_PERSON_DEFAULT_PRICES: Record<InPersonServiceType, string> = {
  standard: '25.00',
  express: '50.00',
  premium: '100.00',
};

/** One submission holds at most this many cards: a bigger collection goes in several parcels. */
export const IN_PERSON_MAX_CARDS = 100;
/** The highest estimated value one card may declare. */
export const IN_PERSON_MAX_CARD_VALUE_CENTS = 1_000_000_00;
export const IN_PERSON_NOTES_MAX = 2000;
export const IN_PERSON_TRACKING_MAX = 80;
export const IN_PERSON_ADMIN_NOTE_MAX = 1000;

/** A required line of text: trimmed, at least `min` characters, at most `max`. */
const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string({ error: tooShort }).trim().min(min, { message: tooShort }).max(max, { message: tooLong });

/** Optional text: trimmed, capped, and null when blank. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { message: tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

export const ESTIMATED_VALUE_MESSAGE = 'Estimated value must be at least $1';

/** Dollars as typed ('12.5', 12.5), kept as a two-place string; at least $1. */
const estimatedValueSchema = z
  .union([z.string(), z.number()], { error: ESTIMATED_VALUE_MESSAGE })
  .transform((value, ctx) => {
    let cents: number;
    try {
      cents = toCents(value);
    } catch {
      // Nothing or a negative amount is below $1; anything else is not written as dollars and cents.
      const below = String(value).trim() === '' || String(value).trim().startsWith('-');
      ctx.addIssue({
        code: 'custom',
        message: below ? ESTIMATED_VALUE_MESSAGE : 'Enter the estimated value in dollars and cents, such as 12.50',
      });
      return z.NEVER;
    }
    if (cents < 100) {
      ctx.addIssue({ code: 'custom', message: ESTIMATED_VALUE_MESSAGE });
      return z.NEVER;
    }
    if (cents > IN_PERSON_MAX_CARD_VALUE_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Estimated value must be at most $1,000,000.00' });
      return z.NEVER;
    }
    return centsToAmount(cents);
  });

export const inPersonCardSchema = z.object({
  cardName: text(1, 200, 'Enter the card name', 'Card name must be at most 200 characters'),
  cardSet: optionalText(200, 'Card set must be at most 200 characters'),
  gameBrand: text(1, 100, 'Enter the game or brand, such as Pokemon', 'Game brand must be at most 100 characters'),
  estimatedValue: estimatedValueSchema,
});
export type InPersonCardInput = z.input<typeof inPersonCardSchema>;

export const CARD_LIST_REQUIRED = 'At least one card is required';

/** POST /api/in-person-submissions: the form, as the server parses it (any total it carries is ignored). */
export const inPersonSubmissionSchema = z.object({
  customerName: text(2, 120, 'Enter your full name (at least 2 characters)', 'Name must be at most 120 characters'),
  email: emailSchema.max(254, { message: 'Email must be at most 254 characters' }),
  phone: z
    .string({ error: 'Please enter a valid phone number' })
    .trim()
    .min(10, { message: 'Please enter a valid phone number' })
    .max(30, { message: 'Phone number must be at most 30 characters' })
    .regex(/^[0-9+()\-.\s]+$/, { message: 'Please enter a valid phone number: digits, spaces and + ( ) - . only' }),
  address: text(5, 200, 'Enter your street address (at least 5 characters)', 'Address must be at most 200 characters'),
  city: text(2, 100, 'Enter your city (at least 2 characters)', 'City must be at most 100 characters'),
  state: text(2, 100, 'Enter your state (at least 2 characters)', 'State must be at most 100 characters'),
  zipCode: text(5, 12, 'Please enter a valid zip code', 'Zip code must be at most 12 characters'),
  cardList: z
    .array(inPersonCardSchema, { error: CARD_LIST_REQUIRED })
    .min(1, { message: CARD_LIST_REQUIRED })
    .max(IN_PERSON_MAX_CARDS, {
      message: `At most ${IN_PERSON_MAX_CARDS} cards per submission: send the rest in another submission`,
    }),
  serviceType: z.enum(IN_PERSON_SERVICE_TYPES, { error: 'Please select a service type' }),
  submissionNotes: optionalText(IN_PERSON_NOTES_MAX, `Notes must be at most ${IN_PERSON_NOTES_MAX} characters`),
});
export type InPersonSubmissionInput = z.input<typeof inPersonSubmissionSchema>;
export type InPersonSubmissionData = z.output<typeof inPersonSubmissionSchema>;

/** The total the form shows and the server charges: price per card times cards, in cents. */
export function inPersonTotal(pricePerCard: string, cards: number): string {
  return centsToAmount(toCents(pricePerCard) * cards);
}

export const IN_PERSON_STATUSES = ['pending', 'received', 'grading', 'shipped', 'completed', 'cancelled'] as const;
export type InPersonStatus = (typeof IN_PERSON_STATUSES)[number];

/** The moves an admin may make; any other answers 409. Cancelling stops once the cards are on their way back. */
export const IN_PERSON_MOVES: Record<InPersonStatus, readonly InPersonStatus[]> = {
  pending: ['received', 'cancelled'],
  received: ['grading', 'cancelled'],
  grading: ['shipped', 'cancelled'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
};

export const IN_PERSON_STATUS_LABELS: Record<InPersonStatus, string> = {
  pending: 'Waiting for your cards',
  received: 'Cards received',
  grading: 'Being graded',
  shipped: 'Shipped back',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** While in these states the admin may enter the grades of the submission's cards. */
export const IN_PERSON_GRADABLE: readonly InPersonStatus[] = ['grading', 'shipped'];

/** The grading method of a card graded by a person from a submission; screens mark it 'Graded in person'. */
export const IN_PERSON_GRADING_METHOD = 'in_person';

export const TRACKING_REQUIRED = 'Enter the tracking number to mark the submission shipped';

/** PATCH /api/admin/in-person-submissions/:id: a move, a tracking number when shipping, a note for the customer. */
export const inPersonMoveSchema = z
  .object({
    status: z.enum(IN_PERSON_STATUSES, { error: `Choose one of: ${IN_PERSON_STATUSES.join(', ')}` }),
    trackingNumber: optionalText(
      IN_PERSON_TRACKING_MAX,
      `Tracking number must be at most ${IN_PERSON_TRACKING_MAX} characters`,
    ),
    notes: optionalText(IN_PERSON_ADMIN_NOTE_MAX, `The note must be at most ${IN_PERSON_ADMIN_NOTE_MAX} characters`),
  })
  .refine((v) => v.status !== 'shipped' || v.trackingNumber !== null, {
    message: TRACKING_REQUIRED,
    path: ['trackingNumber'],
  });
export type InPersonMoveInput = z.input<typeof inPersonMoveSchema>;

const gradeInput = (label: string) => {
  const message = `${label} must be a whole number from ${GRADE_MIN} to ${GRADE_MAX}`;
  return z.coerce.number({ error: message }).int({ message }).min(GRADE_MIN, { message }).max(GRADE_MAX, { message });
};

/** The grade fields of POST /api/admin/in-person-submissions/:id/cards/:index/grade (multipart, so text). */
export const inPersonGradeSchema = z.object({
  cornerGrade: gradeInput('Corner grade'),
  edgeGrade: gradeInput('Edge grade'),
  surfaceGrade: gradeInput('Surface grade'),
  centeringGrade: gradeInput('Centering grade'),
  overallGrade: gradeInput('Overall grade'),
  notes: optionalText(5000, 'Notes must be at most 5000 characters'),
});
export type InPersonGradeInput = z.input<typeof inPersonGradeSchema>;

/** GET /api/admin/in-person-submissions: by status, a search by number, name or email, paged. */
export const adminInPersonQuerySchema = z.object({
  status: z.enum(IN_PERSON_STATUSES, { error: `Status must be one of: ${IN_PERSON_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

/** GET /api/in-person-submissions/services: what each service costs per card on this site. */
export interface InPersonService {
  id: InPersonServiceType;
  name: string;
  pricePerCard: string;
}

/** The 201 answer of a submission: totals as the server computed them. */
export interface InPersonCreated {
  id: number;
  status: 'pending';
  totalCards: number;
  totalCost: string;
}

export interface InPersonCard {
  /** The card's place in the list, from 0: the :index of the grade call. */
  index: number;
  cardName: string;
  cardSet: string | null;
  gameBrand: string;
  estimatedValue: string;
  /** Once a grader entered its grades: the grading, in the owner's history like any other. */
  grading: { id: number; overallGrade: number | null } | null;
}

export interface InPersonEvent {
  from: InPersonStatus | null;
  to: InPersonStatus;
  note: string | null;
  at: string;
}

/** A submission as its owner's list shows it. */
export interface InPersonSummary {
  id: number;
  status: InPersonStatus;
  serviceType: InPersonServiceType;
  totalCards: number;
  totalCost: string;
  trackingNumber: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A whole submission: for its owner and the admins; admins also see the account that sent it. */
export interface InPersonSubmission extends InPersonSummary {
  customerName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  pricePerCard: string;
  submissionNotes: string | null;
  /** The shop's note with the latest step. */
  adminNotes: string | null;
  cards: InPersonCard[];
  /** On single answers: every status change, oldest first. */
  timeline?: InPersonEvent[];
  /** On admin answers: the account that sent it, null for a guest. */
  account?: { id: number; username: string } | null;
}

export interface InPersonPage {
  items: InPersonSubmission[];
  total: number;
  page: number;
  pageSize: number;
}
