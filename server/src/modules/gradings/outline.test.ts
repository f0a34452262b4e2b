import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradingPool } from '@gradelens/grader/pool/pool';
import { generateCase } from '@gradelens/grader/synth/index';
import { twoCardsPhoto } from '@gradelens/grader/synth/two-cards';
import type { Quad } from '@gradelens/shared';
import { cardGradings, users } from '../../db/schema.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { multipart } from '../../../test/support/images.ts';
import { uploadCard } from '../../../test/support/gradings.ts';
import { pdfText } from '../../../test/support/pdf.ts';
import { deleteOldDrafts } from './drafts.ts';

let t: TestApp;
let pool: GradingPool;
let good: { front: Buffer; back: Buffer };
/** Two copies of one card side by side (the engine answers multiple_cards), and the left one's corners. */
let twoCards: { photo: Buffer; leftCard: Quad };
beforeAll(async () => {
  pool = new GradingPool({ size: 2, maxQueue: 32 });
  t = await createTestApp({}, undefined, { grader: pool });
  const c = await generateCase({ seed: 21, frame: '1080p', variant: 'clean', size: 'standard', blurSigma: 0 });
  good = { front: c.front, back: c.back };
  const two = await twoCardsPhoto(3);
  twoCards = { photo: two.photo, leftCard: two.leftCard as Quad };
}, 60_000);
afterAll(async () => {
  await t.close();
  await pool.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const balance = async (id: number) =>
  (await t.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0]?.points;

describe('POST /api/card-gradings/:id/detect', () => {
  it("answers the owner each face's corners and frame lines in the stored photo's pixels, free", async () => {
    const { user, other } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie, good);
    const response = await call('POST', `/api/card-gradings/${id}/detect`, user.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const meta = await sharp(good.front).metadata();
    expect(body.imageSize.front).toEqual({ width: meta.width, height: meta.height });
    for (const face of ['front', 'back']) {
      expect(body[face]).toMatchObject({ found: true, retake: false });
      expect(body[face].corners).toHaveLength(4);
      expect(body[face].frame.left).toBeGreaterThan(0);
      expect(body[face].frame.right).toBeLessThan(1);
    }
    expect(await balance(user.id)).toBe(20);
    expect((await call('POST', `/api/card-gradings/${id}/detect`, other.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/card-gradings/${id}/detect`)).statusCode).toBe(401);
  }, 60_000);

  it('says why it found no card where the photo shows two', async () => {
    const { user } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie, { front: twoCards.photo, back: good.back });
    const body = (await call('POST', `/api/card-gradings/${id}/detect`, user.cookie)).json();
    expect(body.front).toMatchObject({ found: false, corners: null, code: 'multiple_cards', retake: false });
    expect(body.front.message).toMatch(/card/);
  }, 60_000);
});

describe('POST /api/card-gradings/:id/analyze with the owner’s corners', () => {
  it('refuses corners off the photo or crossed with a sentence, and charges nothing', async () => {
    const { user, other } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie, good);
    const outside = await call('POST', `/api/card-gradings/${id}/analyze`, user.cookie, {
      front: {
        corners: [
          [10, 10],
          [500, 10],
          [500, 5000],
          [10, 700],
        ],
      },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(
      /^Corner 3 of the front lies outside the photo \(\d+ x \d+ pixels\)\. Drag it onto the card’s corner\.$/,
    );
    const crossed = await call('POST', `/api/card-gradings/${id}/analyze`, user.cookie, {
      back: {
        corners: [
          [10, 10],
          [100, 100],
          [200, 200],
          [300, 300],
        ],
      },
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().message).toMatch(/do not form a card’s outline/);
    const malformed = await call('POST', `/api/card-gradings/${id}/analyze`, user.cookie, {
      front: { corners: [[1, 2], [3]] },
    });
    expect(malformed.statusCode).toBe(400);
    const badFrame = await call('POST', `/api/card-gradings/${id}/analyze`, user.cookie, {
      front: {
        corners: [
          [10, 10],
          [500, 10],
          [500, 700],
          [10, 700],
        ],
        frame: { left: 0.5, right: 0.9, top: 0.05, bottom: 0.95 },
      },
    });
    expect(badFrame.statusCode).toBe(400);
    expect(badFrame.json().message).toMatch(/left frame line/);
    // Another user's grading: the same 404 as one that does not exist.
    const theirs = await call('POST', `/api/card-gradings/${id}/analyze`, other.cookie, {
      front: {
        corners: [
          [10, 10],
          [500, 10],
          [500, 700],
          [10, 700],
        ],
      },
    });
    expect(theirs.statusCode).toBe(404);
    expect(await balance(user.id)).toBe(20);
    expect(await balance(other.id)).toBe(20);
  }, 60_000);

  it('keeps a rejection on the draft with where the engine looked, then grades the card the owner placed', async () => {
    const { user, other } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie, { front: twoCards.photo, back: good.back });
    await call('PATCH', `/api/card-gradings/${id}/metadata`, user.cookie, {
      cardName: 'Pikachu',
      cardSet: 'Base',
      gameBrand: 'Pokemon',
    });
    const refused = await call('POST', `/api/card-gradings/${id}/analyze`, user.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'multiple_cards' });
    expect(await balance(user.id)).toBe(20);
    // Everything is still there: the photos, the details and why it stopped.
    const kept = (await call('GET', `/api/card-gradings/${id}`, user.cookie)).json();
    expect(kept).toMatchObject({
      cardName: 'Pikachu',
      gradedAt: null,
      rejection: { code: 'multiple_cards', face: 'front' },
    });
    expect((await call('GET', `/api/card-gradings/${id}/progress`, user.cookie)).json()).toMatchObject({
      stage: null,
      graded: false,
      rejection: { code: 'multiple_cards' },
    });
    expect((await call('GET', `/api/card-gradings/${id}/progress`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/card-gradings/${id}`, other.cookie)).statusCode).toBe(404);

    const [a, b, c, d] = twoCards.leftCard;
    const graded = await call('POST', `/api/card-gradings/${id}/analyze`, user.cookie, {
      front: { corners: [c, a, d, b] },
    });
    expect(graded.statusCode).toBe(200);
    const body = graded.json();
    expect(body).toMatchObject({ charged: 10, balance: 10, rejection: null, cardName: 'Pikachu' });
    expect(body.analysis.ownerSet).toEqual({
      front: { outline: true, frame: false },
      back: { outline: false, frame: false },
    });
    expect((await call('GET', `/api/card-gradings/${id}/progress`, user.cookie)).json()).toMatchObject({
      stage: 'done',
      graded: true,
    });
  }, 60_000);

  it('takes a retaken photo in place of the refused one, keeping the details', async () => {
    const { user, other } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie, { front: twoCards.photo, back: good.back });
    await call('PATCH', `/api/card-gradings/${id}/metadata`, user.cookie, {
      cardName: 'Mew',
      cardSet: 'Promo',
      gameBrand: 'Pokemon',
    });
    expect((await call('POST', `/api/card-gradings/${id}/analyze`, user.cookie)).statusCode).toBe(422);
    const before = (await call('GET', `/api/card-gradings/${id}`, user.cookie)).json();
    const form = multipart({ frontImage: { data: good.front, filename: 'front.jpg', type: 'image/jpeg' } });
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/card-gradings/${id}/photos`,
      headers: { cookie: other.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(theirs.statusCode).toBe(404);
    const retaken = await t.app.inject({
      method: 'POST',
      url: `/api/card-gradings/${id}/photos`,
      headers: { cookie: user.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(retaken.statusCode).toBe(200);
    const after = retaken.json();
    expect(after).toMatchObject({ cardName: 'Mew', rejection: null, backImagePath: before.backImagePath });
    expect(after.frontImagePath).not.toBe(before.frontImagePath);
    // The replaced photo is gone.
    expect((await call('GET', before.frontImagePath, user.cookie)).statusCode).toBe(404);
    const graded = await call('POST', `/api/card-gradings/${id}/analyze`, user.cookie);
    expect(graded.statusCode).toBe(200);
    // A graded card's photos stay as graded.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/card-gradings/${id}/photos`,
      headers: { cookie: user.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(late.statusCode).toBe(409);
  }, 60_000);
});

describe('PATCH /api/card-gradings/:id/centering', () => {
  it('re-reads the centering and the overall grade from the owner’s lines, free; an admin correction then stands', async () => {
    const { user, other, admin } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie, good);
    expect(
      (
        await call('PATCH', `/api/card-gradings/${id}/centering`, user.cookie, {
          front: { left: 0.05, right: 0.95, top: 0.05, bottom: 0.95 },
        })
      ).statusCode,
    ).toBe(409);
    const graded = (await call('POST', `/api/card-gradings/${id}/analyze`, user.cookie)).json();
    expect(graded.centeringSetByOwner).toBe(false);
    // Left border 0.02 of the card, right 0.10: 83.3/16.7, a front's 5 (80 to 85).
    const lines = { front: { left: 0.02, right: 0.9, top: 0.05, bottom: 0.95 } };
    expect((await call('PATCH', `/api/card-gradings/${id}/centering`, other.cookie, lines)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/card-gradings/${id}/centering`, undefined, lines)).statusCode).toBe(401);
    expect((await call('PATCH', `/api/card-gradings/${id}/centering`, user.cookie, {})).statusCode).toBe(400);
    const moved = await call('PATCH', `/api/card-gradings/${id}/centering`, user.cookie, lines);
    expect(moved.statusCode).toBe(200);
    const body = moved.json();
    expect(body).toMatchObject({ centeringGrade: 5, overallGrade: 5, centeringSetByOwner: true });
    expect(body.analysis.centering.front).toMatchObject({ ownerSet: true, leftRight: [83.3, 16.7] });
    expect(body.notes).toMatch(/set by the owner/);
    expect(await balance(user.id)).toBe(10);
    const label = await call('GET', `/api/card-gradings/${id}/label`, user.cookie);
    expect(await pdfText(label.rawPayload)).toMatch(/centering lines set by the owner/);

    const correction = { cornerGrade: 9, edgeGrade: 9, surfaceGrade: 9, centeringGrade: 9, overallGrade: 9 };
    expect(
      (await call('PATCH', `/api/admin/card-gradings/${id}/correct-grade`, admin.cookie, correction)).statusCode,
    ).toBe(200);
    const late = await call('PATCH', `/api/card-gradings/${id}/centering`, user.cookie, lines);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/grader has corrected/);
  }, 60_000);
});

describe('the public certificate', () => {
  it('shows a graded card by its number whether or not it is shared, and the owner can take the photo off', async () => {
    const { user, other } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie, good);
    const draft = (await call('GET', `/api/card-gradings/${id}`, user.cookie)).json();
    expect(draft.certificateNumber).toBeNull();
    const graded = (await call('POST', `/api/card-gradings/${id}/analyze`, user.cookie)).json();
    const number: string = graded.certificateNumber;
    expect(number).toMatch(/^GL-\d{8}-[0-9A-F]{8}$/);
    expect(graded.shared).toBe(false);

    const cert = await call('GET', `/api/certificates/${number}`);
    expect(cert.statusCode).toBe(200);
    expect(cert.json()).toMatchObject({
      certificateNumber: number,
      overallGrade: graded.overallGrade,
      photoPath: `/api/certificates/${number}/photo`,
    });
    expect(cert.json()).not.toHaveProperty('userId');
    expect(cert.json()).not.toHaveProperty('owner');
    // The owner, signed in, is told it is theirs, to change the photo setting there.
    expect((await call('GET', `/api/certificates/${number}`, user.cookie)).json().owner).toEqual({
      gradingId: id,
      photoShown: true,
    });
    expect((await call('GET', `/api/certificates/${number}`, other.cookie)).json()).not.toHaveProperty('owner');
    const photo = await call('GET', `/api/certificates/${number}/photo`);
    expect(photo.statusCode).toBe(200);
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg');

    // The id alone, or with another code, finds nothing.
    expect((await call('GET', `/api/certificates/GL-${String(id).padStart(8, '0')}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/certificates/${number.slice(0, -8)}00000000`)).statusCode).toBe(404);

    expect(
      (await call('PATCH', `/api/card-gradings/${id}/certificate`, other.cookie, { showPhoto: false })).statusCode,
    ).toBe(404);
    const hidden = await call('PATCH', `/api/card-gradings/${id}/certificate`, user.cookie, { showPhoto: false });
    expect(hidden.json()).toMatchObject({ certificatePhotoShown: false });
    expect((await call('GET', `/api/certificates/${number}`)).json().photoPath).toBeNull();
    expect((await call('GET', `/api/certificates/${number}/photo`)).statusCode).toBe(404);
  }, 60_000);

  it('has no certificate for a draft', async () => {
    const { user } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie, good);
    const [row] = await t.db.select().from(cardGradings).where(eq(cardGradings.id, id));
    expect(
      (await call('GET', `/api/certificates/GL-${String(id).padStart(8, '0')}-${row!.certificateCode}`)).statusCode,
    ).toBe(404);
  }, 60_000);
});

describe('the sweep of old drafts', () => {
  it('deletes drafts older than 30 days and keeps newer drafts and graded cards', async () => {
    const { user } = await rolesFor(t);
    const [old, recent, graded] = [
      await uploadCard(t.app, user.cookie),
      await uploadCard(t.app, user.cookie),
      await uploadCard(t.app, user.cookie),
    ];
    await t.db
      .update(cardGradings)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(cardGradings.id, old));
    await t.db
      .update(cardGradings)
      .set({ createdAt: sql`now() - interval '31 days'`, gradedAt: new Date(), overallGrade: 8 })
      .where(eq(cardGradings.id, graded));
    expect(await deleteOldDrafts(t.db)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select({ id: cardGradings.id }).from(cardGradings)).map((r) => r.id);
    expect(left).not.toContain(old);
    expect(left).toContain(recent);
    expect(left).toContain(graded);
  }, 60_000);
});

describe('certificate look-ups', () => {
  it('are limited per address, so the codes cannot be walked', async () => {
    // An address of its own: the database's counters are shared with other test files on PostgreSQL.
    const remoteAddress = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 130; i += 1) {
      statuses.push(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/certificates/GL-00000001-${String(i).padStart(8, '0')}`,
            remoteAddress,
          })
        ).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(120);
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);
});
