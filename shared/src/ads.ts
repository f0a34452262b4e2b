import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentMethod } from './constants.ts';
import { centsToAmount, formatDollars, toCents } from './money.ts';

/**
 * Sponsored placements: ads on the public pages (the gallery and shared gradings' pages), the
 * owners' share of what an impression or a click on their page earns, and payouts on request
 * (docs/decisions/0022-sponsored-placements.md).
 *
 * Ad revenue has four decimal places ('0.0125' dollars an impression): it is added up in whole
 * ten-thousandths of a dollar, never as a float; balances and payouts are whole cents, rounded down.
 */

export const AD_PLACEMENTS = ['gallery', 'shared_grading', 'both'] as const;
export type AdPlacementKind = (typeof AD_PLACEMENTS)[number];
export const AD_PLACEMENT_LABELS: Record<AdPlacementKind, string> = {
  gallery: 'Gallery',
  shared_grading: 'Shared gradings',
  both: 'Gallery and shared gradings',
};

export const AD_NAME_MAX = 120;
export const AD_LINK_MAX = 2000;
/** The most an impression or a click may earn, in dollars. */
export const AD_REVENUE_MAX_DOLLARS = 1000;
export const PAYOUT_ACCOUNT_MAX = 120;

/** '0.0125', '12', 0.5 to whole ten-thousandths of a dollar (125, 120000, 5000); throws on anything else. */
export function toTenThousandths(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(4) : amount.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) throw new Error(`not an amount with at most four decimal places: ${JSON.stringify(amount)}`);
  return Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
}

/** 125 ten-thousandths to '0.0125', as the API and the numeric(10,4) columns carry revenue. */
export function tenThousandthsToAmount(units: number): string {
  if (!Number.isSafeInteger(units) || units < 0) throw new Error(`not a number of ten-thousandths: ${units}`);
  return `${Math.floor(units / 10_000)}.${String(units % 10_000).padStart(4, '0')}`;
}

/** Whole cents in an amount of ten-thousandths, rounded down: what may be paid out of it. */
export const tenThousandthsToCents = (units: number) => Math.floor(units / 100);

/** Revenue as shown: '$0.0125', '$12.34' (two places unless the fraction of a cent matters). */
export function formatRevenue(amount: string): string {
  const units = toTenThousandths(amount);
  const cents = tenThousandthsToCents(units);
  const rest = units % 100;
  if (rest === 0) return formatDollars(centsToAmount(cents));
  const fraction = String(units % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `$${Math.floor(units / 10_000).toLocaleString('en-US')}.${fraction}`;
}

/** The owner's share of an amount, both in ten-thousandths (a share of 5000 is one half), rounded down. */
export const ownerShareOf = (units: number, shareTenThousandths: number) =>
  Math.floor((units * shareTenThousandths) / 10_000);

const revenueSchema = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} is required` }).transform((value, ctx) => {
    try {
      const units = toTenThousandths(value);
      if (units > AD_REVENUE_MAX_DOLLARS * 10_000) throw new Error('too large');
      return tenThousandthsToAmount(units);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be from $0 to $${AD_REVENUE_MAX_DOLLARS.toLocaleString('en-US')}, in dollars with at most 4 decimal places, such as 0.0125`,
      });
      return z.NEVER;
    }
  });

const LINK_MESSAGE = 'Enter the full address the ad links to, starting with https:// or http://';

/** An ad's link: an absolute http(s) address with a host, kept as the URL parser writes it. */
export const adLinkSchema = z.string({ error: LINK_MESSAGE }).transform((raw, ctx) => {
  const text = raw.trim();
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
    ctx.addIssue({ code: 'custom', message: LINK_MESSAGE });
    return z.NEVER;
  }
  if (url.href.length > AD_LINK_MAX) {
    ctx.addIssue({ code: 'custom', message: `The link must be at most ${AD_LINK_MAX} characters` });
    return z.NEVER;
  }
  return url.href;
});

