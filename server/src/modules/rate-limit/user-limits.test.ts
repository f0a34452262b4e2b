import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn, unique } from '../../../test/support/factories.ts';
import { fakeGrader, uploadCard } from '../../../test/support/gradings.ts';
import { jpegOf, multipart } from '../../../test/support/images.ts';

const LIMIT = 2;
const WINDOW_SECONDS = 3600;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {
      USER_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
      UPLOADS_PER_USER: String(LIMIT),
      ANALYSES_PER_USER: String(LIMIT),
      PAYMENTS_PER_USER: String(LIMIT),
    },
    undefined,
    { grader: fakeGrader(0) },
  );
});
afterAll(async () => {
  await t.close();
});

async function signedIn() {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t.app, user) };
}
const upload = async (cookie: string, front?: Buffer) => {
  const body = multipart({
    frontImage: { data: front ?? (await jpegOf(250, 350)), filename: 'front.jpg', type: 'image/jpeg' },
    backImage: { data: await jpegOf(250, 350), filename: 'back.jpg', type: 'image/jpeg' },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/card-gradings/upload',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const analyze = (id: number, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/api/card-gradings/${id}/analyze`, headers: { cookie }, payload: {} });
const pay = (cookie: string, transactionId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manual-payment',
    headers: { cookie },
    payload: { packageId: 'basic', paymentMethod: 'venmo', transactionId },
  });

function expectLimited(response: LightMyRequestResponse, refusal: string) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter });
  expect(response.json().message).toMatch(new RegExp(`^${refusal} Wait \\d+ minutes and try again\\.$`));
}

describe('per-user limits', () => {
  it('limits uploads per user, before the photos are read, and leaves other users alone', async () => {
    const { cookie } = await signedIn();
    for (let i = 0; i < LIMIT; i += 1) expect((await upload(cookie)).statusCode).toBe(201);
    const stored = readdirSync(path.join(t.env.DATA_DIR, 'uploads')).length;
    expectLimited(await upload(cookie), 'You have uploaded too many cards for now.');
    // Not an image: had the photos been read, this would be a 415.
    expectLimited(await upload(cookie, Buffer.from('not an image')), 'You have uploaded too many cards for now.');
    expect(readdirSync(path.join(t.env.DATA_DIR, 'uploads'))).toHaveLength(stored);
    expect((await upload((await signedIn()).cookie)).statusCode).toBe(201);
  });

  it('answers a refused upload of two 19 MB photos with the 429 JSON over a real connection', async () => {
    const { cookie } = await signedIn();
    for (let i = 0; i < LIMIT; i += 1) await uploadCard(t.app, cookie);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const big = Buffer.alloc(19 * 1024 * 1024, 0xff);
    const body = multipart({
      frontImage: { data: big, filename: 'front.jpg', type: 'image/jpeg' },
      backImage: { data: big, filename: 'back.jpg', type: 'image/jpeg' },
    });
    const response = await fetch(`${address}/api/card-gradings/upload`, {
      method: 'POST',
      headers: { cookie, ...body.headers },
      body: body.payload,
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^You have uploaded too many cards for now\. Wait/),
    });
  });

  it('limits analyze calls per user', async () => {
    const { cookie } = await signedIn();
    const id = await uploadCard(t.app, cookie);
    expect((await analyze(id, cookie)).json()).toMatchObject({ charged: 10 });
    expect((await analyze(id, cookie)).json()).toMatchObject({ charged: 0 });
    expectLimited(await analyze(id, cookie), 'You have asked for too many gradings for now.');
    const other = await signedIn();
    expect((await analyze(await uploadCard(t.app, other.cookie), other.cookie)).statusCode).toBe(200);
  });

  it('limits payment submissions per user; a refused form does not count', async () => {
    const { cookie } = await signedIn();
    expect((await pay(cookie, '')).statusCode).toBe(400);
    for (let i = 0; i < LIMIT; i += 1) expect((await pay(cookie, unique('lim'))).statusCode).toBe(201);
    expectLimited(await pay(cookie, unique('lim')), 'You have submitted too many payments for now.');
    expect((await pay((await signedIn()).cookie, unique('lim'))).statusCode).toBe(201);
  });
});
