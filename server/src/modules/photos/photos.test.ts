import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn } from '../../../test/support/factories.ts';
import { fakeGrader, uploadCard } from '../../../test/support/gradings.ts';
import { jpegOf, multipart } from '../../../test/support/images.ts';

let t: TestApp;
let roles: Awaited<ReturnType<typeof rolesFor>>;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { grader: fakeGrader(0) });
  roles = await rolesFor(t);
});
afterAll(async () => {
  await t.close();
});

const PHOTOS = [
  'frontImagePath',
  'backImagePath',
  'frontThumbPath',
  'annotatedFrontPath',
  'annotatedBackPath',
] as const;

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

/** A new user's uploaded and graded card: the owner's cookie, the URLs of its five photos and a way to share it. */
async function gradedCard() {
  const owner = await signIn(t.app, await createUser(t.db));
  const id = await uploadCard(t.app, owner);
  const graded = await t.app.inject({
    method: 'POST',
    url: `/api/card-gradings/${id}/analyze`,
    headers: { cookie: owner },
    payload: {},
  });
  expect(graded.statusCode).toBe(200);
  const body = graded.json();
  const urls = PHOTOS.map((field) => body[field] as string);
  for (const url of urls) expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  const share = (shared: boolean) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/card-gradings/${id}/share`,
      headers: { cookie: owner },
      payload: { shared },
    });
  return { owner, urls, share };
}

async function expectPhoto(url: string, cookie: string | undefined, cacheControl: string) {
  const response = await get(url, cookie);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('image/jpeg');
  expect(response.headers['cache-control']).toBe(cacheControl);
  expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  expect((await sharp(response.rawPayload).metadata()).format).toBe('jpeg');
  return response;
}

async function expectMissing(url: string, cookie?: string) {
  const response = await get(url, cookie);
  expect(response.statusCode, url).toBe(404);
  expect(response.json()).toEqual({ message: 'That photo was not found.', code: 'NOT_FOUND' });
  expect(response.headers['cache-control']).toBe('no-store');
}

describe('GET /uploads/<name> for a grading', () => {
  it("shows an unshared grading's five photos to its owner and admins only, never kept; 404 to anyone else", async () => {
    const { owner, urls } = await gradedCard();
    for (const url of urls) {
      await expectMissing(url);
      await expectMissing(url, roles.other.cookie);
      await expectPhoto(url, owner, 'no-store');
      await expectPhoto(url, roles.admin.cookie, 'no-store');
    }
  });

  it("shows a shared grading's photos to anyone, asked for again each time, and hides them again once unshared", async () => {
    const { owner, urls, share } = await gradedCard();
    expect((await share(true)).statusCode).toBe(200);
    for (const url of urls) {
      const shown = await expectPhoto(url, undefined, 'no-cache');
      await expectPhoto(url, roles.other.cookie, 'no-cache');
      const etag = String(shown.headers.etag);
      const again = await get(url, undefined, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }

    expect((await share(false)).statusCode).toBe(200);
    for (const url of urls) {
      await expectMissing(url);
      await expectMissing(url, roles.other.cookie);
      await expectPhoto(url, owner, 'no-store');
    }
  });

  it('answers a browser revalidating an unshared photo with 404, not 304', async () => {
    const { urls, share } = await gradedCard();
    await share(true);
    const etag = String((await get(urls[0]!)).headers.etag);
    await share(false);
    const again = await get(urls[0]!, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /uploads/<name> for anything else', () => {
  it('shows a profile picture to anyone with the link', async () => {
    const upload = multipart({
      profileImage: { data: await jpegOf(300, 300), filename: 'me.jpg', type: 'image/jpeg' },
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { cookie: roles.other.cookie, ...upload.headers },
      payload: upload.payload,
    });
    await expectPhoto(answer.json().profilePicturePath, undefined, 'no-cache');
  });

  it('answers 404 to a stored file no row names, even for an admin', async () => {
    const stray = `${randomBytes(16).toString('hex')}.jpg`;
    writeFileSync(path.join(t.env.DATA_DIR, 'uploads', stray), await jpegOf(10, 10));
    await expectMissing(`/uploads/${stray}`, roles.admin.cookie);
    await expectMissing(`/uploads/${randomBytes(16).toString('hex')}.png`);
  });

  it('answers 404 to names that are not stored names, whatever path tricks they try', async () => {
    const { owner, urls } = await gradedCard();
    const name = urls[0]!.slice('/uploads/'.length);
    writeFileSync(path.join(t.env.DATA_DIR, 'secret.txt'), 'not a photo');
    for (const url of [
      '/uploads/..%2Fsecret.txt',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/..\\secret.txt',
      `/uploads/${name.toUpperCase()}`,
      `/uploads/${name}.jpg`,
      `/uploads/x${name}`,
      '/uploads/',
    ]) {
      const response = await get(url, owner);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('not a photo');
    }
    for (const url of ['/uploads/../secret.txt', `/uploads/sub/${name}`]) {
      expect((await get(url, owner)).statusCode, url).toBe(404);
    }
  });
});
