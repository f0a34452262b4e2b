import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCase } from '@gradelens/grader/synth/index';
import { cardGradings, pointsLedger, users } from '../db/schema.ts';
import { ANALYSIS_FAILED_MESSAGE } from '../modules/gradings/analyze.ts';
import { openImageStore } from '../storage/store.ts';
import { createTestApp, type TestApp } from '../../test/support/app.ts';
import { createUser, signIn } from '../../test/support/factories.ts';
import { uploadCard } from '../../test/support/gradings.ts';
import {
  Child,
  dropQueueSchema,
  jobDataOf,
  jobsOf,
  openTestQueue,
  queueTestSchema,
  startTestWorker,
} from '../../test/support/queue.ts';
import { stagedGrader, type StagedGrader } from '../../test/support/staged-grader.ts';
import { consumeGradingJobs } from './consume.ts';
import { gradeQueuedJob } from './grading-jobs.ts';
import type { PgGradingQueue } from './grading-queue.ts';
import { processLog } from './log.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const log = processLog({ LOG_LEVEL: 'silent' }, 'test');

describe('npm run worker without PostgreSQL', () => {
  it('stops at once and says it needs DATABASE_URL', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-worker-'));
    try {
      const worker = new Child(path.join('src', 'worker-main.ts'), { DATA_DIR: dataDir });
      expect(await worker.exited).toBe(1);
      expect(worker.output).toMatch(/npm run worker needs DATABASE_URL, the PostgreSQL server the API uses/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// The queue needs a PostgreSQL server: these run in `npm run test:pg` (and .ci/run), and show as skipped on PGlite.
describe.skipIf(!databaseUrl)('grading jobs on the PostgreSQL queue (TEST_DATABASE_URL)', () => {
  let dataDir: string;
  let schema: string;
  // The API's queue: it enqueues and records failed jobs, but runs no grading job itself (GRADING_IN_API=false).
  let queue: PgGradingQueue;
  let t: TestApp;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-queue-'));
    schema = queueTestSchema();
    queue = await openTestQueue(schema);
    t = await createTestApp({ DATA_DIR: dataDir }, undefined, { grader: stagedGrader(0), gradingQueue: queue });
    await consumeGradingJobs(queue, t.db, { grader: null, images: await openImageStore(t.env), log, concurrency: 0 });
  });
  afterAll(async () => {
    await queue?.stop(1000);
    if (t) {
      await dropQueueSchema(t.db, schema);
      await t.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const analyze = (app: TestApp, id: number, cookie: string) =>
    app.app.inject({ method: 'POST', url: `/api/card-gradings/${id}/analyze`, headers: { cookie }, payload: {} });
  const progress = async (app: TestApp, id: number, cookie: string) =>
    (await app.app.inject({ method: 'GET', url: `/api/card-gradings/${id}/progress`, headers: { cookie } })).json();
  const balance = async (userId: number) =>
    (await t.db.select({ points: users.points }).from(users).where(eq(users.id, userId)))[0]?.points;
  const charges = async (id: number) =>
    (
      await t.db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.cardGradingId, id), eq(pointsLedger.reason, 'grading')))
    ).length;
  /**
   * The job's rows once none is still active: the worker marks its job done after the grading it
   * wrote has answered the call, so right after the answer the job may still read as active.
   */
  const settledJobsOf = async (id: number) => {
    await until(async () => (await jobsOf(t.db, schema, id)).every((job) => job.state !== 'active'), 20_000);
    return jobsOf(t.db, schema, id);
  };
  const rowOf = async (id: number) => (await t.db.select().from(cardGradings).where(eq(cardGradings.id, id)))[0]!;

  async function owner(app = t, photos?: { front: Buffer; back: Buffer }) {
    const user = await createUser(t.db);
    const cookie = await signIn(app.app, user);
    return { user, cookie, id: await uploadCard(app.app, cookie, photos) };
  }

  /** A grading worker in this process: its own pg-boss instance on the test's schema, as another machine would have. */
  async function inProcessWorker(grader: StagedGrader): Promise<PgGradingQueue> {
    const workerQueue = await openTestQueue(schema);
    await consumeGradingJobs(workerQueue, t.db, { grader, images: await openImageStore(t.env), log, concurrency: 1 });
    return workerQueue;
  }

  async function stopped(child: Child): Promise<number | null> {
    child.kill('SIGTERM');
    return child.exited;
  }

  it('a worker in this process grades a queued card: each stage reaches /progress, 10 points are charged once', async () => {
    const grader = stagedGrader(300);
    const worker = await inProcessWorker(grader);
    try {
      const { user, cookie, id } = await owner();
      let answered = false;
      const pending = analyze(t, id, cookie).finally(() => (answered = true));
      const seen: string[] = [];
      while (!answered) {
        const { stage } = await progress(t, id, cookie);
        if (stage && seen.at(-1) !== stage) seen.push(stage);
        await sleep(30);
      }
      const response = await pending;
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, charged: 10, balance: 10, overallGrade: 8, aiPowered: true });
      expect(seen.filter((s) => s !== 'queued' && s !== 'done')).toEqual(['decode', 'find', 'measure', 'report']);
      expect(await progress(t, id, cookie)).toEqual({ stage: 'done', graded: true, rejection: null });
      expect(grader.runs).toBe(1);
      expect(await charges(id)).toBe(1);
      expect(await balance(user.id)).toBe(10);
      expect((await rowOf(id)).analysisStartedAt).toBeNull();
      expect(await settledJobsOf(id)).toEqual([{ name: 'grading', state: 'completed', retry_count: 0 }]);
    } finally {
      await worker.stop(1000);
    }
  }, 60_000);

  it('answers a refused photo exactly as the API grading by itself does, keeps the refusal and charges nothing', async () => {
    const grader = stagedGrader(0);
    grader.outcome = 'rejected';
    const worker = await inProcessWorker(grader);
    const byItself = await createTestApp({ DATA_DIR: dataDir }, t.database, { grader });
    try {
      const queued = await owner();
      const local = await owner(byItself);
      const fromQueue = await analyze(t, queued.id, queued.cookie);
      const fromPool = await analyze(byItself, local.id, local.cookie);
      expect(fromPool.statusCode).toBe(422);
      expect(fromQueue.statusCode).toBe(422);
      expect(fromQueue.json()).toEqual(fromPool.json());
      expect(fromQueue.json()).toMatchObject({ code: 'no_card', rejection: { face: 'front' } });
      expect(await balance(queued.user.id)).toBe(20);
      expect(await charges(queued.id)).toBe(0);
      const row = await rowOf(queued.id);
      expect([row.analysisStartedAt, (row.rejection as { code: string }).code]).toEqual([null, 'no_card']);
    } finally {
      await byItself.close();
      await worker.stop(1000);
    }
  }, 60_000);

  it('withdraws a job no worker started in time and answers as a busy engine; that job can never charge', async () => {
    const impatient = await openTestQueue(schema, { wait: { startMs: 500, waitMs: 10_000, pollMs: 50 } });
    const app = await createTestApp({ DATA_DIR: dataDir }, t.database, {
      grader: stagedGrader(0),
      gradingQueue: impatient,
    });
    try {
      const { user, cookie, id } = await owner(app);
      const response = await analyze(app, id, cookie);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json().message).toBe(
        'The grading engine is busy with other cards. Try again in a few seconds; nothing was charged.',
      );
      expect((await rowOf(id)).analysisStartedAt).toBeNull();
      expect(await jobsOf(t.db, schema, id)).toEqual([{ name: 'grading', state: 'cancelled', retry_count: 0 }]);
      // A worker that took the job just before it was cancelled finds its claim gone and does nothing.
      const late = stagedGrader(0);
      await gradeQueuedJob(
        t.db,
        { grader: late, images: await openImageStore(t.env), log },
        await jobDataOf(t.db, schema, id),
      );
      expect(late.runs).toBe(0);
      expect(await balance(user.id)).toBe(20);
      expect(await charges(id)).toBe(0);
    } finally {
      await app.close();
      await impatient.stop(1000);
    }
  }, 60_000);

  it('a worker in its own process grades a card the app put on the queue, and stops on SIGTERM', async () => {
    const worker = startTestWorker(dataDir, { schema, stepMs: 50 });
    try {
      await worker.waitFor(/grading worker ready/);
      const { user, cookie, id } = await owner();
      const response = await analyze(t, id, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, charged: 10, balance: 10 });
      expect(worker.output).toMatch(/testGradeStarted/);
      expect(await charges(id)).toBe(1);
      expect(await balance(user.id)).toBe(10);
    } finally {
      expect(await stopped(worker)).toBe(0);
    }
  }, 90_000);

  it('a worker killed mid-job: another worker runs the job again, and the card is graded and charged once', async () => {
    const first = startTestWorker(dataDir, { schema, stepMs: 500 });
    let second: Child | null = null;
    try {
      await first.waitFor(/grading worker ready/);
      const { user, cookie, id } = await owner();
      const pending = analyze(t, id, cookie);
      await first.waitFor(/testGradeStarted/);
      first.kill('SIGKILL');
      await first.exited;
      second = startTestWorker(dataDir, { schema, stepMs: 50 });
      const response = await pending;
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, charged: 10, balance: 10 });
      expect(second.output).toMatch(/testGradeStarted/);
      expect(await settledJobsOf(id)).toEqual([{ name: 'grading', state: 'completed', retry_count: 1 }]);
      expect(await charges(id)).toBe(1);
      expect(await balance(user.id)).toBe(10);
    } finally {
      first.kill('SIGKILL');
      if (second) await stopped(second);
    }
  }, 90_000);

  it('a job whose worker is killed twice fails with a clear error: nothing charged, the claim given back, the owner can try again', async () => {
    const first = startTestWorker(dataDir, { schema, stepMs: 500 });
    const second = startTestWorker(dataDir, { schema, stepMs: 500 });
    try {
      await first.waitFor(/grading worker ready/);
      await second.waitFor(/grading worker ready/);
      const { user, cookie, id } = await owner();
      const pending = analyze(t, id, cookie);
      // One of the two takes the job; it dies; the other takes the retry, and dies too.
      const taker = await Promise.race([
        first.waitFor(/testGradeStarted/).then(() => first),
        second.waitFor(/testGradeStarted/).then(() => second),
      ]);
      const other = taker === first ? second : first;
      taker.kill('SIGKILL');
      await other.waitFor(/testGradeStarted/);
      other.kill('SIGKILL');
      const response = await pending;
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ code: 'analysis_failed', message: ANALYSIS_FAILED_MESSAGE });
      expect(ANALYSIS_FAILED_MESSAGE).toMatch(/^The analysis of these photos failed\. Nothing was charged\./);
      expect(await balance(user.id)).toBe(20);
      expect(await charges(id)).toBe(0);
      const row = await rowOf(id);
      expect([row.analysisStartedAt, (row.rejection as { code: string }).code]).toEqual([null, 'analysis_failed']);
      expect(await progress(t, id, cookie)).toMatchObject({
        stage: null,
        graded: false,
        rejection: { code: 'analysis_failed' },
      });
      const jobs = await jobsOf(t.db, schema, id);
      expect(jobs).toEqual([
        { name: 'grading', state: 'failed', retry_count: 1 },
        { name: 'grading-failed', state: 'completed', retry_count: 0 },
      ]);

      const worker = await inProcessWorker(stagedGrader(0));
      try {
        const again = await analyze(t, id, cookie);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toMatchObject({ charged: 10, balance: 10, rejection: null });
      } finally {
        await worker.stop(1000);
      }
    } finally {
      first.kill('SIGKILL');
      second.kill('SIGKILL');
    }
  }, 90_000);

  it('SIGTERM: a worker finishes the job it is running before it stops', async () => {
    const worker = startTestWorker(dataDir, { schema, stepMs: 400, graceMs: 20_000 });
    try {
      await worker.waitFor(/grading worker ready/);
      const { cookie, id } = await owner();
      const pending = analyze(t, id, cookie);
      await worker.waitFor(/testGradeStarted/);
      worker.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
      expect((await pending).json()).toMatchObject({ charged: 10, balance: 10 });
      expect(await jobsOf(t.db, schema, id)).toEqual([{ name: 'grading', state: 'completed', retry_count: 0 }]);
    } finally {
      worker.kill('SIGKILL');
    }
  }, 90_000);

  it('SIGTERM with a run longer than the grace: the job goes back to the queue untouched, and another worker grades it', async () => {
    const first = startTestWorker(dataDir, { schema, stepMs: 1000, graceMs: 1000 });
    let second: Child | null = null;
    try {
      await first.waitFor(/grading worker ready/);
      const { user, cookie, id } = await owner();
      const pending = analyze(t, id, cookie);
      await first.waitFor(/testGradeStarted/);
      first.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      const given = await rowOf(id);
      expect(given.rejection).toBeNull();
      expect(given.analysisStartedAt).not.toBeNull();
      second = startTestWorker(dataDir, { schema, stepMs: 50 });
      expect((await pending).json()).toMatchObject({ charged: 10, balance: 10 });
      expect(second.output).toMatch(/testGradeStarted/);
      expect(await charges(id)).toBe(1);
      expect(await balance(user.id)).toBe(10);
    } finally {
      first.kill('SIGKILL');
      if (second) await stopped(second);
    }
  }, 90_000);

  describe("on pg-boss's own schema, as npm start and npm run worker use it", () => {
    afterAll(async () => {
      await dropQueueSchema(t.db, 'pgboss');
    });

    it('the API killed while its job waits: a worker still runs the job, and a new API instance shows it done', async () => {
      const port = await freePort();
      const api = new Child(path.join('src', 'main.ts'), {
        DATABASE_URL: databaseUrl ?? '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        GRADING_IN_API: 'false',
        GRADING_WORKERS: '1',
      });
      let worker: Child | null = null;
      try {
        await api.waitFor(/GradeLens on/);
        const { user, cookie, id } = await owner();
        const pending = fetch(`http://127.0.0.1:${port}/api/card-gradings/${id}/analyze`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: '{}',
        }).catch(() => 'no answer');
        await until(async () => (await jobsOf(t.db, 'pgboss', id)).length === 1);
        expect((await rowOf(id)).analysisStage).toBe('queued');
        api.kill('SIGKILL');
        await api.exited;
        expect(await pending).toBe('no answer');

        const restarted = await createTestApp({ DATA_DIR: dataDir }, t.database, { grader: stagedGrader(0) });
        try {
          expect(await progress(restarted, id, cookie)).toMatchObject({ stage: 'queued', graded: false });
          worker = startTestWorker(dataDir, { stepMs: 50 });
          await until(async () => (await progress(restarted, id, cookie)).stage === 'done');
          expect(await progress(restarted, id, cookie)).toEqual({ stage: 'done', graded: true, rejection: null });
        } finally {
          await restarted.close();
        }
        expect(await charges(id)).toBe(1);
        expect(await balance(user.id)).toBe(10);
      } finally {
        api.kill('SIGKILL');
        if (worker) await stopped(worker);
      }
    }, 120_000);

    it("npm run worker's own entry grades a real card with the real engine, then stops on SIGTERM", async () => {
      const pgbossQueue = await openTestQueue('pgboss');
      const app = await createTestApp({ DATA_DIR: dataDir }, t.database, {
        grader: stagedGrader(0),
        gradingQueue: pgbossQueue,
      });
      const worker = new Child(path.join('src', 'worker-main.ts'), {
        DATABASE_URL: databaseUrl ?? '',
        DATA_DIR: dataDir,
        GRADING_WORKERS: '1',
      });
      try {
        await worker.waitFor(/grading worker ready/);
        const c = await generateCase({ seed: 11, frame: '1080p', variant: 'clean', blurSigma: 0 });
        const { cookie, id } = await owner(app, { front: c.front, back: c.back });
        const response = await analyze(app, id, cookie);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({ id, charged: 10, balance: 10, mlPowered: 1 });
        expect(body.overallGrade).toBeGreaterThanOrEqual(1);
        expect(body.analysis.centering.front.measurable).toBe(true);
        expect(await stopped(worker)).toBe(0);
      } finally {
        worker.kill('SIGKILL');
        await app.close();
        await pgbossQueue.stop(1000);
      }
    }, 120_000);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms`);
    await sleep(100);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
