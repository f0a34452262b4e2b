import { desc, eq } from 'drizzle-orm';
import type { LedgerEntry } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { pointsLedger, users } from '../../db/schema.ts';
import { confirmCurrentPassword, credentialsChanged } from '../accounts/credentials.ts';
import { hashPassword } from '../accounts/password.ts';
import { normalizeImage, type ImageStore } from '../../storage/images.ts';

type UserRow = typeof users.$inferSelect;

/** Changes the password; like every credential change it ends the other sessions and any reset link. */
export async function changePassword(
  db: Database,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
  keepSessionToken: string | null,
): Promise<void> {
  await confirmCurrentPassword(user, input.currentPassword);
  const password = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password }).where(eq(users.id, user.id));
    await credentialsChanged(tx, user.id, keepSessionToken);
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
    const subject = row.cardGradingId
      ? ` #${row.cardGradingId}`
      : row.manualPaymentId
        ? ` #${row.manualPaymentId}`
        : '';
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
