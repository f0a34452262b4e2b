import { parentPort } from 'node:worker_threads';
import { gradeCard } from '../index.ts';
import type { JobMessage, ReadyMessage, ReplyMessage } from './protocol.ts';

// One grading at a time per worker thread; the pool never sends a second before the reply.
parentPort?.on('message', async (job: JobMessage) => {
  let reply: ReplyMessage;
  const transfer: ArrayBuffer[] = [];
  try {
    const outcome = await gradeCard(Buffer.from(job.front.buffer, job.front.byteOffset, job.front.length), Buffer.from(job.back.buffer, job.back.byteOffset, job.back.length), job.options);
    if (outcome.ok) {
      const front = new Uint8Array(outcome.annotated.front);
      const back = new Uint8Array(outcome.annotated.back);
      transfer.push(front.buffer, back.buffer);
      reply = { id: job.id, outcome: { ...outcome, annotated: { front: front as Buffer, back: back as Buffer } } };
    } else {
      reply = { id: job.id, outcome };
    }
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply, transfer);
});

parentPort?.postMessage({ ready: true } satisfies ReadyMessage);
