import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { rateLimits } from '../../db/schema.ts';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
  /** What was refused, e.g. 'Too many uploads.'; the wait is added after it. */
  refusal?: string;
}

/**
 * Counts one attempt against each limit (fixed windows kept in the database, so every server
 * instance sees the same counters) and throws 429 when any is past its maximum.
 */
export async function consumeAttempt(db: Executor, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${limit.windowSeconds})`;
    const rows = await db
      .insert(rateLimits)
      .values({ key: limit.key, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning({
        count: rateLimits.count,
        retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${limit.windowSeconds}) - now())))::int`,
      });
    const row = rows[0];
    if (row && row.count > limit.max) throw rateLimited(Number(row.retryAfter), limit.refusal);
  }
}

/** The 429 of every limit: the wait in whole seconds in Retry-After, and in words. */
export function rateLimited(waitSeconds: number, reason = 'Too many attempts.'): AppError {
  const retryAfter = Math.max(1, Math.ceil(waitSeconds));
  return new AppError('RATE_LIMITED', `${reason} Wait ${describeWait(retryAfter)} and try again.`, {
    headers: { 'retry-after': String(retryAfter) },
    extra: { retryAfter },
  });
}

/** Deletes the counters whose window has ended: the next attempt would start them at 1 anyway. */
export async function deleteEndedWindows(db: Executor, windowSeconds: number): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`);
}

function describeWait(seconds: number): string {
  if (seconds === 1) return '1 second';
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
