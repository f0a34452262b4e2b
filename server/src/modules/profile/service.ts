import { desc, eq } from 'drizzle-orm';
import type { LedgerEntry } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { pointsLedger, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../accounts/password.ts';
import { deleteUserSessions } from '../sessions/service.ts';
import { normalizeImage, type ImageStore } from '../../storage/images.ts';

type UserRow = typeof users.$inferSelect;

const EMAIL_TAKEN = 'Another account already uses that email. Use a different one.';

export async function updateEmail(db: Database, user: UserRow, email: string): Promise<UserRow> {
  const normalized = email.toLowerCase();
  // The unique index on lower(email) decides, also between two accounts racing for one email.
  try {
    const [updated] = await db.update(users).set({ email: normalized }).where(eq(users.id, user.id)).returning();
    return updated ?? user;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
    }
    throw error;
  }
}

const WRONG_CURRENT = 'Current password is incorrect';

/** Changes the password and ends every other session of the user; the caller's stays. */
export async function changePassword(
  db: Database,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
  keepSessionToken: string | null,
): Promise<void> {
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    throw new AppError('VALIDATION', WRONG_CURRENT, { fields: { currentPassword: WRONG_CURRENT } });
  }
  const password = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password, resetToken: null, resetTokenExpiry: null }).where(eq(users.id, user.id));
    await deleteUserSessions(tx, user.id, keepSessionToken ?? undefined);
  });
}

const AVATAR_SIDE = 512;

/** Stores a new square profile picture and removes the one it replaces. */
export async function replaceProfilePicture(
  db: Database,
  images: ImageStore,
  user: UserRow,
  upload: Buffer,
): Promise<UserRow> {
  const encoded = await normalizeImage(upload, { square: AVATAR_SIDE, format: 'jpg' });
  const stored = await images.save(encoded, 'jpg');
  try {
    const [updated] = await db
      .update(users)
      .set({ profilePicturePath: stored.publicPath })
      .where(eq(users.id, user.id))
      .returning();
    if (user.profilePicturePath) await images.remove(user.profilePicturePath);
    return updated ?? user;
  } catch (error) {
    await images.remove(stored.publicPath);
    throw error;
  }
}

const REASON_TEXT: Record<LedgerEntry['reason'], string> = {
  signup_bonus: 'Welcome bonus',
  grading: 'Card grading',
  payment: 'Points purchase',
  admin_adjustment: 'Adjustment by an admin',
};

export async function listLedger(db: Database, userId: number): Promise<LedgerEntry[]> {
  const rows = await db
    .select()
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
    .limit(500);
  return rows.map((row) => {
    const reason = row.reason as LedgerEntry['reason'];
    const subject = row.cardGradingId ? ` #${row.cardGradingId}` : row.manualPaymentId ? ` #${row.manualPaymentId}` : '';
    return {
      id: row.id,
      delta: row.delta,
      balanceAfter: row.balanceAfter,
      reason,
      description: row.note ?? `${REASON_TEXT[reason]}${subject}`,
      cardGradingId: row.cardGradingId,
      manualPaymentId: row.manualPaymentId,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
