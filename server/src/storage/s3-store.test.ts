import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { jpegOf } from '../../test/support/images.ts';
import { startS3Server, type S3Server } from '../../test/support/s3.ts';
import type { StoredImage } from './images.ts';
import { s3ImageStore } from './s3-store.ts';
import { openImageStore } from './store.ts';

let s3: S3Server;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-s3-store-'));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A store in a folder of the bucket no other test uses. */
function freshStore(options: { listPageSize?: number } = {}) {
  const prefix = `tests/${randomBytes(4).toString('hex')}`;
  return { prefix, store: s3ImageStore({ ...s3.location(prefix), ...options }) };
}

const storedName = (extension = 'jpg') => `${randomBytes(16).toString('hex')}.${extension}`;

/** Puts an object in the bucket behind the store's back. */
const putRaw = (key: string, body = 'bytes') =>
  s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));

const exists = (key: string) =>
  s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
    () => true,
    () => false,
  );

async function listed(store: ReturnType<typeof freshStore>['store']) {
  const names: { filename: string; modifiedAt: Date }[] = [];
  for await (const entry of store.list()) names.push(entry);
  return names;
}

describe('the S3 image store', () => {
  it('saves a private object with its type under the folder, and reads it back whole or streamed', async () => {
    const { prefix, store } = freshStore();
    const photo = await jpegOf(120, 80);
    const stored = await store.save(photo, 'jpg');
    expect(stored.filename).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(stored).toMatchObject({
      publicPath: `/uploads/${stored.filename}`,
      filePath: `s3://${s3.bucket}/${prefix}/${stored.filename}`,
      mimeType: 'image/jpeg',
      size: photo.length,
      width: 120,
      height: 80,
    });

    const object = await s3.client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/${stored.filename}` }),
    );
    expect(object.ContentType).toBe('image/jpeg');
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(photo)).toBe(true);
    const put = s3.requests().find((request) => request.method === 'PUT' && request.url.includes(stored.filename));
    expect(put).toBeDefined();
    // Nothing asks for an ACL, so the object takes the bucket's own: private.
    expect(Object.keys(put!.headers).filter((name) => /^x-amz-(acl|grant-)/.test(name))).toEqual([]);

    expect((await store.read(stored.publicPath)).equals(photo)).toBe(true);
    const opened = await store.open(stored.filename);
    expect(opened).toMatchObject({ size: photo.length, mimeType: 'image/jpeg' });
    expect(Math.abs(opened!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(photo)).toBe(true);

    const webp = await store.save(await sharp(photo).webp().toBuffer(), 'webp');
    expect((await store.open(webp.filename))?.mimeType).toBe('image/webp');
  });

  it('opens nothing for a missing object or a name it does not give, and never looks outside its folder', async () => {
    const { prefix, store } = freshStore();
    const outside = storedName();
    await putRaw(outside, 'outside the folder');
    await putRaw(`${prefix}/notes.txt`, 'not a photo');
    const asked = s3.requests().length;
    for (const name of ['notes.txt', `../${outside}`, outside.toUpperCase(), `${outside}.jpg`, '']) {
      expect(await store.open(name), name).toBeNull();
    }
    // None of those names reached the service.
    expect(s3.requests().length).toBe(asked);
    expect(await store.open(storedName())).toBeNull();
    await expect(store.read(`/uploads/${storedName()}`)).rejects.toThrow(/No stored file/);
    await expect(store.read('/uploads/notes.txt')).rejects.toThrow(/No stored file/);
    await expect(store.read(`/uploads/../../${outside}`)).rejects.toThrow(/No stored file/);
  });

  it('removes a stored object, and leaves anything not named like a stored file', async () => {
    const { prefix, store } = freshStore();
    const stored = await store.save(await jpegOf(10, 10), 'jpg');
    const notOurs = ['notes.txt', storedName().toUpperCase(), storedName('gif'), `${storedName()}.bak`];
    for (const name of notOurs) await putRaw(`${prefix}/${name}`);

    await store.remove(stored.publicPath);
    expect(await exists(`${prefix}/${stored.filename}`)).toBe(false);
    await store.remove(stored.publicPath);
    for (const name of notOurs) await store.remove(`/uploads/${name}`);
    for (const name of notOurs) expect(await exists(`${prefix}/${name}`), name).toBe(true);
  });

  it('lists every stored file of its folder a page at a time, with the date the service gives', async () => {
    const { prefix, store } = freshStore({ listPageSize: 5 });
    const saved: StoredImage[] = [];
    for (let i = 0; i < 12; i += 1) saved.push(await store.save(await jpegOf(8, 8), i % 3 === 0 ? 'webp' : 'jpg'));
    for (const key of ['notes.txt', storedName('gif'), `sub/${storedName()}`]) await putRaw(`${prefix}/${key}`);
    await putRaw(`${prefix}-next/${storedName()}`);
    s3.age(`${prefix}/${saved[0]!.filename}`, 120);

    const asked = s3.requests().length;
    const names = await listed(store);
    expect(names.map((entry) => entry.filename).sort()).toEqual(saved.map((image) => image.filename).sort());
    const pages = s3
      .requests()
      .slice(asked)
      .filter((request) => request.url.includes('list-type=2'));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.every((request) => request.url.includes('max-keys=5'))).toBe(true);
    const old = names.find((entry) => entry.filename === saved[0]!.filename)!;
    expect(Date.now() - old.modifiedAt.getTime()).toBeGreaterThan(119 * 60 * 1000);
  });

  it('lists nothing in an empty folder', async () => {
    expect(await listed(freshStore().store)).toEqual([]);
  });
});

describe('openImageStore', () => {
  const settings = (overrides: Record<string, string>) => loadEnv({ DATA_DIR: dataDir, ...overrides });

  it('builds the bucket store from STORAGE_URL and the keys', async () => {
    const store = await openImageStore(settings(s3.settings('from-settings')));
    const stored = await store.save(await jpegOf(10, 10), 'jpg');
    expect(await s3.keysUnder('from-settings/')).toEqual([`from-settings/${stored.filename}`]);
  });

  it('keeps files on local disk under DATA_DIR/uploads when STORAGE_URL is unset', async () => {
    const stored = await (await openImageStore(settings({}))).save(await jpegOf(10, 10), 'jpg');
    expect(stored.filePath).toBe(path.join(dataDir, 'uploads', stored.filename));
  });

  it('stops with a sentence when the bucket does not answer', async () => {
    await expect(
      openImageStore(settings({ ...s3.settings('x'), STORAGE_URL: `s3://no-such-bucket?endpoint=${s3.endpoint}` })),
    ).rejects.toThrow(`STORAGE_URL: the bucket "no-such-bucket" at ${s3.endpoint} (region us-east-1) does not exist`);
    await expect(openImageStore(settings({ ...s3.settings('x'), AWS_ACCESS_KEY_ID: 'NOBODY' }))).rejects.toThrow(
      /the bucket "gradelens-test" .* refuses these keys: check AWS_ACCESS_KEY_ID/,
    );
    await expect(
      openImageStore(settings({ ...s3.settings('x'), STORAGE_URL: `s3://${s3.bucket}?endpoint=http://127.0.0.1:1` })),
    ).rejects.toThrow(/the bucket "gradelens-test" at http:\/\/127\.0\.0\.1:1 .* cannot be reached \(.*ECONNREFUSED/);
  });
});

describe('the stream of an opened object', () => {
  it('can be dropped unread without harm to the next call', async () => {
    const { store } = freshStore();
    const stored = await store.save(await jpegOf(40, 40), 'jpg');
    (await store.open(stored.filename))!.body.destroy();
    expect((await text((await store.open(stored.filename))!.body)).length).toBeGreaterThan(0);
  });
});
