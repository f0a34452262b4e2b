import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { credentialsChanged } from '../accounts/credentials.ts';
import { hashPassword } from '../accounts/password.ts';
import { hashToken } from '../sessions/service.ts';

export const RESET_REQUESTED =
  'If an account uses that email, we have sent it a link to reset the password. The link works for one hour.';

/**
 * Gives the account with that email a fresh one-hour token (stored hashed) and mails the link.
 * Answers the token only so the caller can expose it in local development; the HTTP answer
 * is the same whether or not the account exists.
 */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  input: { email: string; publicUrl: string },
): Promise<{ token: string; send: Promise<void> } | null> {
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  if (!user) return null;
  const token = randomBytes(32).toString('base64url');
  await db
    .update(users)
    .set({ resetToken: hashToken(token), resetTokenExpiry: new Date(Date.now() + RESET_TOKEN_TTL_MS) })
    .where(eq(users.id, user.id));
  const link = `${input.publicUrl}/forgot-password?token=${encodeURIComponent(token)}`;
  const send = mailer.send({
    to: user.email,
    subject: 'Reset your GradeLens password',
    text: [
      `Hello ${user.username},`,
      '',
      'Someone (we hope you) asked to reset the password of your GradeLens account.',
      `Open this link within one hour to choose a new password:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });
  return { token, send };
}

export const RESET_LINK_INVALID = 'This reset link is invalid, already used or expired. Request a new one.';

/** Sets the new password if the token is valid, used once, and signs the account out everywhere. */
export async function resetPassword(db: Database, input: { token: string; password: string }): Promise<void> {
  const password = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ password })
      .where(and(eq(users.resetToken, hashToken(input.token)), gt(users.resetTokenExpiry, new Date())))
      .returning({ id: users.id });
    if (!user) throw new AppError('VALIDATION', RESET_LINK_INVALID, { fields: { token: RESET_LINK_INVALID } });
    await credentialsChanged(tx, user.id);
  });
}
