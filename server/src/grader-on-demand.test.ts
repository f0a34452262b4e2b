import { GradingPool } from '@gradelens/grader/pool/pool';
import { describe, expect, it } from 'vitest';
import { graderOnDemand } from './grader-on-demand.ts';

// The pool's stand-in worker (it answers 'no_card' with the front's size), so no engine is loaded.
const testWorker = new URL('../../grader/src/pool/test-worker.ts', import.meta.url);

function countedPool() {
  const started: GradingPool[] = [];
  const grader = graderOnDemand(() => {
    const pool = new GradingPool({ size: 1, workerUrl: testWorker });
    started.push(pool);
    return pool;
  });
  return { grader, started };
}

describe('the grading engine on demand', () => {
  it('starts no worker at boot, one pool at the first job, and reuses it', async () => {
    const { grader, started } = countedPool();
    expect(started).toHaveLength(0);
    const [first, second] = await Promise.all([
      grader.grade(Buffer.alloc(3), Buffer.alloc(1)),
      grader.grade(Buffer.alloc(5), Buffer.alloc(1)),
    ]);
    expect(started).toHaveLength(1);
    expect(first).toEqual({ ok: false, rejection: { code: 'no_card', message: 'answered 3' } });
    expect(second).toEqual({ ok: false, rejection: { code: 'no_card', message: 'answered 5' } });
    expect(started[0]!.stats()).toMatchObject({ workers: 1, running: 0, queued: 0 });
    await grader.close();
    await expect(grader.grade(Buffer.alloc(1), Buffer.alloc(1))).rejects.toMatchObject({ code: 'closed' });
    expect(started).toHaveLength(1);
  });

  it('closes without starting anything when no job came, and starts nothing after', async () => {
    const { grader, started } = countedPool();
    await grader.close();
    await expect(grader.detect(Buffer.alloc(1), Buffer.alloc(1))).rejects.toMatchObject({ code: 'closed' });
    expect(started).toHaveLength(0);
  });
});
