import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn, uniqueIp, unique } from '../../../test/support/factories.ts';
import { exampleHeic } from '../../../test/support/heic.ts';
import { jpegOf, multipart } from '../../../test/support/images.ts';
import { startSmtpCapture, textOf } from '../../../test/support/smtp.ts';

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

async function signedInUser() {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t.app, user) };
}

describe('POST /api/users/profile-picture', () => {
  it('stores a square, re-encoded picture under a random name and shows it on the account', async () => {
    const { cookie } = await signedInUser();
    const upload = multipart({
      profileImage: { data: await jpegOf(900, 600), filename: '../../etc/passwd.jpg', type: 'image/jpeg' },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(200);
    const picturePath: string = response.json().profilePicturePath;
    expect(picturePath).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: picturePath });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([512, 512, 'jpeg']);
    expect(meta.exif).toBeUndefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json().profilePicturePath).toBe(picturePath);
  });

  it('replaces the old picture file', async () => {
    const { cookie } = await signedInUser();
    const send = async () => {
      const upload = multipart({
        profileImage: { data: await jpegOf(300, 300), filename: 'me.jpg', type: 'image/jpeg' },
      });
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/users/profile-picture',
        headers: { cookie, ...upload.headers },
        payload: upload.payload,
      });
      return r.json().profilePicturePath as string;
    };
    const first = await send();
    const second = await send();
    expect(second).not.toBe(first);
    expect(existsSync(path.join(t.env.DATA_DIR, first))).toBe(false);
    expect(existsSync(path.join(t.env.DATA_DIR, second))).toBe(true);
  });

  it('refuses a file that is not an image with a sentence on what to send', async () => {
    const { cookie } = await signedInUser();
    const upload = multipart({
      profileImage: { data: Buffer.from('just some text'), filename: 'x.jpg', type: 'image/jpeg' },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/Send a JPEG, PNG, WebP, HEIC or AVIF photo/);
  });

  it('takes a HEIC photo from a phone', async () => {
    const { cookie } = await signedInUser();
    const upload = multipart({ profileImage: { data: exampleHeic, filename: 'IMG_0001.HEIC', type: 'image/heic' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: response.json().profilePicturePath });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([512, 512, 'jpeg']);
  });

  it('explains how to send a HEIC photo it cannot read as JPEG', async () => {
    const { cookie } = await signedInUser();
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
    const upload = multipart({ profileImage: { data: heic, filename: 'IMG_0001.HEIC', type: 'image/heic' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/Most Compatible/);
  });

  it('refuses a file over 20 MB with 413', async () => {
    const { cookie } = await signedInUser();
    const upload = multipart({
      profileImage: { data: Buffer.alloc(21 * 1024 * 1024, 1), filename: 'big.jpg', type: 'image/jpeg' },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/larger than 20 MB/);
  });

  it('asks for a file when none was sent', async () => {
    const { cookie } = await signedInUser();
    const upload = multipart({});
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choose an image file to upload.');
  });

  it('is for signed-in users only', async () => {
    const upload = multipart({ profileImage: { data: await jpegOf(50, 50), filename: 'a.jpg', type: 'image/jpeg' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: upload.headers,
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/users/email', () => {
  const changeEmail = (cookie: string | undefined, payload: object, app = t, ip = uniqueIp()) =>
    app.app.inject({
      method: 'PATCH',
      url: '/api/users/email',
      headers: cookie ? { cookie } : {},
      remoteAddress: ip,
      payload,
    });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });

  it('changes the email when the current password comes with it, and the new email signs in', async () => {
    const { user, cookie } = await signedInUser();
    const email = `${unique('moved')}@example.test`;
    const response = await changeEmail(cookie, { email, currentPassword: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(email);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { emailOrUsername: email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a wrong current password under that field and keeps the email', async () => {
    const { user, cookie } = await signedInUser();
    const response = await changeEmail(cookie, {
      email: `${unique('moved')}@example.test`,
      currentPassword: 'not it at all',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.currentPassword).toBe('Current password is incorrect');
    expect((await me(cookie)).json().email).toBe(user.email);
  });

  it('asks for the current password when it is missing', async () => {
    const { cookie } = await signedInUser();
    const response = await changeEmail(cookie, { email: `${unique('moved')}@example.test` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.currentPassword).toBe('Current password is required');
  });

  it('mails a notice to the old address naming the new one, partly hidden, and what to do', async () => {
    const { user, cookie } = await signedInUser();
    const local = unique('fresh');
    expect(
      (await changeEmail(cookie, { email: `${local}@example.test`, currentPassword: user.password })).statusCode,
    ).toBe(200);
    const text = textOf(await smtp.waitFor(user.email));
    expect(text).toContain('Subject: The email of your GradeLens account was changed');
    expect(text).toContain(`Hello ${user.username},`);
    expect(text).toMatch(
      /On \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC the email of your GradeLens account was changed to f\*\*\*@example\.test\./,
    );
    expect(text).not.toContain(local);
    expect(text).toContain('If you did not, someone else knows your password.');
    expect(text).toContain('https://cards.example.test/auth');
  });

  it('ends every other session of the account and keeps this one', async () => {
    const { user, cookie } = await signedInUser();
    const otherDevice = await signIn(t.app, user);
    expect(
      (await changeEmail(cookie, { email: `${unique('moved')}@example.test`, currentPassword: user.password }))
        .statusCode,
    ).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
  });

  it("refuses the account's own email", async () => {
    const { user, cookie } = await signedInUser();
    const response = await changeEmail(cookie, { email: user.email.toUpperCase(), currentPassword: user.password });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toMatch(/already the email of your account/);
  });

  it('refuses an email another account uses and says so', async () => {
    const other = await createUser(t.db);
    const { user, cookie } = await signedInUser();
    const response = await changeEmail(cookie, { email: other.email.toUpperCase(), currentPassword: user.password });
    expect(response.statusCode).toBe(409);
    expect(response.json().fields.email).toMatch(/already uses that email/);
  });

  it('answers 409, not 500, to the loser when two accounts take one email at once', async () => {
    const [first, second] = await Promise.all([signedInUser(), signedInUser()]);
    const email = `${unique('wanted')}@example.test`;
    const answers = await Promise.all(
      [first, second].map((s) => changeEmail(s.cookie, { email, currentPassword: s.user.password })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses an invalid email with the spec message', async () => {
    const { user, cookie } = await signedInUser();
    const response = await changeEmail(cookie, { email: 'nope', currentPassword: user.password });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toBe('Please enter a valid email address');
  });

  it('is for signed-in users only', async () => {
    expect((await changeEmail(undefined, { email: 'a@b.co', currentPassword: 'whatever' })).statusCode).toBe(401);
  });

  describe('limits', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_PER_IP: '5' }, t.database);
    });
    afterAll(async () => {
      await limited.close();
    });

    const probe = async (app: TestApp, account: { user: { password: string }; cookie: string }, ip = uniqueIp()) => {
      const taken = await createUser(app.db);
      return changeEmail(account.cookie, { email: taken.email, currentPassword: account.user.password }, app, ip);
    };

    it('stops one account probing which emails are taken, with Retry-After', async () => {
      const user = await createUser(limited.db);
      const account = { user, cookie: await signIn(limited.app, user) };
      for (let i = 0; i < 3; i += 1) expect((await probe(limited, account)).statusCode).toBe(409);
      const refused = await probe(limited, account);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/^Too many attempts\. Wait \d+ minutes and try again\.$/);
    });

    it('stops one address probing through many accounts', async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const user = await createUser(limited.db);
        statuses.push((await probe(limited, { user, cookie: await signIn(limited.app, user) }, ip)).statusCode);
      }
      expect(statuses).toEqual([409, 409, 409, 409, 409, 429]);
    });
  });
});

describe('POST /api/change-password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { user, cookie } = await signedInUser();
    const otherDevice = await signIn(t.app, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: 'brand new secret' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/password has been changed/);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: otherDevice } })).statusCode).toBe(
      401,
    );
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { emailOrUsername: user.username, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { emailOrUsername: user.username, password: 'brand new secret' },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses a wrong current password under that field', async () => {
    const { cookie } = await signedInUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie },
      payload: { currentPassword: 'not it at all', newPassword: 'whatever1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.currentPassword).toBe('Current password is incorrect');
  });

  it.each([
    ['currentPassword', { newPassword: 'secret12' }, 'Current password is required'],
    ['newPassword', { currentPassword: 'secret12', newPassword: '123' }, 'New password must be at least 6 characters'],
  ])('refuses a missing or short %s with "%s"', async (field, body, message) => {
    const { cookie } = await signedInUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });
});

describe('GET /api/my/points-ledger', () => {
  it("lists the user's own point changes with the balance after each", async () => {
    const { cookie } = await signedInUser();
    const response = await t.app.inject({ method: 'GET', url: '/api/my/points-ledger', headers: { cookie } });
    expect(response.json()).toMatchObject([
      { delta: 20, balanceAfter: 20, reason: 'signup_bonus', description: 'Welcome bonus' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/my/points-ledger' })).statusCode).toBe(401);
  });
});
