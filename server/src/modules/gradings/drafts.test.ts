import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardGradings, imageMetadata } from '../../db/schema.ts';
import { localImageStore } from '../../storage/images.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn } from '../../../test/support/factories.ts';
import { markGraded, uploadCard } from '../../../test/support/gradings.ts';
import { jpegOf, multipart } from '../../../test/support/images.ts';

const MAX_DRAFTS = 3;
const TOO_MANY = `You have ${MAX_DRAFTS} uploaded cards that are not graded yet. Grade or delete one in Profile > Grading History, then upload again.`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DRAFTS_PER_USER: String(MAX_DRAFTS) });
});
afterAll(async () => {
  await t.close();
});

const files = () => readdirSync(path.join(t.env.DATA_DIR, 'uploads'));
const upload = async (app: TestApp, cookie: string, front?: Buffer) => {
  const body = multipart({
    frontImage: { data: front ?? (await jpegOf(250, 350)), filename: 'front.jpg', type: 'image/jpeg' },
    backImage: { data: await jpegOf(250, 350), filename: 'back.jpg', type: 'image/jpeg' },
  });
  return app.app.inject({
    method: 'POST',
    url: '/api/card-gradings/upload',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const remove = (app: TestApp, id: number, cookie?: string) =>
  app.app.inject({ method: 'DELETE', url: `/api/card-gradings/${id}`, headers: cookie ? { cookie } : {} });

async function signedIn() {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t.app, user) };
}

describe('the cap on ungraded uploads', () => {
  it('refuses an upload past the cap with 409 and what to do, before the photos are read', async () => {
    const { cookie } = await signedIn();
    const ids = [];
    for (let i = 0; i < MAX_DRAFTS; i += 1) ids.push(await uploadCard(t.app, cookie));
    const stored = files().length;

    const refused = await upload(t, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: TOO_MANY });
    // Not an image: had the photos been read, this would be a 415.
    expect((await upload(t, cookie, Buffer.from('not an image'))).statusCode).toBe(409);
    expect(files()).toHaveLength(stored);

    await markGraded(t.db, ids[0]!);
    expect((await upload(t, cookie)).statusCode).toBe(201);
    expect((await upload(t, cookie)).statusCode).toBe(409);
    expect((await remove(t, ids[1]!, cookie)).statusCode).toBe(204);
    expect((await upload(t, cookie)).statusCode).toBe(201);
  });

  it('holds when uploads race, leaving no file of a refused one', async () => {
    const { user, cookie } = await signedIn();
    const before = files().length;
    const answers = await Promise.all(Array.from({ length: 2 * MAX_DRAFTS }, () => upload(t, cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array(MAX_DRAFTS).fill(201),
      ...Array(MAX_DRAFTS).fill(409),
    ]);
    const drafts = await t.db.select().from(cardGradings).where(eq(cardGradings.userId, user.id));
    expect(drafts).toHaveLength(MAX_DRAFTS);
    // Front, back and thumbnail of each stored draft, nothing more.
    expect(files().length - before).toBe(3 * MAX_DRAFTS);
  });
});

describe('DELETE /api/card-gradings/:id', () => {
  it('deletes a draft for its owner: the row, its image records and its files', async () => {
    const { cookie } = await signedIn();
    const id = await uploadCard(t.app, cookie);
    const [row] = await t.db.select().from(cardGradings).where(eq(cardGradings.id, id));
    const names = [row!.frontImagePath, row!.backImagePath, row!.frontThumbPath!].map((p) => path.basename(p));
    expect(files()).toEqual(expect.arrayContaining(names));

    const response = await remove(t, id, cookie);
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(cardGradings).where(eq(cardGradings.id, id))).toEqual([]);
    expect(await t.db.select().from(imageMetadata).where(eq(imageMetadata.relatedCardId, id))).toEqual([]);
    expect(files().filter((name) => names.includes(name))).toEqual([]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/my/card-gradings', headers: { cookie } });
    expect(mine.json()).toEqual({ items: [], nextCursor: null });
    expect((await remove(t, id, cookie)).statusCode).toBe(404);
  });

  it('answers 404 to another user and to an admin, 401 to a guest, and keeps the draft', async () => {
    const { user, other, admin } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie);
    expect((await remove(t, id, other.cookie)).statusCode).toBe(404);
    expect((await remove(t, id, admin.cookie)).statusCode).toBe(404);
    expect((await remove(t, id)).statusCode).toBe(401);
    expect(await t.db.select({ id: cardGradings.id }).from(cardGradings).where(eq(cardGradings.id, id))).toEqual([
      { id },
    ]);
  });

  it('refuses a graded card and a card being graded with 409, changing nothing', async () => {
    const { cookie } = await signedIn();
    const graded = await uploadCard(t.app, cookie);
    await markGraded(t.db, graded);
    const response = await remove(t, graded, cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Graded cards cannot be deleted.');

    const running = await uploadCard(t.app, cookie);
    await t.db.update(cardGradings).set({ analysisStartedAt: new Date() }).where(eq(cardGradings.id, running));
    const busy = await remove(t, running, cookie);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/being graded right now/);
    expect(await t.db.select().from(imageMetadata).where(eq(imageMetadata.relatedCardId, running))).toHaveLength(3);
    for (const id of [graded, running]) {
      expect(await t.db.select({ id: cardGradings.id }).from(cardGradings).where(eq(cardGradings.id, id))).toEqual([
        { id },
      ]);
    }
  });

  it('keeps the deletion when a file cannot be removed', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-drafts-'));
    const local = localImageStore(path.join(dataDir, 'uploads'));
    const stuck = await createTestApp({ DATA_DIR: dataDir }, t.database, {
      images: { ...local, remove: () => Promise.reject(new Error('disk is read-only')) },
    });
    try {
      const user = await createUser(stuck.db);
      const cookie = await signIn(stuck.app, user);
      const id = await uploadCard(stuck.app, cookie);
      expect((await remove(stuck, id, cookie)).statusCode).toBe(204);
      expect(await stuck.db.select().from(cardGradings).where(eq(cardGradings.id, id))).toEqual([]);
    } finally {
      await stuck.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
