import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentMethod } from './constants.ts';

/** Manual point purchases; messages are SPEC section 5's. */

export const manualPaymentSchema = z.object({
  packageId: z.string({ error: 'Select a package' }).trim().min(1, { message: 'Select a package' }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose venmo, cashapp or paypal' }),
  transactionId: z
    .string({ error: 'Transaction ID required' })
    .trim()
    .min(1, { message: 'Transaction ID required' })
    .max(120, { message: 'Transaction ID must be at most 120 characters' }),
});
export type ManualPaymentInput = z.infer<typeof manualPaymentSchema>;

export const rejectPaymentSchema = z.object({
  notes: z.string().trim().max(500).optional(),
});
export const DEFAULT_REJECTION_NOTE = 'Rejected by admin';

export type PaymentStatus = 'pending' | 'approved' | 'rejected';

export interface PaymentAccountsResponse {
  accounts: Record<PaymentMethod, string>;
  packages: Record<string, { name: string; points: number; price: number }>;
}

export interface ManualPaymentResponse {
  paymentId: number;
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

/** Cents per point, rounded to 2 decimals (SPEC section 9). */
export const centsPerPoint = (pkg: { points: number; price: number }) =>
  Math.round(((pkg.price * 100) / pkg.points) * 100) / 100;
