import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn } from '../../../test/support/factories.ts';
import { hashToken, SESSION_REFRESH_MS } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_TTL_DAYS: '30' });
});
afterAll(async () => {
  await t.close();
});

/** A signed-in user's cookie and the row of its session. */
async function session() {
  const cookie = await signIn(t.app, await createUser(t.db));
  const token = t.app.unsignCookie(decodeURIComponent(cookie.split('=')[1]!)).value!;
  const id = hashToken(token);
  return {
    cookie,
    token,
    expiresAt: async () => (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0]?.expiresAt ?? null,
    setExpiry: (at: Date) => t.db.update(sessions).set({ expiresAt: at }).where(eq(sessions.id, id)),
  };
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const sessionCookieOf = (response: Awaited<ReturnType<typeof me>>) =>
  response.cookies.find((c) => c.name === 'gradelens_session');

describe('the session behind every API call', () => {
  it('is refused once expired, and stays expired', async () => {
    const s = await session();
    const past = new Date(Date.now() - 1000);
    await s.setExpiry(past);
    const response = await me(s.cookie);
    expect(response.statusCode).toBe(401);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await s.expiresAt()).toEqual(past);
  });

  it('is read without a write while its expiry was moved less than the refresh interval ago', async () => {
    const s = await session();
    const before = await s.expiresAt();
    for (let i = 0; i < 3; i += 1) {
      const response = await me(s.cookie);
      expect(response.statusCode).toBe(200);
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    expect(await s.expiresAt()).toEqual(before);
  });

  it('lasts a full lifetime from its last use: the expiry and the cookie move once the interval has passed', async () => {
    const s = await session();
    await s.setExpiry(new Date(Date.now() + 30 * DAY_MS - SESSION_REFRESH_MS - 60_000));
    const started = Date.now();
    const response = await me(s.cookie);
    expect(response.statusCode).toBe(200);
    const moved = (await s.expiresAt())!.getTime();
    expect(moved).toBeGreaterThanOrEqual(started + 30 * DAY_MS - 1000);
    expect(moved).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    const cookie = sessionCookieOf(response)!;
    expect(cookie).toMatchObject({ maxAge: 30 * 24 * 60 * 60, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(t.app.unsignCookie(cookie.value).value).toBe(s.token);
    // Moved, it is not due again: the next call writes nothing.
    expect(sessionCookieOf(await me(s.cookie))).toBeUndefined();
    expect((await s.expiresAt())!.getTime()).toBe(moved);
  });

  it('is not kept alive by a sign-out: the cookie is cleared and the row gone', async () => {
    const s = await session();
    await s.setExpiry(new Date(Date.now() + 30 * DAY_MS - SESSION_REFRESH_MS - 60_000));
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: s.cookie } });
    expect(response.statusCode).toBe(204);
    expect(sessionCookieOf(response)?.value).toBe('');
    expect(await s.expiresAt()).toBeNull();
    expect((await me(s.cookie)).statusCode).toBe(401);
  });
});
