import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_PRICE_RATE_LIMIT } from '@gradelens/shared';
import { createTestApp, type TestApp } from '../test/support/app.ts';
import { createUser, unique } from '../test/support/factories.ts';
import { deleteStaleRows } from './cleanup.ts';
import { rateLimits, sessions, signInFailures } from './db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 60 * 60 * 1000;
const WINDOW_SECONDS = 900;

async function staleAndFreshRows() {
  const user = await createUser(t.db);
  const sessionIds = { expired: unique('expired'), current: unique('current') };
  await t.db.insert(sessions).values([
    { id: sessionIds.expired, userId: user.id, expiresAt: new Date(Date.now() - HOUR_MS) },
    { id: sessionIds.current, userId: user.id, expiresAt: new Date(Date.now() + HOUR_MS) },
  ]);
  const limitKeys = { ended: unique('login:ip:ended'), running: unique('login:ip:running') };
  await t.db.insert(rateLimits).values([
    { key: limitKeys.ended, count: 3, windowStart: new Date(Date.now() - (WINDOW_SECONDS + 60) * 1000) },
    { key: limitKeys.running, count: 3, windowStart: new Date(Date.now() - (WINDOW_SECONDS - 60) * 1000) },
  ]);
  const failureAddresses = { forgotten: '10.0.0.1', recent: '10.0.0.2' };
  await t.db.insert(signInFailures).values([
    {
      userId: user.id,
      address: failureAddresses.forgotten,
      failures: 9,
      lastFailedAt: new Date(Date.now() - (WINDOW_SECONDS + 60) * 1000),
    },
    {
      userId: user.id,
      address: failureAddresses.recent,
      failures: 9,
      lastFailedAt: new Date(Date.now() - (WINDOW_SECONDS - 60) * 1000),
    },
  ]);
  const remaining = async () => ({
    sessions: (
      await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(inArray(sessions.id, Object.values(sessionIds)))
    ).map((r) => r.id),
    limits: (
      await t.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(inArray(rateLimits.key, Object.values(limitKeys)))
    ).map((r) => r.key),
    signInFailures: (
      await t.db
        .select({ address: signInFailures.address })
        .from(signInFailures)
        .where(eq(signInFailures.userId, user.id))
    ).map((r) => r.address),
  });
  return { sessionIds, limitKeys, failureAddresses, remaining };
}

describe('cleanup of stale rows', () => {
  it('deletes expired sessions, ended rate-limit windows and forgotten sign-in failures, and keeps the rest', async () => {
    const rows = await staleAndFreshRows();
    await deleteStaleRows(t.db, {
      AUTH_RATE_LIMIT_WINDOW_SECONDS: WINDOW_SECONDS,
      USER_RATE_LIMIT_WINDOW_SECONDS: WINDOW_SECONDS,
    });
    expect(await rows.remaining()).toEqual({
      sessions: [rows.sessionIds.current],
      limits: [rows.limitKeys.running],
      signInFailures: [rows.failureAddresses.recent],
    });
  });

  it('keeps a price look-up counter still in its own window when the sign-in window is shorter', async () => {
    const key = unique('card-price:ip:running');
    await t.db
      .insert(rateLimits)
      .values({ key, count: 3, windowStart: new Date(Date.now() - (CARD_PRICE_RATE_LIMIT.windowSeconds - 60) * 1000) });
    await deleteStaleRows(t.db, { AUTH_RATE_LIMIT_WINDOW_SECONDS: 60, USER_RATE_LIMIT_WINDOW_SECONDS: 60 });
    expect(
      await t.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(inArray(rateLimits.key, [key])),
    ).toEqual([{ key }]);
  });

  it('keeps a per-user counter still in its window when the sign-in window is shorter', async () => {
    const key = unique('upload:user:running');
    await t.db.insert(rateLimits).values({ key, count: 3, windowStart: new Date(Date.now() - 50 * 60 * 1000) });
    await deleteStaleRows(t.db, { AUTH_RATE_LIMIT_WINDOW_SECONDS: 15 * 60, USER_RATE_LIMIT_WINDOW_SECONDS: 60 * 60 });
    expect(
      await t.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(inArray(rateLimits.key, [key])),
    ).toEqual([{ key }]);
  });

  it('runs when a server starts', async () => {
    const rows = await staleAndFreshRows();
    const started = await createTestApp(
      {
        AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
        USER_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
      },
      t.database,
    );
    await started.close();
    expect(await rows.remaining()).toEqual({
      sessions: [rows.sessionIds.current],
      limits: [rows.limitKeys.running],
      signInFailures: [rows.failureAddresses.recent],
    });
  });
});
