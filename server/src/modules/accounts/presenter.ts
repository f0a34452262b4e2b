import type { CurrentUser } from '@gradelens/shared';
import type { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/** The signed-in user's own account: never the password hash or a reset token. */
export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isAdmin: user.isAdmin === 1,
    ...(user.profilePicturePath ? { profilePicturePath: user.profilePicturePath } : {}),
    points: user.points,
    createdAt: user.createdAt.toISOString(),
  };
}
