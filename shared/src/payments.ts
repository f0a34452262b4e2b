import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentMethod } from './constants.ts';

/** Manual point purchases; messages are docs/product.md section 5's. */

export const TRANSACTION_ID_MAX = 120;
const TRANSACTION_ID_REQUIRED = 'Transaction ID required';

/**
 * The one spelling of a transaction id that is stored and compared: compatibility forms
 * folded (full-width digits, ligatures), everything but letters and digits dropped (spaces,
 * dashes, '#', zero-width and other invisible characters), upper case. Two ways of typing the
 * same reference therefore give the same value, and the unique index sees them as one.
 */
export function normalizeTransactionId(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toUpperCase();
}

/** The transaction id as it will be recorded, or the sentence that says what is wrong with it. */
export const transactionIdSchema = z
  .string({ error: TRANSACTION_ID_REQUIRED })
  .transform(normalizeTransactionId)
  .pipe(
    z
      .string()
      .min(1, { message: TRANSACTION_ID_REQUIRED })
      .max(TRANSACTION_ID_MAX, { message: `Transaction ID must be at most ${TRANSACTION_ID_MAX} letters and digits` })
      // Letters that only look Latin (Cyrillic, Greek) would make a second id for the same payment.
      .regex(/^[A-Z0-9]*$/, {
        message: 'Use only the letters A-Z and digits 0-9 of the reference your payment app shows',
      }),
  );

export const manualPaymentSchema = z.object({
  packageId: z.string({ error: 'Select a package' }).trim().min(1, { message: 'Select a package' }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose venmo, cashapp or paypal' }),
  transactionId: transactionIdSchema,
});
export type ManualPaymentInput = z.infer<typeof manualPaymentSchema>;

export const rejectPaymentSchema = z.object({
  notes: z.string().trim().max(500).optional(),
});
export const DEFAULT_REJECTION_NOTE = 'Rejected by admin';

export type PaymentStatus = 'pending' | 'approved' | 'rejected';

export interface PaymentAccountsResponse {
  /** The methods the operator configured, each with its receiving account; none: purchases are not set up. */
  accounts: Partial<Record<PaymentMethod, string>>;
  packages: Record<string, { name: string; points: number; price: number }>;
}

export interface ManualPaymentResponse {
  paymentId: number;
  /** The transaction id as recorded (normalizeTransactionId). */
  transactionId: string;
  status: PaymentStatus;
  pointsAdded: number;
  newBalance: number;
  message: string;
}

export interface MyPayment {
  id: number;
  packageId: string;
  pointsRequested: number;
  amount: number;
  paymentMethod: PaymentMethod;
  transactionId: string;
  status: PaymentStatus;
  notes: string | null;
  createdAt: string;
  processedAt: string | null;
}

export interface PendingPayment {
  id: number;
  userId: number;
  username: string;
  packageId: string;
  pointsRequested: number;
  amount: number;
  paymentMethod: PaymentMethod;
  transactionId: string;
  createdAt: string;
}

/** Cents per point, rounded to 2 decimals (docs/product.md section 9). */
export const centsPerPoint = (pkg: { points: number; price: number }) =>
  Math.round(((pkg.price * 100) / pkg.points) * 100) / 100;
