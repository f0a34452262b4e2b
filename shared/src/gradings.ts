import { z } from 'zod';
import { GRADE_MAX, GRADE_MIN } from './constants.ts';

/** Card details and grade corrections; messages are docs/product.md section 5's. */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `At most ${max} characters` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const cardDetailsSchema = z.object({
  cardName: z.string({ error: 'Card name is required' }).trim().min(1, { message: 'Card name is required' }).max(200),
  cardSet: z.string({ error: 'Card set is required' }).trim().min(1, { message: 'Card set is required' }).max(200),
  cardNumber: optionalText(40),
  gameBrand: z
    .string({ error: 'Game brand is required' })
    .trim()
    .min(1, { message: 'Game brand is required' })
    .max(100),
  year: z
    .union([z.string(), z.number()])
    .optional()
    .nullable()
    .transform((v) => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim()))
    .refine((v) => v === null || /^\d{4}(-\d{2,4})?$/.test(v), { message: 'Year must look like 1999 or 2023-24' }),
});
export type CardDetailsInput = z.input<typeof cardDetailsSchema>;

/** The original brief's name for the year on the metadata call, `cardYear`, taken as `year` when `year` is not given. */
export function withYearAlias(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { cardYear, ...rest } = body as Record<string, unknown>;
  return cardYear !== undefined && rest.year === undefined ? { ...rest, year: cardYear } : rest;
}

const gradeField = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from ${GRADE_MIN} to ${GRADE_MAX}` })
    .int({ message: `${label} must be a whole number from ${GRADE_MIN} to ${GRADE_MAX}` })
    .min(GRADE_MIN, { message: `${label} must be a whole number from ${GRADE_MIN} to ${GRADE_MAX}` })
    .max(GRADE_MAX, { message: `${label} must be a whole number from ${GRADE_MIN} to ${GRADE_MAX}` });

export const gradeCorrectionSchema = z.object({
  cornerGrade: gradeField('Corner grade'),
  edgeGrade: gradeField('Edge grade'),
  surfaceGrade: gradeField('Surface grade'),
  centeringGrade: gradeField('Centering grade'),
  overallGrade: gradeField('Overall grade'),
  notes: z.string().max(5000).optional().nullable(),
  gradingMethod: z.string().max(200).optional().nullable(),
  mlPowered: z.boolean().optional(),
});
export type GradeCorrectionInput = z.infer<typeof gradeCorrectionSchema>;

export const shareSchema = z.object({ shared: z.boolean({ error: 'shared must be true or false' }) });

export const galleryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
});

/** A card grading as the API presents it. */
export interface CardGrading {
  id: number;
  /** The owner's account id, shown to the owner and to admins only. */
  userId?: number;
  ownerName?: string;
  cardName: string | null;
  cardSet: string | null;
  cardNumber: string | null;
  gameBrand: string | null;
  year: string | null;
  frontImagePath: string;
  backImagePath: string;
  /** A small copy of the front (about 300 px wide) for grids; null for old gradings. */
  frontThumbPath: string | null;
  cornerGrade: number | null;
  edgeGrade: number | null;
  surfaceGrade: number | null;
  centeringGrade: number | null;
  overallGrade: number | null;
  notes: string | null;
  gradingMethod: string | null;
  mlPowered: 0 | 1;
  shared: boolean;
  sharedAt: string | null;
  gradedAt: string | null;
  createdAt: string;
  annotatedFrontPath: string | null;
  annotatedBackPath: string | null;
  /** The engine's stored report (GradeReport) on single-grading answers; absent in lists. */
  analysis?: unknown;
  /** The number on the label and behind its QR code (/cert/<number>); null until graded. */
  certificateNumber: string | null;
  /** The frame lines of a face were set by the owner: centering comes from them. */
  centeringSetByOwner: boolean;
  /** Owner only: why the last analysis of this draft stopped (code, message, face, where the card was taken to be). */
  rejection?: {
    code: string;
    message: string;
    face?: 'front' | 'back';
    outline?: Partial<Record<'front' | 'back', [number, number][]>>;
    at: string;
  } | null;
  /** Owner only: the front photo shows on the public certificate page. */
  certificatePhotoShown?: boolean;
  /** On single-grading answers: the latest correction by a grader (admin), whose grades and notes stand. */
  correction?: { at: string; notes: string | null } | null;
}

export interface GalleryPage {
  items: CardGrading[];
  total: number;
  page: number;
  pageSize: number;
}
