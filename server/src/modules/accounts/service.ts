import { eq, or, sql } from 'drizzle-orm';
import { SIGNUP_BONUS_POINTS, type LoginInput, type RegisterInput } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { changePoints } from '../points/ledger.ts';
import { claimSignInAttempt, forgetSignInFailures, type BackoffSettings } from '../rate-limit/sign-in-backoff.ts';
import { hashPassword, verifyDecoy, verifyPassword } from './password.ts';

type UserRow = typeof users.$inferSelect;

const USERNAME_TAKEN = 'That username is already taken. Choose another one.';
const EMAIL_TAKEN = 'An account with that email already exists. Sign in instead, or use another email.';
const BOTH_TAKEN =
  'That username is already taken and an account with that email already exists. Sign in instead, or use another username and email.';

/** Creates an account with its sign-up bonus in one transaction. */
export async function registerUser(
  db: Database,
  input: RegisterInput,
  options: { isAdmin?: boolean } = {},
): Promise<UserRow> {
  await assertNamesFree(db, input.username, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email.toLowerCase(),
          password: passwordHash,
          points: 0,
          isAdmin: options.isAdmin ? 1 : 0,
        })
        .returning();
      if (!created) throw new Error('insert returned no row');
      const points = await changePoints(tx, {
        userId: created.id,
        delta: SIGNUP_BONUS_POINTS,
        reason: 'signup_bonus',
      });
      return { ...created, points };
    });
  } catch (error) {
    // Two registrations racing for one name: the unique index decides, we explain.
    if (isUniqueViolation(error)) await assertNamesFree(db, input.username, input.email);
    throw error;
  }
}

async function assertNamesFree(db: Database, username: string, email: string): Promise<void> {
  const taken = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, username.toLowerCase()),
        eq(sql`lower(${users.email})`, email.toLowerCase()),
      ),
    );
  const usernameTaken = taken.some((u) => u.username.toLowerCase() === username.toLowerCase());
  const emailTaken = taken.some((u) => u.email.toLowerCase() === email.toLowerCase());
  if (usernameTaken && emailTaken) {
    throw new AppError('CONFLICT', BOTH_TAKEN, { fields: { username: USERNAME_TAKEN, email: EMAIL_TAKEN } });
  }
  if (usernameTaken) throw new AppError('CONFLICT', USERNAME_TAKEN, { fields: { username: USERNAME_TAKEN } });
  if (emailTaken) throw new AppError('CONFLICT', EMAIL_TAKEN, { fields: { email: EMAIL_TAKEN } });
}

export const INVALID_LOGIN = 'Invalid username/email or password.';

/**
 * The account when the password matches. Failures count per (account, client address), under
 * either of its names, so a guesser slows only their own address, never the owner elsewhere;
 * a name no account has leaves no row (the per-address limit counts it).
 */
export async function signIn(
  db: Database,
  input: LoginInput,
  address: string,
  backoff: BackoffSettings,
): Promise<UserRow> {
  const account = await findAccount(db, input.emailOrUsername);
  if (account) await claimSignInAttempt(db, { userId: account.id, address }, backoff);
  const user = await authenticate(account, input.password);
  await forgetSignInFailures(db, { userId: user.id, address });
  return user;
}

/** The account a username or an email names (in any case), or null. */
async function findAccount(db: Database, emailOrUsername: string): Promise<UserRow | null> {
  const name = emailOrUsername.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name)))
    .limit(1);
  return user ?? null;
}

/** The account when the password matches; no account takes as long as a wrong password. */
async function authenticate(user: UserRow | null, password: string): Promise<UserRow> {
  if (!user) {
    await verifyDecoy(password);
    throw new AppError('UNAUTHENTICATED', INVALID_LOGIN);
  }
  if (!(await verifyPassword(user.password, password))) {
    throw new AppError('UNAUTHENTICATED', INVALID_LOGIN);
  }
  return user;
}
