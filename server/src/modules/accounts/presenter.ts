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

/** The answer's JSON schema: Fastify serialises with it (fast-json-stringify), and nothing else leaves. */
export const currentUserSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    email: { type: 'string' },
    isAdmin: { type: 'boolean' },
    profilePicturePath: { type: 'string' },
    points: { type: 'integer' },
    createdAt: { type: 'string' },
  },
} as const;
