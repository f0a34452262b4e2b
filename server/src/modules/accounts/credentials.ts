import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { deleteUserSessions } from '../sessions/service.ts';
import { verifyPassword } from './password.ts';

const WRONG_CURRENT = 'Current password is incorrect';

/** A signed-in session is not enough to change a credential: the password must come with it. */
export async function confirmCurrentPassword(user: { password: string }, currentPassword: string): Promise<void> {
  if (!(await verifyPassword(user.password, currentPassword))) {
    throw new AppError('VALIDATION', WRONG_CURRENT, { fields: { currentPassword: WRONG_CURRENT } });
  }
}

/**
 * What every change of a credential (the password, the email reset links go to) undoes, in the
 * caller's transaction: an outstanding reset link, mailed to an address that may no longer be
 * the owner's, and every session but the one that made the change.
 */
export async function credentialsChanged(
  tx: Executor,
  userId: number,
  keepSessionToken?: string | null,
): Promise<void> {
  await tx.update(users).set({ resetToken: null, resetTokenExpiry: null }).where(eq(users.id, userId));
  await deleteUserSessions(tx, userId, keepSessionToken ?? undefined);
}