const adFields = {
  name: z
    .string({ error: 'Ad name is required' })
    .trim()
    .min(1, { message: 'Ad name is required' })
    .max(AD_NAME_MAX, { message: `Ad name must be at most ${AD_NAME_MAX} characters` }),
  linkUrl: adLinkSchema,
  placement: z.enum(AD_PLACEMENTS, { error: 'Choose where the ad is shown: gallery, shared_grading or both' }),
  revenuePerImpression: revenueSchema('Revenue per impression'),
  revenuePerClick: revenueSchema('Revenue per click'),
  active: z.boolean({ error: 'Active is true or false' }),
};

/** POST /api/admin/ads (JSON; the image goes after, to /api/admin/ads/:id/image). */
export const adCreateSchema = z.object({
  ...adFields,
  revenuePerImpression: adFields.revenuePerImpression.default('0.0000'),
  revenuePerClick: adFields.revenuePerClick.default('0.0000'),
  active: adFields.active.default(true),
});
export type AdCreateInput = z.infer<typeof adCreateSchema>;

/** PATCH /api/admin/ads/:id: any of the fields. */
export const adUpdateSchema = z
  .object(adFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one field to change' });
export type AdUpdateInput = z.infer<typeof adUpdateSchema>;

export const adminAdQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** GET /api/ads/placement?page=gallery, or ?page=grading&gradingId=12. */
export const adPlacementQuerySchema = z.discriminatedUnion(
  'page',
  [
    z.object({ page: z.literal('gallery') }),
    z.object({
      page: z.literal('grading'),
      gradingId: z.coerce
        .number({ error: 'Name the grading: gradingId=12' })
        .int({ message: 'Name the grading: gradingId=12' })
        .positive({ message: 'Name the grading: gradingId=12' })
        .max(2_147_483_647, { message: 'There is no grading with that id' }),
    }),
  ],
  { error: 'Say which page the ad is for: page=gallery or page=grading' },
);
export type AdPlacementQuery = z.infer<typeof adPlacementQuerySchema>;

/** An ad as admins see it, with what it has been shown and clicked. */
export interface Ad {
  id: number;
  name: string;
  imageUrl: string | null;
  linkUrl: string;
  placement: AdPlacementKind;
  /** Dollars with four places. */
  revenuePerImpression: string;
  revenuePerClick: string;
  active: boolean;
  impressions: number;
  clicks: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdPage {
  items: Ad[];
  total: number;
  page: number;
  pageSize: number;
}

/** The answer of GET /api/ads/placement: the ad to show on the page, or null. */
export interface AdPlacement {
  ad: {
    name: string;
    imageUrl: string | null;
    /** Where a click goes: through the server, which records it and redirects to the ad's link. */
    clickUrl: string;
  } | null;
}

// The owner's earnings and payouts.

export const AD_PAYOUT_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type AdPayoutStatus = (typeof AD_PAYOUT_STATUSES)[number];
export const AD_PAYOUT_STATUS_LABELS: Record<AdPayoutStatus, string> = {
  pending: 'Waiting',
  paid: 'Paid',
  rejected: 'Rejected',
};

export const adSettingsSchema = z.object({
  adsOptOut: z.boolean({ error: 'adsOptOut is true or false' }),
});

export const PAYOUT_ACCOUNT_MESSAGE = 'Enter the account to pay, such as @your-venmo, $YourCashtag or you@example.com';

/** POST /api/my/ad-payouts: the minimum and the balance are checked by the server (and by payoutFormSchema). */
export const payoutRequestSchema = z.object({
  amount: z
    .union([z.string(), z.number()], { error: 'Enter the amount in dollars, such as 10.00' })
    .transform((value, ctx) => {
      try {
        const cents = toCents(value);
        if (cents < 1) throw new Error('too small');
        return centsToAmount(cents);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Enter the amount in dollars and cents, such as 10.00' });
        return z.NEVER;
      }
    }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose venmo, cashapp or paypal' }),
  account: z
    .string({ error: PAYOUT_ACCOUNT_MESSAGE })
    .trim()
    .min(3, { message: PAYOUT_ACCOUNT_MESSAGE })
    .max(PAYOUT_ACCOUNT_MAX, { message: `The account must be at most ${PAYOUT_ACCOUNT_MAX} characters` }),
});
export type PayoutRequestInput = z.infer<typeof payoutRequestSchema>;

export const payoutBelowMinimumMessage = (minimum: string) =>
  `Payouts start at ${formatDollars(minimum)}. Ask for ${formatDollars(minimum)} or more.`;
export const payoutAboveBalanceMessage = (balance: string) =>
  `You can ask for at most your balance of ${formatDollars(balance)}. Lower the amount.`;
export const balanceBelowMinimumMessage = (balance: string, minimum: string) =>
  `Your balance of ${formatDollars(balance)} is below the ${formatDollars(minimum)} payout minimum. You can ask for a payout once it reaches ${formatDollars(minimum)}.`;

/** The payout form: the request's rules and messages, with the minimum and the balance of the earnings answer. */
export const payoutFormSchema = (minimum: string, balance: string) =>
  payoutRequestSchema.superRefine((v, ctx) => {
    const cents = toCents(v.amount);
    if (toCents(balance) < toCents(minimum)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: balanceBelowMinimumMessage(balance, minimum) });
    } else if (cents < toCents(minimum)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: payoutBelowMinimumMessage(minimum) });
    } else if (cents > toCents(balance)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: payoutAboveBalanceMessage(balance) });
    }
  });

