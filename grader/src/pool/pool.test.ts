import { afterEach, describe, expect, it } from 'vitest';
import { generateCase } from '../synth/index.ts';
import { GradingPool, PoolError } from './pool.ts';

const testWorker = new URL('./test-worker.ts', import.meta.url);
const pools: GradingPool[] = [];
const make = (options: ConstructorParameters<typeof GradingPool>[0]) => {
  const pool = new GradingPool(options);
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const job = (pool: GradingPool, mode: string) =>
  pool.grade(Buffer.from('front'), Buffer.from('back'), { mode } as never);
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (e: unknown) => (e instanceof PoolError ? e.code : String(e)),
  );

describe('the grading pool', () => {
  it('answers jobs through its workers', async () => {
    const pool = make({ size: 2, workerUrl: testWorker });
    const outcomes = await Promise.all([job(pool, 'answer'), job(pool, 'answer'), job(pool, 'answer')]);
    expect(outcomes.every((o) => !o.ok && o.rejection.message === 'answered 5')).toBe(true);
  });

  it("refuses at once with 'busy' when the queue is full", async () => {
    const pool = make({ size: 1, maxQueue: 1, workerUrl: testWorker, jobTimeoutMs: 2000 });
    const running = codeOf(job(pool, 'hang'));
    const queued = codeOf(job(pool, 'answer'));
    expect(await codeOf(job(pool, 'answer'))).toBe('busy');
    while (pool.stats().running === 0) await new Promise((r) => setTimeout(r, 10));
    expect(pool.stats()).toMatchObject({ running: 1, queued: 1 });
    await pool.close();
    expect(await running).toBe('closed');
    expect(await queued).toBe('closed');
  });

  it('stops a stuck job at its time limit and goes on with a fresh worker', async () => {
    const pool = make({ size: 1, workerUrl: testWorker, jobTimeoutMs: 300 });
    expect(await codeOf(job(pool, 'hang'))).toBe('timeout');
    expect(await codeOf(job(pool, 'answer'))).toBe('ok');
  });

  it('answers the job of a crashed worker with an error and replaces the worker', async () => {
    const pool = make({ size: 1, workerUrl: testWorker });
    expect(await codeOf(job(pool, 'crash'))).toBe('worker_crashed');
    expect(await codeOf(job(pool, 'throw'))).toBe('worker_crashed');
    expect(await codeOf(job(pool, 'answer'))).toBe('ok');
  });

  it('recycles a worker after its number of jobs and keeps answering', async () => {
    const pool = make({ size: 1, workerUrl: testWorker, recycleAfterJobs: 2 });
    for (let i = 0; i < 5; i += 1) expect(await codeOf(job(pool, 'answer'))).toBe('ok');
  });

  it('grades a real generated card pair in the real worker', async () => {
    const pool = make({ size: 1 });
    const c = await generateCase({ seed: 11, frame: '1080p', variant: 'clean', blurSigma: 0 });
    const stages: string[] = [];
    const outcome = await pool.grade(c.front, c.back, { annotate: true, onStage: (s) => stages.push(s) });
    if (!outcome.ok) throw new Error(outcome.rejection.message);
    expect(outcome.report.overallGrade).toBeGreaterThanOrEqual(1);
    expect(Buffer.isBuffer(outcome.annotated.front)).toBe(true);
    expect(outcome.annotated.front.length).toBeGreaterThan(1000);
    // The worker tells each stage as it reaches it.
    expect(stages).toEqual(['decode', 'find', 'measure', 'report']);
    const detection = await pool.detect(c.front, c.back);
    expect(detection.front.found && detection.back.found).toBe(true);
    expect(detection.front.corners).toHaveLength(4);
  }, 60_000);
});
