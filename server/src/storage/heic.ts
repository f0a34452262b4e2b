import os from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER = new URL('./heic-worker.mjs', import.meta.url);

/** A 50 MP decode holds about 700 MB, so decodes wait for one of these slots. */
const MAX_DECODERS = os.availableParallelism();
let running = 0;
const waiting: (() => void)[] = [];

export type HeicDecode =
  | { outcome: 'decoded'; width: number; height: number; rgba: Uint8ClampedArray }
  | { outcome: 'too-large' | 'too-slow' | 'unreadable' };

type WorkerReply = { tooLarge: true } | { width: number; height: number; rgba: Uint8ClampedArray };

/**
 * Decodes a HEIC photo to display-oriented RGBA pixels in a worker thread, refusing one whose
 * container declares more than `maxPixels` before decoding it. The thread is terminated when
 * `budgetMs` (counted once the decode starts) runs out, which stops its CPU use at once.
 */
export async function decodeHeic(data: Buffer, limits: { maxPixels: number; budgetMs: number }): Promise<HeicDecode> {
  await acquire();
  try {
    return await runWorker(data, limits);
  } finally {
    release();
  }
}

function runWorker(
  data: Buffer,
  { maxPixels, budgetMs }: { maxPixels: number; budgetMs: number },
): Promise<HeicDecode> {
  const input = new Uint8Array(data);
  // libheif prints why a file does not parse; the answer already says it cannot be read.
  const worker = new Worker(WORKER, { workerData: { input, maxPixels }, transferList: [input.buffer], stdout: true });
  return new Promise((resolve) => {
    const finish = (result: HeicDecode) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ outcome: 'too-slow' }), budgetMs);
    worker.once('message', (reply: WorkerReply) =>
      finish('tooLarge' in reply ? { outcome: 'too-large' } : { outcome: 'decoded', ...reply }),
    );
    worker.once('error', () => finish({ outcome: 'unreadable' }));
    worker.once('exit', () => finish({ outcome: 'unreadable' }));
  });
}

async function acquire(): Promise<void> {
  if (running < MAX_DECODERS) {
    running += 1;
    return;
  }
  // release() hands its slot straight to the first waiter, so the count stays right.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}
