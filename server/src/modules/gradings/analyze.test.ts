import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradingPool } from '@gradelens/grader/pool/pool';
import { generateCase } from '@gradelens/grader/synth/index';
import { pointsLedger, users } from '../../db/schema.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn } from '../../../test/support/factories.ts';
import { uploadCard } from '../../../test/support/gradings.ts';

let t: TestApp;
let pool: GradingPool;
let photos: { front: Buffer; back: Buffer };
beforeAll(async () => {
  pool = new GradingPool({ size: 2, maxQueue: 32 });
  t = await createTestApp({}, undefined, { grader: pool });
  const c = await generateCase({ seed: 11, frame: '1080p', variant: 'clean', blurSigma: 0 });
  photos = { front: c.front, back: c.back };
}, 60_000);
afterAll(async () => {
  await t.close();
  await pool.close();
});

const analyze = (app: TestApp, id: number, cookie?: string) =>
  app.app.inject({
    method: 'POST',
    url: `/api/card-gradings/${id}/analyze`,
    headers: cookie ? { cookie } : {},
    payload: {},
  });
const balance = async (id: number) =>
  (await t.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0]?.points;

describe('POST /api/card-gradings/:id/analyze', () => {
  it('grades the card with the engine, stores the report and the annotated images, and charges 10 points once', async () => {
    const { user } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie, photos);
    const response = await analyze(t, id, user.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id, mlPowered: 1, aiPowered: true, charged: 10, balance: 10 });
    for (const grade of ['overallGrade', 'cornerGrade', 'edgeGrade', 'surfaceGrade', 'centeringGrade']) {
      expect(body[grade]).toBeGreaterThanOrEqual(1);
      expect(body[grade]).toBeLessThanOrEqual(10);
    }
    expect(body.analysis.centering.front.measurable).toBe(true);
    expect(body.notes).toBe(body.analysis.notes);
    const annotated = await t.app.inject({
      method: 'GET',
      url: body.annotatedFrontPath,
      headers: { cookie: user.cookie },
    });
    expect((await sharp(annotated.rawPayload).metadata()).format).toBe('jpeg');

    const again = await analyze(t, id, user.cookie);
    expect(again.json()).toMatchObject({ charged: 0, balance: 10, overallGrade: body.overallGrade });
    expect(await balance(user.id)).toBe(10);
  }, 60_000);

  it('lets a user with 20 points grade twice; the third answers 402 with a deficit of 10', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user);
    const ids = [
      await uploadCard(t.app, cookie, photos),
      await uploadCard(t.app, cookie, photos),
      await uploadCard(t.app, cookie, photos),
    ];
    expect((await analyze(t, ids[0]!, cookie)).statusCode).toBe(200);
    expect((await analyze(t, ids[1]!, cookie)).statusCode).toBe(200);
    const third = await analyze(t, ids[2]!, cookie);
    expect(third.statusCode).toBe(402);
    expect(third.json()).toMatchObject({
      required: 10,
      balance: 0,
      deficit: 10,
      message: 'Grading costs 10 points. You need 10 more points.',
    });
  }, 60_000);

  it('lets exactly two of ten parallel analyses through for 20 points, and the ledger adds up', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user);
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await uploadCard(t.app, cookie, photos));
    const answers = await Promise.all(ids.map((id) => analyze(t, id, cookie)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 402)).toHaveLength(8);
    // Most of the eight lose the race at the charge itself, not at the first check: same answer either way.
    for (const refused of answers.filter((a) => a.statusCode === 402)) {
      expect(refused.json()).toMatchObject({
        message: 'Grading costs 10 points. You need 10 more points.',
        required: 10,
        balance: 0,
        deficit: 10,
      });
    }
    expect(await balance(user.id)).toBe(0);
    const [sum] = await t.db
      .select({ total: sql<number>`sum(${pointsLedger.delta})::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, user.id));
    expect(sum?.total).toBe(0);
  }, 120_000);

  it('charges nothing for a photo the engine rejects, and says what to do', async () => {
    const { user } = await rolesFor(t);
    const blank = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#eeeeea' } })
      .jpeg()
      .toBuffer();
    const id = await uploadCard(t.app, user.cookie, { front: blank, back: blank });
    const response = await analyze(t, id, user.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'no_card' });
    expect(response.json().message).toMatch(/No card was found/);
    expect(await balance(user.id)).toBe(20);
  }, 60_000);

  it("answers 404 for another user's card and 401 for a guest", async () => {
    const { user, other, admin } = await rolesFor(t);
    const id = await uploadCard(t.app, user.cookie, photos);
    expect((await analyze(t, id, other.cookie)).statusCode).toBe(404);
    expect((await analyze(t, id, admin.cookie)).statusCode).toBe(404);
    expect((await analyze(t, id)).statusCode).toBe(401);
    expect(await balance(user.id)).toBe(20);
  });

  it('answers 503 with Retry-After when the engine is busy, charging nothing', async () => {
    const busyPool = new GradingPool({ size: 1, maxQueue: 0 });
    const busy = await createTestApp({}, t.database, { grader: busyPool });
    try {
      const user = await createUser(busy.db);
      const cookie = await signIn(busy.app, user);
      const a = await uploadCard(busy.app, cookie, photos);
      const b = await uploadCard(busy.app, cookie, photos);
      const answers = await Promise.all([analyze(busy, a, cookie), analyze(busy, b, cookie)]);
      const refused = answers.find((r) => r.statusCode === 503);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 503]);
      expect(refused?.headers['retry-after']).toBe('5');
      expect(await balance(user.id)).toBe(10);
    } finally {
      await busy.close();
      await busyPool.close();
    }
  }, 60_000);
});
