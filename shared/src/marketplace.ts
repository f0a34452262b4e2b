import { z } from 'zod';
import { centsToAmount, toCents } from './money.ts';
import type { GradeReport } from './grading.ts';
import type { CardGrading } from './gradings.ts';

/**
 * The marketplace: graded cards listed for sale or trade, with their GradeLens report, and offers
 * (docs/decisions/0023-marketplace.md). Messages are docs/product.md section 5's.
 */

export const LISTING_TYPES = ['sell', 'trade'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];
export const LISTING_STATUSES = ['active', 'sold', 'traded', 'withdrawn', 'removed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const OFFER_TYPES = ['cash', 'trade'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export const OFFER_STATUSES = ['pending', 'accepted', 'rejected', 'declined', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const LISTING_TEXT_MAX = 2000;
const MONEY_MAX_CENTS = 1_000_000_00;

/** A dollar amount of at least one cent, two places at most, kept as '12.50'; `message` when it is not. */
const amount = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    try {
      const cents = toCents(value);
      if (cents < 1 || cents > MONEY_MAX_CENTS) throw new Error('out of range');
      return centsToAmount(cents);
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });

const PRICE_MESSAGE = 'Price must be at least $0.01';
const OFFER_AMOUNT_MESSAGE = 'Offer amount must be at least $0.01';
const DETAILS_MESSAGE = 'Please provide required details for your offer type';

const blankToUndefined = (v: unknown) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v);

const listingFields = {
  askingPrice: z.preprocess(blankToUndefined, amount(PRICE_MESSAGE).optional()),
  tradePreferences: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(LISTING_TEXT_MAX, { message: `Trade preferences must be at most ${LISTING_TEXT_MAX} characters` })
      .optional(),
  ),
  description: z
    .string({ error: 'Please provide a detailed description' })
    .trim()
    .min(10, { message: 'Please provide a detailed description' })
    .max(LISTING_TEXT_MAX, { message: `The description must be at most ${LISTING_TEXT_MAX} characters` }),
  location: z
    .string({ error: 'Please provide your city and state' })
    .trim()
    .min(5, { message: 'Please provide your city and state' })
    .max(120, { message: 'The location must be at most 120 characters' }),
};

export const listingCreateSchema = z
  .object({
    cardGradingId: z.coerce
      .number({ error: 'Choose one of your graded cards' })
      .int({ message: 'Choose one of your graded cards' })
      .positive({ message: 'Choose one of your graded cards' })
      .max(2_147_483_647, { message: 'Choose one of your graded cards' }),
    listingType: z.enum(LISTING_TYPES, { error: 'Please select sell or trade' }),
    ...listingFields,
  })
  .superRefine((v, ctx) => {
    if (v.listingType === 'sell' && v.askingPrice === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Price is required for sell listings', path: ['askingPrice'] });
    }
  });
export type ListingCreateInput = z.infer<typeof listingCreateSchema>;

/** PATCH: the seller edits an active listing, or withdraws it. */
export const listingUpdateSchema = z
  .object({
    ...listingFields,
    description: listingFields.description.optional(),
    location: listingFields.location.optional(),
    status: z.literal('withdrawn', { error: 'A listing can only be withdrawn here' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one field to change' });
export type ListingUpdateInput = z.infer<typeof listingUpdateSchema>;

export const listingQuerySchema = z
  .object({
    type: z.enum(LISTING_TYPES).optional(),
    game: z.string().trim().max(60).optional(),
    minGrade: z.coerce.number().int().min(1).max(10).optional(),
    maxGrade: z.coerce.number().int().min(1).max(10).optional(),
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(60).default(24),
  })
  .refine((v) => v.minGrade === undefined || v.maxGrade === undefined || v.minGrade <= v.maxGrade, {
    message: 'The lowest grade must not be above the highest',
    path: ['minGrade'],
  });

export const offerCreateSchema = z
  .object({
    offerType: z.enum(OFFER_TYPES, { error: 'Please select cash or trade offer' }),
    offerAmount: z.preprocess(blankToUndefined, amount(OFFER_AMOUNT_MESSAGE).optional()),
    tradeDescription: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(LISTING_TEXT_MAX, { message: `The trade description must be at most ${LISTING_TEXT_MAX} characters` })
        .optional(),
    ),
    message: z.preprocess(
      blankToUndefined,
      z.string().trim().max(1000, { message: 'The message must be at most 1000 characters' }).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.offerType === 'cash' && v.offerAmount === undefined) {
      ctx.addIssue({ code: 'custom', message: DETAILS_MESSAGE, path: ['offerAmount'] });
    }
    if (v.offerType === 'trade' && v.tradeDescription === undefined) {
      ctx.addIssue({ code: 'custom', message: DETAILS_MESSAGE, path: ['tradeDescription'] });
    }
  });
export type OfferCreateInput = z.infer<typeof offerCreateSchema>;

export const offerListQuerySchema = z.object({
  role: z.enum(['made', 'received'], { error: 'Ask for role=made or role=received' }).default('made'),
});

export const removeListingSchema = z.object({
  reason: z
    .string({ error: 'Say why the listing is taken down: the seller sees it' })
    .trim()
    .min(3, { message: 'Say why the listing is taken down: the seller sees it' })
    .max(500, { message: 'The reason must be at most 500 characters' }),
});

/** The card as a listing shows it in lists. */
export interface ListedCard {
  gradingId: number;
  cardName: string | null;
  cardSet: string | null;
  cardNumber: string | null;
  gameBrand: string | null;
  year: string | null;
  overallGrade: number | null;
  photoPath: string | null;
}

export interface Listing {
  id: number;
  listingType: ListingType;
  askingPrice: string | null;
  tradePreferences: string | null;
  description: string;
  location: string;
  status: ListingStatus;
  viewCount: number;
  createdAt: string;
  updatedAt: string;
  seller: { username: string };
  card: ListedCard;
  /** Why an admin took it down (its seller and admins see it). */
  removedReason?: string | null;
}

export interface ListingDetail extends Listing {
  /** The full GradeLens report of the listed card, as the gallery shows it. */
  grading: CardGrading & { analysis?: GradeReport | null };
  /** The viewer is its seller. */
  mine: boolean;
}

export interface ListingPage {
  items: Listing[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Offer {
  id: number;
  listingId: number;
  offerType: OfferType;
  offerAmount: string | null;
  tradeDescription: string | null;
  message: string | null;
  status: OfferStatus;
  createdAt: string;
  offerer: { username: string };
  listing: { id: number; status: ListingStatus; cardName: string | null; seller: string };
  /** Once accepted: the other party's e-mail, to arrange payment or the trade. */
  contactEmail?: string;
}
