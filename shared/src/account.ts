import { z } from 'zod';
import { PASSWORD_MIN } from './constants.ts';
import { emailSchema } from './auth.ts';

/** Account settings and password recovery; messages are docs/product.md section 5's. */

const atLeast = (what: string) => `${what} must be at least ${PASSWORD_MIN} characters`;
const password = (what: string) => z.string({ error: atLeast(what) }).min(PASSWORD_MIN, { message: atLeast(what) });

const currentPassword = z
  .string({ error: 'Current password is required' })
  .min(1, { message: 'Current password is required' });

/** The email form and its call, PATCH /api/users/email: the current password confirms the owner. */
export const updateEmailSchema = z.object({ email: emailSchema, currentPassword });
export type UpdateEmailInput = z.infer<typeof updateEmailSchema>;

/** The profile form: three fields, and the two new ones must match. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: password('Current password'),
    newPassword: password('New password'),
    confirmPassword: password('Confirm password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

/** The call: POST /api/change-password { currentPassword, newPassword }. */
export const changePasswordSchema = z.object({
  currentPassword,
  newPassword: password('New password'),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordFormSchema = z
  .object({
    token: z.string({ error: 'Reset token is required' }).trim().min(1, { message: 'Reset token is required' }),
    password: password('Password'),
    confirmPassword: password('Confirm password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

/** The call: POST /api/reset-password { token, password }. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).trim().min(1, { message: 'Reset token is required' }),
  password: password('Password'),
});

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface MessageResponse {
  message: string;
}

export interface ForgotPasswordResponse extends MessageResponse {
  /** Only when the server runs with RESET_TOKEN_IN_RESPONSE=true (local development). */
  token?: string;
}

export interface LedgerEntry {
  id: number;
  delta: number;
  balanceAfter: number;
  reason: 'signup_bonus' | 'grading' | 'payment' | 'admin_adjustment';
  description: string;
  cardGradingId: number | null;
  manualPaymentId: number | null;
  createdAt: string;
}
