import { eq, or, sql } from 'drizzle-orm';
import { registerSchema } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { registerUser } from './service.ts';

export interface NewAdmin {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface AdminAccount {
  id: number;
  username: string;
  email: string;
}

const PROMOTE = 'npm run admin:create -- --promote';

/**
 * Creates a new admin account and nothing else. A taken username or email is refused rather
 * than promoted: anyone can register the name an operator is about to use.
 */
export async function createAdmin(db: Database, input: NewAdmin): Promise<AdminAccount> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) {
    // The password and its confirmation share a message; say it once.
    const messages = new Set(parsed.error.issues.map((i) => `${i.message}.`));
    throw new AppError('VALIDATION', `${[...messages].join(' ')} Nothing was changed.`);
  }
  const { username, email } = parsed.data;
  const holders = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, username.toLowerCase()),
        eq(sql`lower(${users.email})`, email.toLowerCase()),
      ),
    );
  const byUsername = holders.find((u) => u.username.toLowerCase() === username.toLowerCase());
  if (byUsername) {
    throw new AppError(
      'CONFLICT',
      `The username ${username} is already taken by account ${byUsername.id} (${byUsername.email}); nothing was changed. ` +
        `Choose another username, or if that account is yours, run: ${PROMOTE} ${byUsername.username}`,
    );
  }
  const byEmail = holders[0];
  if (byEmail) {
    throw new AppError(
      'CONFLICT',
      `The email ${email} is already used by account ${byEmail.id} (username ${byEmail.username}); nothing was changed. ` +
        `Use another email, or if that account is yours, run: ${PROMOTE} ${byEmail.username}`,
    );
  }
  const created = await registerUser(db, parsed.data, { isAdmin: true });
  return { id: created.id, username: created.username, email: created.email };
}

/**
 * Makes the account with exactly this username an admin. Never looks at emails: the operator
 * names the one account they checked.
 */
export async function promoteAdmin(db: Database, username: string): Promise<AdminAccount & { wasAdmin: boolean }> {
  // Usernames are unique whatever their case, so this finds at most one account.
  const [account] = await db
    .select({ id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (!account) {
    throw new AppError(
      'NOT_FOUND',
      `No account has the username ${username}; nothing was changed. Give the exact username of an existing account (not an email).`,
    );
  }
  if (account.username !== username) {
    throw new AppError(
      'NOT_FOUND',
      `No account has the username ${username}, but ${account.username} does; nothing was changed. ` +
        `If that is the account, run: ${PROMOTE} ${account.username}`,
    );
  }
  if (!account.isAdmin) await db.update(users).set({ isAdmin: 1 }).where(eq(users.id, account.id));
  return { id: account.id, username: account.username, email: account.email, wasAdmin: account.isAdmin === 1 };
}
