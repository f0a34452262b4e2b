import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger, signInFailures, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { openTestDatabase } from '../../../test/support/database.ts';
import { createUser, sessionCookie, signIn, unique, uniqueIp } from '../../../test/support/factories.ts';
import { openDatabase } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: uniqueIp() });
const getUser = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

function registration(overrides: Record<string, string> = {}) {
  const username = unique('new');
  return {
    username,
    email: `${username}@example.test`,
    password: 'secret1',
    confirmPassword: 'secret1',
    ...overrides,
  };
}

describe('GET /api/user', () => {
  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await getUser();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('ignores a forged session cookie', async () => {
    const response = await getUser('gradelens_session=forged.value');
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/register', () => {
  it('creates an account with 20 points, a ledger row and a session', async () => {
    const body = registration();
    const response = await post('/api/register', body);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ username: body.username, isAdmin: false, points: 20 });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('resetToken');

    const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(ledger).toMatchObject([{ delta: 20, balanceAfter: 20, reason: 'signup_bonus' }]);

    const cookie = response.cookies.find((c) => c.name === 'gradelens_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await getUser(sessionCookie(response));
    expect(me.json()).toMatchObject({ id: user.id, username: body.username });
  });

  it('stores an argon2id hash, never the password', async () => {
    const body = registration();
    const response = await post('/api/register', body);
    const [row] = await t.db.select().from(users).where(eq(users.id, response.json().id));
    expect(row?.password).toMatch(/^\$argon2id\$/);
    expect(row?.password).not.toContain(body.password);
  });

  it.each([
    ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['password', { password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    ['confirmPassword', { confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    ['confirmPassword', { confirmPassword: 'secret2' }, 'Passwords do not match'],
  ])('refuses a bad %s with the message "%s"', async (field, overrides, message) => {
    const response = await post('/api/register', registration(overrides as Record<string, string>));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect(response.json().code).toBe('VALIDATION');
  });

  it('refuses a taken username, whatever its case, and says so', async () => {
    const existing = await createUser(t.db);
    const response = await post('/api/register', registration({ username: existing.username.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/username is already taken/);
    expect(response.json().fields).toHaveProperty('username');
  });

  it('refuses a taken email and says so', async () => {
    const existing = await createUser(t.db);
    const response = await post('/api/register', registration({ email: existing.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/email already exists/);
    expect(response.json().fields).toHaveProperty('email');
  });

  it('says so for both when the username and the email are both taken', async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const clashes: [string, string][] = [
      [owner.username, owner.email],
      [owner.username, other.email],
    ];
    for (const [username, email] of clashes) {
      const response = await post('/api/register', registration({ username: username.toUpperCase(), email }));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(
        /username is already taken and an account with that email already exists/,
      );
      expect(Object.keys(response.json().fields).sort()).toEqual(['email', 'username']);
    }
  });

  it('makes exactly one account when the same name registers twice at once', async () => {
    const body = registration();
    const answers = await Promise.all([post('/api/register', body), post('/api/register', body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 400 with a readable message to a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/valid JSON/);
  });
});

describe('POST /api/login', () => {
  it('signs in with the username or the email, in any case', async () => {
    const user = await createUser(t.db);
    for (const name of [user.username, user.email.toUpperCase()]) {
      const response = await post('/api/login', { emailOrUsername: name, password: user.password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, username: user.username, points: 20 });
    }
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const user = await createUser(t.db);
    const wrong = await post('/api/login', { emailOrUsername: user.username, password: 'wrong password' });
    const unknown = await post('/api/login', { emailOrUsername: unique('ghost'), password: 'whatever' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.cookies.find((c) => c.name === 'gradelens_session')).toBeUndefined();
  });

  it.each([
    ['emailOrUsername', { emailOrUsername: 'ab', password: 'secret1' }, 'Please enter a valid email or username'],
    ['password', { emailOrUsername: 'someone', password: '12345' }, 'Password must be at least 6 characters'],
  ])('refuses a bad %s with the message "%s"', async (field, body, message) => {
    const response = await post('/api/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('gives a new session id at every sign-in and ends the one the browser carried', async () => {
    const user = await createUser(t.db);
    const first = await signIn(t.app, user);
    const second = sessionCookie(
      await post('/api/login', { emailOrUsername: user.username, password: user.password }, { cookie: first }),
    );
    expect(second).not.toBe(first);
    expect((await getUser(first)).statusCode).toBe(401);
    expect((await getUser(second)).statusCode).toBe(200);
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const user = await createUser(proxied.db);
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { emailOrUsername: user.username, password: user.password },
      });
      expect(response.cookies.find((c) => c.name === 'gradelens_session')?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('POST /api/logout', () => {
  it('ends the session: the same cookie is signed out afterwards', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user);
    expect((await getUser(cookie)).statusCode).toBe(200);
    const response = await post('/api/logout', undefined, { cookie });
    expect(response.statusCode).toBe(204);
    expect((await getUser(cookie)).statusCode).toBe(401);
  });

  it('answers 204 to a visitor who was not signed in', async () => {
    expect((await post('/api/logout', undefined)).statusCode).toBe(204);
  });
});

describe('GET /api/user/points', () => {
  it('gives a signed-in user their balance and a visitor 401', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user);
    const mine = await t.app.inject({ method: 'GET', url: '/api/user/points', headers: { cookie } });
    expect(mine.json()).toEqual({ points: 20 });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/points' })).statusCode).toBe(401);
  });
});

describe('sign-in backoff per account and client address', () => {
  let backoff: TestApp;
  beforeAll(async () => {
    // The per-account limit at its default: it once locked an account for everyone after 10 failures.
    backoff = await createTestApp({ AUTH_FREE_FAILURES: '3', AUTH_RATE_LIMIT_PER_ACCOUNT: '10' });
  });
  afterAll(async () => {
    await backoff.close();
  });

  const attempt = (ip: string, emailOrUsername: string, password = 'wrong guess') =>
    backoff.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { emailOrUsername, password },
    });
  const pairRow = async (userId: number, address: string) =>
    (
      await backoff.db
        .select()
        .from(signInFailures)
        .where(and(eq(signInFailures.userId, userId), eq(signInFailures.address, address)))
    )[0];
  /** As if the pair's last failure were that many seconds older: its wait is over. */
  const age = (userId: number, address: string, seconds: number) =>
    backoff.db
      .update(signInFailures)
      .set({ lastFailedAt: sql`${signInFailures.lastFailedAt} - make_interval(secs => ${seconds})` })
      .where(and(eq(signInFailures.userId, userId), eq(signInFailures.address, address)));

  it('lets the owner sign in from another address after an attacker failed many times', async () => {
    const user = await createUser(backoff.db);
    const attacker = uniqueIp();
    for (let i = 0; i < 15; i += 1) expect([401, 429]).toContain((await attempt(attacker, user.username)).statusCode);
    for (let i = 0; i < 3; i += 1) expect((await attempt(uniqueIp(), user.email)).statusCode).toBe(401);
    expect((await attempt(uniqueIp(), user.username, user.password)).statusCode).toBe(200);
  });

  it("makes the attacker's address wait after the free failures, even with the right password", async () => {
    const user = await createUser(backoff.db);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(ip, i % 2 ? user.email.toUpperCase() : user.username)).statusCode).toBe(401);
    const refused = await attempt(ip, user.email, user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 1 });
    expect(refused.json().message).toBe(
      'Too many failed sign-ins to this account from your address. Wait 1 second and try again.',
    );
    expect(refused.cookies.find((c) => c.name === 'gradelens_session')).toBeUndefined();
    expect((await pairRow(user.id, ip))?.failures).toBe(3);
  });

  it('doubles the wait with each further failure, up to the window', async () => {
    const user = await createUser(backoff.db);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1) await attempt(ip, user.username);
    for (const wait of [1, 2, 4, 8]) {
      expect((await attempt(ip, user.username)).headers['retry-after']).toBe(String(wait));
      await age(user.id, ip, wait);
      expect((await attempt(ip, user.username)).statusCode).toBe(401);
    }
    expect((await attempt(ip, user.username)).headers['retry-after']).toBe('16');

    await backoff.db.update(signInFailures).set({ failures: 10_000 }).where(eq(signInFailures.userId, user.id));
    expect((await attempt(ip, user.username)).headers['retry-after']).toBe(
      String(backoff.env.AUTH_RATE_LIMIT_WINDOW_SECONDS),
    );
  });

  it('forgets failures older than the window', async () => {
    const user = await createUser(backoff.db);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1) await attempt(ip, user.username);
    await age(user.id, ip, backoff.env.AUTH_RATE_LIMIT_WINDOW_SECONDS + 1);
    expect((await attempt(ip, user.username)).statusCode).toBe(401);
    expect((await pairRow(user.id, ip))?.failures).toBe(1);
  });

  it("clears the pair's failures when it signs in", async () => {
    const user = await createUser(backoff.db);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1) await attempt(ip, user.username);
    await age(user.id, ip, 1);
    expect((await attempt(ip, user.email, user.password)).statusCode).toBe(200);
    expect(await pairRow(user.id, ip)).toBeUndefined();
    for (let i = 0; i < 3; i += 1) expect((await attempt(ip, user.username)).statusCode).toBe(401);
  });

  it('counts every one of parallel failures, and lets only one through once the free ones are used', async () => {
    const user = await createUser(backoff.db);
    const ip = uniqueIp();
    const first = await Promise.all([0, 1, 2].map(() => attempt(ip, user.username)));
    expect(first.map((r) => r.statusCode)).toEqual([401, 401, 401]);
    expect((await pairRow(user.id, ip))?.failures).toBe(3);
    await age(user.id, ip, 1);
    const burst = await Promise.all(Array.from({ length: 6 }, () => attempt(ip, user.username)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
    expect((await pairRow(user.id, ip))?.failures).toBe(4);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '5', AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('stops one address after its attempts on any accounts, with Retry-After', async () => {
    const ip = uniqueIp();
    const accounts = await Promise.all([createUser(limited.db), createUser(limited.db)]);
    const names = [accounts[0].username, unique('nobody'), accounts[1].email, unique('nobody'), accounts[0].email];
    const statuses: number[] = [];
    for (const name of names) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        payload: { emailOrUsername: name, password: 'whatever' },
      });
      statuses.push(response.statusCode);
    }
    const last = await limited.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { emailOrUsername: accounts[1].username, password: accounts[1].password },
    });
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().message).toMatch(/Too many attempts/);
    // A name no account has is counted only here: it leaves no per-account row.
    expect(await limited.db.select().from(signInFailures).where(eq(signInFailures.address, ip))).toHaveLength(2);
  });

  it('stops registrations for one account name from many addresses', async () => {
    const name = unique('wanted');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: uniqueIp(),
        payload: registration({ username: i % 2 ? name.toUpperCase() : name, email: `${unique()}@example.test` }),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 409, 409, 429]);
  });

  it('limits registrations from one address', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: ip,
        payload: registration(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('keeps its counters in the database, shared by every server instance', async () => {
    const second = await createTestApp(
      { AUTH_RATE_LIMIT_PER_IP: '2', AUTH_RATE_LIMIT_PER_ACCOUNT: '100' },
      limited.database,
    );
    const third = await createTestApp(
      { AUTH_RATE_LIMIT_PER_IP: '2', AUTH_RATE_LIMIT_PER_ACCOUNT: '100' },
      limited.database,
    );
    try {
      const ip = uniqueIp();
      const attempt = (app: TestApp) =>
        app.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: ip,
          payload: { emailOrUsername: unique('nobody'), password: 'whatever' },
        });
      expect((await attempt(second)).statusCode).toBe(401);
      expect((await attempt(third)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(429);
    } finally {
      await second.close();
      await third.close();
    }
  });
});

describe('sessions across restarts and instances', () => {
  it('keeps a user signed in on another instance with its own data folder and the same database', async () => {
    const second = await createTestApp({}, t.database);
    try {
      const user = await createUser(t.db);
      const cookie = await signIn(t.app, user);
      const me = await second.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: user.id });
    } finally {
      await second.close();
    }
  });

  it('keeps a user signed in after the server restarts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-restart-'));
    const reopen = () => (process.env.TEST_DATABASE_URL ? openTestDatabase() : openDatabase({ dataDir }));
    try {
      const first = await createTestApp({ DATA_DIR: dataDir }, await reopen());
      const user = await createUser(first.db);
      const cookie = await signIn(first.app, user);
      await first.close();
      await first.database.close();

      const second = await createTestApp({ DATA_DIR: dataDir }, await reopen());
      const me = await second.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: user.id, username: user.username });
      await second.close();
      await second.database.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

it('answers unknown API calls with a JSON 404', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
  expect(response.statusCode).toBe(404);
  expect(response.json().message).toMatch(/There is no API call/);
});
