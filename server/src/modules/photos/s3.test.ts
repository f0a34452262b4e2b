import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageStore } from '../../storage/images.ts';
import { openImageStore } from '../../storage/store.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn } from '../../../test/support/factories.ts';
import { fakeGrader, uploadCard } from '../../../test/support/gradings.ts';
import { jpegOf, multipart } from '../../../test/support/images.ts';
import { startS3Server, type S3Server } from '../../../test/support/s3.ts';
import { deleteStrayFiles } from './sweep.ts';

// The whole app with STORAGE_URL pointing at a folder of a real S3-protocol server's bucket.
const PREFIX = 'site/photos';
let s3: S3Server;
let t: TestApp;
let images: ImageStore;
let roles: Awaited<ReturnType<typeof rolesFor>>;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.settings(PREFIX), undefined, { grader: fakeGrader(0) });
  // What a second process of the same site (a grading worker) would build from the same settings.
  images = await openImageStore(t.env);
  roles = await rolesFor(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const PHOTOS = ['frontImagePath', 'backImagePath', 'frontThumbPath', 'annotatedFrontPath', 'annotatedBackPath'];
const nameOf = (url: string) => url.slice('/uploads/'.length);
const keyOf = (url: string) => `${PREFIX}/${nameOf(url)}`;

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** A new user's uploaded and graded card: the owner's cookie, the grading id and its five photo URLs. */
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
  const urls = PHOTOS.map((field) => graded.json()[field] as string);
  for (const url of urls) expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  return { owner, id, urls };
}

describe('photos in an S3 bucket', () => {
  it('keeps a graded card’s photos and annotated images in the bucket, none on local disk', async () => {
    const { urls } = await gradedCard();
    const keys = await s3.keysUnder(`${PREFIX}/`);
    for (const url of urls) expect(keys).toContain(keyOf(url));
    const uploads = path.join(t.env.DATA_DIR, 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
  });

  it('streams a private photo from the bucket to its owner and admins only; 404 to another user and a guest', async () => {
    const { owner, urls } = await gradedCard();
    for (const url of urls) {
      for (const cookie of [owner, roles.admin.cookie]) {
        const shown = await get(url, cookie);
        expect(shown.statusCode, url).toBe(200);
        expect(shown.headers['content-type']).toBe('image/jpeg');
        expect(shown.headers['cache-control']).toBe('no-store');
        expect(shown.rawPayload.equals(await objectBytes(keyOf(url)))).toBe(true);
      }
      for (const cookie of [roles.other.cookie, undefined]) {
        const refused = await get(url, cookie);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.json()).toEqual({ message: 'That photo was not found.', code: 'NOT_FOUND' });
        expect(refused.headers['cache-control']).toBe('no-store');
        expect(refused.headers.location).toBeUndefined();
      }
    }
  });

  it('answers a shared photo with a validator, and 304 while it has not changed', async () => {
    const { owner, id, urls } = await gradedCard();
    const shared = await t.app.inject({
      method: 'PATCH',
      url: `/api/card-gradings/${id}/share`,
      headers: { cookie: owner },
      payload: { shared: true },
    });
    expect(shared.statusCode).toBe(200);
    const shown = await get(urls[0]!);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-cache');
    const again = await get(urls[0]!, undefined, { 'if-none-match': String(shown.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await get(urls[0]!, undefined, { 'if-none-match': String(shown.headers.etag) })).statusCode).toBe(304);
  });

  it('answers 404 for a stored name the bucket holds but no row names, even to an admin', async () => {
    const stray = await images.save(await jpegOf(10, 10), 'jpg');
    expect(await s3.keysUnder(keyOf(stray.publicPath))).toEqual([keyOf(stray.publicPath)]);
    expect((await get(stray.publicPath, roles.admin.cookie)).statusCode).toBe(404);
  });

  it('sweeps an old object no row names, and keeps named, young and foreign ones', async () => {
    const { urls } = await gradedCard();
    const picture = multipart({ profileImage: { data: await jpegOf(60, 60), filename: 'me.jpg', type: 'image/jpeg' } });
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { cookie: roles.user.cookie, ...picture.headers },
      payload: picture.payload,
    });
    expect(profile.statusCode).toBe(200);
    const named = [...urls, profile.json().profilePicturePath as string].map(keyOf);
    const stray = keyOf((await images.save(await jpegOf(10, 10), 'jpg')).publicPath);
    const young = keyOf((await images.save(await jpegOf(10, 10), 'webp')).publicPath);
    const foreign = [`${PREFIX}/notes.txt`, `${PREFIX}/sub/${randomBytes(16).toString('hex')}.jpg`];
    for (const key of foreign) await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'x' }));
    for (const key of [...named, stray, ...foreign]) s3.age(key, 120);
    s3.age(young, 30);

    const before = await s3.keysUnder(`${PREFIX}/`);
    expect(before).toEqual(expect.arrayContaining([...named, stray, young, ...foreign]));
    expect(await deleteStrayFiles(t.db, images)).toBe(1);
    const after = await s3.keysUnder(`${PREFIX}/`);
    expect(before.filter((key) => !after.includes(key))).toEqual([stray]);
  });
});
