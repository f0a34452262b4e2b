import { parentPort } from 'node:worker_threads';
import { gradeCard, locateCards } from '../index.ts';
import type { JobMessage, ReadyMessage, ReplyMessage, StageMessage } from './protocol.ts';

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

// One job at a time per worker thread; the pool never sends a second before the reply.
parentPort?.on('message', async (job: JobMessage) => {
  let reply: ReplyMessage;
  const transfer: ArrayBuffer[] = [];
  try {
    if (job.kind === 'detect') {
      reply = {
        id: job.id,
        detection: await locateCards(bufferOf(job.front), bufferOf(job.back), job.options.maxPixels),
      };
    } else {
      const onStage = (stage: StageMessage['stage']) =>
        parentPort?.postMessage({ id: job.id, stage } satisfies StageMessage);
      const outcome = await gradeCard(bufferOf(job.front), bufferOf(job.back), { ...job.options, onStage });
      if (outcome.ok) {
        const front = new Uint8Array(outcome.annotated.front);
        const back = new Uint8Array(outcome.annotated.back);
        transfer.push(front.buffer, back.buffer);
        reply = { id: job.id, outcome: { ...outcome, annotated: { front: front as Buffer, back: back as Buffer } } };
      } else {
        reply = { id: job.id, outcome };
      }
    }
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply, transfer);
});

parentPort?.postMessage({ ready: true } satisfies ReadyMessage);
