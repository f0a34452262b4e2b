import type { cardGradings, users } from '../../db/schema.ts';

type GradingRow = typeof cardGradings.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** Who may do what with a grading. Anything refused answers 404, so private gradings stay invisible. */
export const gradingPolicy = {
  view: (user: UserRow | null, grading: GradingRow) =>
    grading.sharedAt !== null || (user !== null && (user.id === grading.userId || user.isAdmin === 1)),
  /** Details, analysis and sharing are the owner's alone. */
  manage: (user: UserRow | null, grading: GradingRow) => user !== null && user.id === grading.userId,
};
