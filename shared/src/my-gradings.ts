import { z } from 'zod';
import type { CardGrading } from './gradings.ts';

/** GET /api/my/card-gradings: cards per page when the caller names no limit, and the most one page holds. */
export const MY_GRADINGS_PAGE_SIZE = 24;
export const MY_GRADINGS_MAX_PAGE_SIZE = 100;

/** A page's `nextCursor`, given back as `cursor` for the page after it. */
const CURSOR = /^[A-Za-z0-9_-]{1,64}$/;

export const myGradingsQuerySchema = z.object({
  cursor: z
    .string()
    .regex(CURSOR, { message: 'The cursor is not one this list gave. Leave it out to start from the newest card.' })
    .optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MY_GRADINGS_MAX_PAGE_SIZE}` })
    .int({ error: `limit must be a whole number from 1 to ${MY_GRADINGS_MAX_PAGE_SIZE}` })
    .min(1, { error: `limit must be a whole number from 1 to ${MY_GRADINGS_MAX_PAGE_SIZE}` })
    .max(MY_GRADINGS_MAX_PAGE_SIZE, { error: `limit must be a whole number from 1 to ${MY_GRADINGS_MAX_PAGE_SIZE}` })
    .default(MY_GRADINGS_PAGE_SIZE),
});

/**
 * One of the signed-in user's cards as their history and portfolio show it: what the cards,
 * filters and statistics read, never the report, the notes or the owner's settings (those come
 * with GET /api/card-gradings/:id).
 */
export type GradingListItem = Pick<
  CardGrading,
  | 'id'
  | 'cardName'
  | 'cardSet'
  | 'cardNumber'
  | 'gameBrand'
  | 'year'
  | 'frontImagePath'
  | 'backImagePath'
  | 'frontThumbPath'
  | 'cornerGrade'
  | 'edgeGrade'
  | 'surfaceGrade'
  | 'centeringGrade'
  | 'overallGrade'
  | 'gradingMethod'
  | 'gradedAt'
  | 'createdAt'
> & {
  /** Why the last analysis of a draft stopped; null once graded. */
  rejection: NonNullable<CardGrading['rejection']> | null;
};

/** Newest first; `nextCursor` is null on the last page. */
export interface GradingListPage {
  items: GradingListItem[];
  nextCursor: string | null;
}
