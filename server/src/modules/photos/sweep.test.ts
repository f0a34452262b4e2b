import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardGradings, imageMetadata } from '../../db/schema.ts';
import { localImageStore } from '../../storage/images.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn } from '../../../test/support/factories.ts';
import { fakeGrader, uploadCard } from '../../../test/support/gradings.ts';
import { jpegOf, multipart } from '../../../test/support/images.ts';
import { deleteStrayFiles } from './sweep.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { grader: fakeGrader(0) });
});
afterAll(async () => {
  await t.close();
});

const MINUTE_MS = 60 * 1000;
const uploadsOf = (dataDir: string) => path.join(dataDir, 'uploads');
const storedName = (extension = 'jpg') => `${randomBytes(16).toString('hex')}.${extension}`;
const nameOf = (publicPath: string) => publicPath.slice('/uploads/'.length);

/** Writes a file in a folder (or dates an existing one) as last changed this many minutes ago. */
function fileAged(folder: string, name: string, minutes: number): string {
  const file = path.join(folder, name);
  if (!existsSync(file)) writeFileSync(file, 'bytes');
  const when = new Date(Date.now() - minutes * MINUTE_MS);
  utimesSync(file, when, when);
  return name;
}

/** A file an image record names, and nothing else. */
async function recordedFile(folder: string): Promise<string> {
  const name = fileAged(folder, storedName(), 120);
  await t.db
    .insert(imageMetadata)
    .values({ filename: name, mimeType: 'image/jpeg', fileSize: 5, filePath: `/uploads/${name}` });
  return name;
}

const present = (folder: string, names: string[]) => names.filter((name) => existsSync(path.join(folder, name)));

describe('the sweep of stray files', () => {
  it('removes stored files older than an hour that no row names, and keeps every other file', async () => {
    const folder = uploadsOf(t.env.DATA_DIR);
    const owner = await createUser(t.db);
    const cookie = await signIn(t.app, owner);
    const id = await uploadCard(t.app, cookie);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/card-gradings/${id}/analyze`,
          headers: { cookie },
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    const [grading] = await t.db.select().from(cardGradings).where(eq(cardGradings.id, id));
    const picture = multipart({
      profileImage: { data: await jpegOf(100, 100), filename: 'me.jpg', type: 'image/jpeg' },
    });
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { cookie, ...picture.headers },
      payload: picture.payload,
    });

    const named = [
      grading!.frontImagePath,
      grading!.backImagePath,
      grading!.frontThumbPath!,
      grading!.annotatedFrontPath!,
      grading!.annotatedBackPath!,
      profile.json().profilePicturePath as string,
    ].map((publicPath) => fileAged(folder, nameOf(publicPath), 120));
    named.push(await recordedFile(folder));
    const young = [fileAged(folder, storedName(), 0), fileAged(folder, storedName('webp'), 59)];
    const notOurs = [
      fileAged(folder, 'notes.txt', 120),
      fileAged(folder, storedName().toUpperCase(), 120),
      fileAged(folder, storedName('gif'), 120),
    ];
    const strays = [
      fileAged(folder, storedName(), 61),
      fileAged(folder, storedName('png'), 60 * 24 * 30),
      fileAged(folder, storedName('webp'), 120),
    ];

    await deleteStrayFiles(t.db, localImageStore(folder));
    expect(present(folder, strays)).toEqual([]);
    expect(present(folder, [...named, ...young, ...notOurs])).toEqual([...named, ...young, ...notOurs]);
  });

  it('asks about the names in batches, so a folder of many strays is swept whole', async () => {
    const folder = uploadsOf(mkdtempSync(path.join(os.tmpdir(), 'gradelens-sweep-')));
    mkdirSync(folder);
    const strays = Array.from({ length: 1234 }, () => fileAged(folder, storedName(), 120));
    const kept = [await recordedFile(folder), await recordedFile(folder)];
    expect(await deleteStrayFiles(t.db, localImageStore(folder))).toBe(strays.length);
    expect(present(folder, strays)).toEqual([]);
    expect(present(folder, kept)).toEqual(kept);
    rmSync(path.dirname(folder), { recursive: true, force: true });
  });

  it('stops when told to', async () => {
    const folder = uploadsOf(t.env.DATA_DIR);
    const stray = fileAged(folder, storedName(), 120);
    const stop = new AbortController();
    stop.abort();
    expect(await deleteStrayFiles(t.db, localImageStore(folder), { signal: stop.signal })).toBe(0);
    expect(present(folder, [stray])).toEqual([stray]);
  });

  it('runs when a server starts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-sweep-'));
    const folder = uploadsOf(dataDir);
    mkdirSync(folder);
    const stray = fileAged(folder, storedName(), 120);
    const kept = await recordedFile(folder);
    const started = await createTestApp({ DATA_DIR: dataDir }, t.database);
    try {
      for (let i = 0; i < 200 && existsSync(path.join(folder, stray)); i += 1)
        await new Promise((r) => setTimeout(r, 25));
      expect(present(folder, [stray, kept])).toEqual([kept]);
    } finally {
      await started.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
