import { parentPort } from 'node:worker_threads';
import type { JobMessage, ReadyMessage } from './protocol.ts';

// A stand-in worker for the pool's failure tests: told by the job to answer, hang or crash.
parentPort?.on('message', (job: JobMessage & { options: { mode?: string } }) => {
  const mode = job.options.mode ?? 'answer';
  if (mode === 'hang') return;
  if (mode === 'crash') process.exit(3);
  if (mode === 'throw') throw new Error('worker blew up');
  setTimeout(
    () =>
      parentPort?.postMessage({
        id: job.id,
        outcome: { ok: false, rejection: { code: 'no_card', message: `answered ${job.front.length}` } },
      }),
    50,
  );
});
parentPort?.postMessage({ ready: true } satisfies ReadyMessage);
