import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardGradings, pointsLedger, users } from '../../db/schema.ts';
import { localImageStore } from '../../storage/images.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn } from '../../../test/support/factories.ts';
import { fakeGrader, uploadCard, type FakeGrader } from '../../../test/support/gradings.ts';
import { analyzeGrading } from './analyze.ts';

let t: TestApp;
let grader: FakeGrader;
beforeAll(async () => {
  grader = fakeGrader(300);
  t = await createTestApp({}, undefined, { grader });
});
afterAll(async () => {
  await t.close();
});

const analyze = (id: number, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/api/card-gradings/${id}/analyze`, headers: { cookie }, payload: {} });
const balance = async (id: number) =>
  (await t.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0]?.points;
const claimOf = async (id: number) =>
  (
    await t.db.select({ startedAt: cardGradings.analysisStartedAt }).from(cardGradings).where(eq(cardGradings.id, id))
  )[0]?.startedAt;

async function draft() {
  const user = await createUser(t.db);
  const cookie = await signIn(t.app, user);
  return { user, cookie, id: await uploadCard(t.app, cookie) };
}

describe('one engine run per card', () => {
  it('runs the engine once for twenty parallel analyses of one card, and charges 10 points once', async () => {
    const { user, cookie, id } = await draft();
    const runsBefore = grader.runs;
    const answers = await Promise.all(Array.from({ length: 20 }, () => analyze(id, cookie)));
    expect(grader.runs - runsBefore).toBe(1);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const bodies = answers.map((a) => a.json());
    expect(bodies.map((b) => b.charged).sort((a, b) => b - a)).toEqual([10, ...Array(19).fill(0)]);
    expect(
      new Set(
        bodies.map((b) =>
          JSON.stringify([b.overallGrade, b.cornerGrade, b.edgeGrade, b.surfaceGrade, b.centeringGrade]),
        ),
      ),
    ).toEqual(new Set([JSON.stringify([8, 8, 8, 9, 9])]));
    expect(bodies.every((b) => b.balance === 10)).toBe(true);
    expect(await balance(user.id)).toBe(10);
    const charges = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.cardGradingId, id), eq(pointsLedger.reason, 'grading')));
    expect(charges).toHaveLength(1);
    expect(await claimOf(id)).toBeNull();
  });

  it('gives the claim back when the engine fails, charges nothing, and lets a later call run it again', async () => {
    const { user, cookie, id } = await draft();
    grader.failing = true;
    try {
      const failed = await analyze(id, cookie);
      expect(failed.statusCode).toBe(422);
      expect(failed.json().code).toBe('analysis_failed');
    } finally {
      grader.failing = false;
    }
    expect(await claimOf(id)).toBeNull();
    expect(await balance(user.id)).toBe(20);
    const again = await analyze(id, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ charged: 10, balance: 10, overallGrade: 8 });
  });

  it('answers the calls that waited with 409 when the run they waited for failed, and charges nothing', async () => {
    const { user, cookie, id } = await draft();
    const runsBefore = grader.runs;
    grader.failing = true;
    let answers;
    try {
      answers = await Promise.all(Array.from({ length: 5 }, () => analyze(id, cookie)));
    } finally {
      grader.failing = false;
    }
    expect(grader.runs - runsBefore).toBe(1);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([409, 409, 409, 409, 422]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      "This card's analysis did not finish. Try again.",
    );
    expect(await balance(user.id)).toBe(20);
    expect(await claimOf(id)).toBeNull();
  });

  it('takes over a claim left behind by a server stopped mid-run', async () => {
    const { cookie, id } = await draft();
    await t.db
      .update(cardGradings)
      .set({ analysisStartedAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(cardGradings.id, id));
    const response = await analyze(id, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ charged: 10, overallGrade: 8 });
  });

  it('answers 409 with what to do when the run it waits for takes longer than the wait', async () => {
    const { user, id } = await draft();
    await t.db.update(cardGradings).set({ analysisStartedAt: new Date() }).where(eq(cardGradings.id, id));
    const [userRow] = await t.db.select().from(users).where(eq(users.id, user.id));
    const [grading] = await t.db.select().from(cardGradings).where(eq(cardGradings.id, id));
    const runsBefore = grader.runs;
    const deps = { grader, images: localImageStore(path.join(t.env.DATA_DIR, 'uploads')), log: t.app.log };
    const waited = analyzeGrading(t.db, deps, userRow!, grading!, {}, { waitMs: 300, pollMs: 50 });
    await expect(waited).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'This card is still being graded. Open it from Profile > Grading History in a few minutes to see the result.',
    });
    expect(grader.runs).toBe(runsBefore);
    expect(await balance(user.id)).toBe(20);
  });
});
