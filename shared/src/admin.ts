import { z } from 'zod';
import { GRADE_MAX, GRADE_MIN } from './constants.ts';

const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce.number().pipe(schema).optional(),
  );

/** GET /api/admin/card-gradings: the card-review filters, the grade-management search and paging. */
export const adminGradingsQuerySchema = z.object({
  grade: optionalNumber(
    z
      .number()
      .int()
      .min(GRADE_MIN, { message: 'Grade must be from 1 to 10' })
      .max(GRADE_MAX, { message: 'Grade must be from 1 to 10' }),
  ),
  cardName: z.string().trim().max(200).optional(),
  userId: optionalNumber(z.number().int().positive({ message: 'User id must be a positive number' })),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export interface AdminUser {
  id: number;
  username: string;
  email: string;
  points: number;
  isAdmin: boolean;
  createdAt: string;
}

export interface GradeCorrectionEntry {
  id: number;
  adminId: number | null;
  adminName: string | null;
  oldValues: Record<string, unknown>;
  newValues: Record<string, unknown>;
  createdAt: string;
}

/** Paging and a search over usernames and emails, for the admin's user list. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

/** One page of an admin list. */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** An admin adds (positive) or removes (negative) points, always with the reason, which the user sees. */
export const pointsAdjustmentSchema = z.object({
  delta: z
    .number({ error: 'Points must be a whole number, positive to add or negative to remove' })
    .int({ message: 'Points must be a whole number, positive to add or negative to remove' })
    .refine((v) => v !== 0, { message: 'Points must not be zero' })
    .refine((v) => Math.abs(v) <= 100_000, { message: 'At most 100,000 points at a time' }),
  reason: z
    .string({ error: 'Say why the points change: the user sees it' })
    .trim()
    .min(3, { message: 'Say why the points change: the user sees it' })
    .max(300, { message: 'At most 300 characters' }),
});
export type PointsAdjustment = z.infer<typeof pointsAdjustmentSchema>;
