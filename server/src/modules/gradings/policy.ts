import type { cardGradings, users } from '../../db/schema.ts';

type Viewer = Pick<typeof users.$inferSelect, 'id' | 'isAdmin'> | null;
type Grading = Pick<typeof cardGradings.$inferSelect, 'userId' | 'sharedAt'>;

const ownerOrAdmin = (user: Viewer, grading: Grading) =>
  user !== null && (user.id === grading.userId || user.isAdmin === 1);

/** Who may do what with a grading. Anything refused answers 404, so private gradings stay invisible. */
export const gradingPolicy = {
  /** The grading and its photos. */
  view: (user: Viewer, grading: Grading) => grading.sharedAt !== null || ownerOrAdmin(user, grading),
  /** Details, analysis and sharing are the owner's alone. */
  manage: (user: Viewer, grading: Grading) => user !== null && user.id === grading.userId,
  /** Everyone else sees the owner's name at most, never the id that addresses the account. */
  seeOwnerId: ownerOrAdmin,
};
