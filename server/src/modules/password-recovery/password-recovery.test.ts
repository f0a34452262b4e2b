import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn, unique, uniqueIp } from '../../../test/support/factories.ts';
import { resetTokenFrom, startSmtpCapture, textOf } from '../../../test/support/smtp.ts';
import { hashToken } from '../sessions/service.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://cards.example.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const forgot = (app: TestApp, email: string) =>
  app.app.inject({ method: 'POST', url: '/api/forgot-password', remoteAddress: uniqueIp(), payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password', remoteAddress: uniqueIp(), payload: { token, password } });
const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: uniqueIp(),
    payload: { emailOrUsername: username, password },
  });

describe('password recovery by mail', () => {
  it('mails a link that resets the password once and signs out every session', async () => {
    const user = await createUser(t.db);
    const session = await signIn(t.app, user);
    const asked = await forgot(t, user.email);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).not.toHaveProperty('token');

    const mail = await smtp.waitFor(user.email);
    expect(textOf(mail)).toContain('https://cards.example.test/forgot-password?token=');
    const token = resetTokenFrom(mail);

    const [row] = await t.db.select({ resetToken: users.resetToken }).from(users).where(eq(users.id, user.id));
    expect(row?.resetToken).toBe(hashToken(token));

    const done = await reset(token, 'my new secret');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatch(/password has been reset/);
    expect((await login(user.username, 'my new secret')).statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: session } })).statusCode).toBe(
      401,
    );

    const again = await reset(token, 'another secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid, already used or expired/);
  });

  it("mails a link to the server's own address, never to a Host header the request made up", async () => {
    const local = await createTestApp({ SMTP_URL: smtp.url, PORT: '5123', TRUST_PROXY: 'true' }, t.database);
    try {
      const user = await createUser(local.db);
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        remoteAddress: uniqueIp(),
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      const text = textOf(await smtp.waitFor(user.email));
      expect(text).toContain('http://localhost:5123/forgot-password?token=');
      expect(text).not.toContain('evil.example');
    } finally {
      await local.close();
    }
  });

  it('gives the same answer for an email no account uses, and sends nothing', async () => {
    const user = await createUser(t.db);
    const known = await forgot(t, user.email);
    const unknownEmail = `${unique('ghost')}@example.test`;
    const unknown = await forgot(t, unknownEmail);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await smtp.waitFor(user.email);
    expect(smtp.mails.some((m) => m.to.includes(unknownEmail))).toBe(false);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.db);
    await forgot(t, user.email);
    const token = resetTokenFrom(await smtp.waitFor(user.email));
    await t.db
      .update(users)
      .set({ resetTokenExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const response = await reset(token, 'too late now');
    expect(response.statusCode).toBe(400);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it.each([
    [
      'email',
      (password: string) => ({
        url: '/api/users/email',
        method: 'PATCH' as const,
        payload: { email: `${unique('moved')}@example.test`, currentPassword: password },
      }),
    ],
    [
      'password',
      (password: string) => ({
        url: '/api/change-password',
        method: 'POST' as const,
        payload: { currentPassword: password, newPassword: 'changed meanwhile' },
      }),
    ],
  ])('refuses a link mailed before the %s was changed', async (_, change) => {
    const user = await createUser(t.db);
    await forgot(t, user.email);
    const token = resetTokenFrom(await smtp.waitFor(user.email));
    const cookie = await signIn(t.app, user);
    const changed = await t.app.inject({ ...change(user.password), headers: { cookie }, remoteAddress: uniqueIp() });
    expect(changed.statusCode).toBe(200);
    const response = await reset(token, 'taken over');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/invalid, already used or expired/);
  });

  it('refuses a made-up token', async () => {
    expect((await reset('made-up-token', 'whatever1')).statusCode).toBe(400);
  });

  it.each([
    ['/api/forgot-password', { email: 'nope' }, 'email', 'Please enter a valid email address'],
    ['/api/reset-password', { password: 'secret1' }, 'token', 'Reset token is required'],
    ['/api/reset-password', { token: 'abc', password: '123' }, 'password', 'Password must be at least 6 characters'],
  ])('%s refuses bad input with the spec message', async (url, payload, field, message) => {
    const response = await t.app.inject({ method: 'POST', url, remoteAddress: uniqueIp(), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('returns the token only when RESET_TOKEN_IN_RESPONSE=true (local development)', async () => {
    const dev = await createTestApp({ RESET_TOKEN_IN_RESPONSE: 'true', LOG_LEVEL: 'silent' }, t.database);
    try {
      const user = await createUser(dev.db);
      const response = await forgot(dev, user.email);
      expect(response.json().token).toEqual(expect.any(String));
      const done = await dev.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        remoteAddress: uniqueIp(),
        payload: { token: response.json().token, password: 'dev secret' },
      });
      expect(done.statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });

  it('limits requests for one email', async () => {
    const user = await createUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await forgot(t, user.email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