export const payoutPaySchema = z.object({
  reference: z
    .string({ error: 'Enter the reference of the payment you sent' })
    .trim()
    .min(1, { message: 'Enter the reference of the payment you sent' })
    .max(120, { message: 'The reference must be at most 120 characters' }),
});

export const payoutRejectSchema = z.object({
  reason: z
    .string({ error: 'Say why the payout is rejected: the owner sees it' })
    .trim()
    .min(3, { message: 'Say why the payout is rejected: the owner sees it' })
    .max(500, { message: 'The reason must be at most 500 characters' }),
});

export const adminPayoutQuerySchema = z.object({
  status: z.enum(AD_PAYOUT_STATUSES, { error: 'Choose pending, paid or rejected' }).optional(),
  /** A request's number, or part of its owner's name or email. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export interface AdPayout {
  id: number;
  /** Dollars with two places. */
  amount: string;
  paymentMethod: PaymentMethod;
  account: string;
  status: AdPayoutStatus;
  /** The admin's reference of the payment sent, once paid. */
  paymentReference: string | null;
  /** Why it was rejected. */
  note: string | null;
  requestedAt: string;
  /** When it was paid. */
  paidAt: string | null;
}

export interface AdminAdPayout extends AdPayout {
  user: { id: number; username: string; email: string };
}

export interface AdPayoutPage {
  items: AdminAdPayout[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdEarningsRow {
  impressions: number;
  clicks: number;
  /** The owner's credit, dollars with four places. */
  earned: string;
}

export interface AdEarnings {
  /** What may be asked for now: earned minus waiting and paid payouts, whole cents rounded down, never below zero. */
  balance: string;
  /** Everything earned, whole cents rounded down. */
  totalEarned: string;
  /** Payouts waiting and paid, two places. */
  pending: string;
  paidOut: string;
  impressions: number;
  clicks: number;
  /** Newest month first, 'YYYY-MM' in UTC. */
  months: (AdEarningsRow & { month: string })[];
  /** Best earning first; a grading since deleted has a null id and name. */
  gradings: (AdEarningsRow & { cardGradingId: number | null; cardName: string | null })[];
  /** Newest first. */
  payouts: AdPayout[];
  /** The least a payout may be, two places (AD_PAYOUT_MINIMUM). */
  minimum: string;
  /** The owner's share of ad revenue, as a fraction ('0.5'; AD_OWNER_SHARE). */
  ownerShare: string;
  adsOptOut: boolean;
}
