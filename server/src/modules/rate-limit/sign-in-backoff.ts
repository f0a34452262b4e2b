import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { signInFailures } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { rateLimited } from './service.ts';

export type BackoffSettings = Pick<Env, 'AUTH_FREE_FAILURES' | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'>;

export interface SignInPair {
  userId: number;
  address: string;
}

const TOO_MANY_FAILURES = 'Too many failed sign-ins to this account from your address.';

const samePair = (pair: SignInPair) =>
  and(eq(signInFailures.userId, pair.userId), eq(signInFailures.address, pair.address));

/**
 * Claims one sign-in attempt for (account, address), counted as a failure until the password
 * proves right (forgetSignInFailures). Past the free failures the pair must wait 1, 2, 4 ...
 * seconds (at most the window) after its last failure; an attempt during the wait answers 429
 * and is not counted. Failures older than the window are forgotten.
 *
 * One upsert counts and checks at once, so parallel attempts each count and only as many pass
 * as the rule allows; the owner at another address has a pair of their own and never waits.
 */
export async function claimSignInAttempt(db: Executor, pair: SignInPair, settings: BackoffSettings): Promise<void> {
  const window = settings.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const forgotten = sql`${signInFailures.lastFailedAt} < now() - make_interval(secs => ${window})`;
  const waitEnds = waitEndsAfter(settings);
  const claimed = await db
    .insert(signInFailures)
    .values({ ...pair, failures: 1 })
    .onConflictDoUpdate({
      target: [signInFailures.userId, signInFailures.address],
      set: {
        failures: sql`CASE WHEN ${forgotten} THEN 1 ELSE ${signInFailures.failures} + 1 END`,
        lastFailedAt: sql`now()`,
      },
      setWhere: sql`${forgotten} OR ${signInFailures.failures} < ${settings.AUTH_FREE_FAILURES} OR ${waitEnds} <= now()`,
    })
    .returning({ failures: signInFailures.failures });
  if (claimed.length > 0) return;

  const [waiting] = await db
    .select({ seconds: sql<number>`extract(epoch from (${waitEnds} - now()))` })
    .from(signInFailures)
    .where(samePair(pair));
  throw rateLimited(Number(waiting?.seconds ?? 1), TOO_MANY_FAILURES);
}

/** When the pair's wait ends: 2^(failures - free) seconds after its last failure, at most the window. */
function waitEndsAfter(settings: BackoffSettings) {
  // The exponent stops at 30 (34 years) so power() never overflows; the window caps the wait anyway.
  const seconds = sql`least(power(2, least(${signInFailures.failures} - ${settings.AUTH_FREE_FAILURES}, 30)), ${settings.AUTH_RATE_LIMIT_WINDOW_SECONDS})`;
  return sql`(${signInFailures.lastFailedAt} + make_interval(secs => ${seconds}))`;
}

/** A successful sign-in: the pair starts again with its free failures. */
export async function forgetSignInFailures(db: Executor, pair: SignInPair): Promise<void> {
  await db.delete(signInFailures).where(samePair(pair));
}

/** Deletes the pairs whose last failure is older than the window: the check ignores them already. */
export async function deleteForgottenSignInFailures(db: Executor, windowSeconds: number): Promise<void> {
  await db
    .delete(signInFailures)
    .where(sql`${signInFailures.lastFailedAt} < now() - make_interval(secs => ${windowSeconds})`);
}
