import { eq } from 'drizzle-orm';
import type { UpdateEmailInput } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { confirmCurrentPassword, credentialsChanged } from '../accounts/credentials.ts';

type UserRow = typeof users.$inferSelect;

const EMAIL_TAKEN = 'Another account already uses that email. Use a different one.';
const SAME_EMAIL = 'That is already the email of your account. Type the new one.';

/**
 * Moves the account to a new email once the current password shows the owner asks. Reset links
 * go to the email, so this is a credential change: an outstanding reset link stops working and
 * every other session ends. The old address gets a notice, so an owner whose account was taken
 * over learns of it; its sending is returned, not awaited, so a mail failure never undoes the change.
 */
export async function changeEmail(
  db: Database,
  mailer: Mailer,
  user: UserRow,
  input: UpdateEmailInput,
  options: { keepSessionToken: string | null; publicUrl: string },
): Promise<{ user: UserRow; notice: Promise<void> }> {
  await confirmCurrentPassword(user, input.currentPassword);
  const email = input.email.toLowerCase();
  if (email === user.email.toLowerCase())
    throw new AppError('VALIDATION', SAME_EMAIL, { fields: { email: SAME_EMAIL } });
  let updated: UserRow;
  try {
    // The unique index on lower(email) decides, also between two accounts racing for one email.
    updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ email }).where(eq(users.id, user.id)).returning();
      if (!row) throw new Error('update returned no row');
      await credentialsChanged(tx, user.id, options.keepSessionToken);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
    throw error;
  }
  const notice = mailer.send({
    to: user.email,
    subject: 'The email of your GradeLens account was changed',
    text: noticeText({ username: user.username, newEmail: email, changedAt: new Date(), publicUrl: options.publicUrl }),
  });
  return { user: updated, notice };
}

function noticeText(change: { username: string; newEmail: string; changedAt: Date; publicUrl: string }): string {
  const when = `${change.changedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return [
    `Hello ${change.username},`,
    '',
    `On ${when} the email of your GradeLens account was changed to ${maskEmail(change.newEmail)}.`,
    'Mail about your account, password-reset links included, now goes to that address.',
    '',
    'If you made this change, there is nothing to do.',
    '',
    'If you did not, someone else knows your password. Sign in at',
    `${change.publicUrl}/auth with your username, set your email back and choose a new`,
    'password under Profile > Account Settings: that signs out every other device.',
    'If you can no longer sign in, contact the GradeLens administrators and give them',
    'your username.',
  ].join('\n');
}

/** Enough of the new address for the owner to recognise it, not enough to hand it to a stranger. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
