// A grading worker process for the queue tests: the real worker (runGradingWorker, as
// `npm run worker` starts it) with the staged stand-in engine, so a test can time a kill.
// Settings come from the environment like the real one's; the test's own from TEST_QUEUE_*.
import { loadEnv } from '../../src/env.ts';
import { runGradingWorker } from '../../src/queue/worker-process.ts';
import { TEST_TIMING } from './queue.ts';
import { stagedGrader } from './staged-grader.ts';

const env = loadEnv();
const stepMs = Number(process.env.TEST_QUEUE_STEP_MS ?? '100');
// One line on standard output as each run begins: the test waits for it before a kill.
const grader = stagedGrader(stepMs, () => console.log(JSON.stringify({ testGradeStarted: true })));
runGradingWorker(env, () => ({ grader, concurrency: 1 }), {
  ...(process.env.TEST_QUEUE_SCHEMA ? { schema: process.env.TEST_QUEUE_SCHEMA } : {}),
  timing: TEST_TIMING,
  graceMs: Number(process.env.TEST_QUEUE_GRACE_MS ?? '10000'),
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
