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
