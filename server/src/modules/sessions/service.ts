import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A session lasts SESSION_TTL_DAYS from its last use, but its expiry is moved at most this often
 * (or half the lifetime, if that is shorter): one write per active session every ten minutes,
 * never one per request.
 */
export const SESSION_REFRESH_MS = 10 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Executor, userId: number, ttlDays: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlDays * DAY_MS),
  });
  return token;
}

export type SessionUser = typeof users.$inferSelect;

// One query per API call: the session and its user together, prepared once per database.
const sessionByHash = preparedFor((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user'),
);

/** The session behind a token and its user, or null when the session is missing or expired. */
export async function findSession(db: Database, token: string): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const [row] = await sessionByHash(db).execute({ hash: hashToken(token), now: new Date().toISOString() });
  return row ?? null;
}

export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  return (await findSession(db, token))?.user ?? null;
}

/** Whether a session found with this expiry was last moved long enough ago to move it again. */
export function sessionDueForRefresh(expiresAt: Date, ttlDays: number, now = Date.now()): boolean {
  const ttlMs = ttlDays * DAY_MS;
  return expiresAt.getTime() - now < ttlMs - Math.min(SESSION_REFRESH_MS, ttlMs / 2);
}

/** Moves a live session's expiry to a full lifetime from now; false when it ended meanwhile (signed out). */
export async function extendSession(db: Executor, token: string, ttlDays: number): Promise<boolean> {
  const now = new Date();
  const moved = await db
    .update(sessions)
    .set({ expiresAt: new Date(now.getTime() + ttlDays * DAY_MS) })
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return moved.length > 0;
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of a user, except the one given (the caller's own, after a password change). */
export async function deleteUserSessions(db: Executor, userId: number, keepToken?: string): Promise<void> {
  const condition = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.id, hashToken(keepToken)))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
}

export async function deleteExpiredSessions(db: Executor): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
