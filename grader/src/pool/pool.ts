import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Detection, GradeOutcome } from '@gradelens/shared';
import type { GradeOptions, GradeStage } from '../index.ts';
import type { JobMessage, ReadyMessage, ReplyMessage, StageMessage } from './protocol.ts';

/** A worker is replaced after this many gradings: the WASM and V8 heaps never shrink. */
export const RECYCLE_AFTER_JOBS = 50;

export type PoolErrorCode = 'busy' | 'timeout' | 'worker_crashed' | 'closed';

export class PoolError extends Error {
  readonly code: PoolErrorCode;
  constructor(code: PoolErrorCode, message: string) {
    super(message);
    this.name = 'PoolError';
    this.code = code;
  }
}

export interface PoolOptions {
  /** Worker threads; default: the machine's cores. */
  size?: number;
  /** Jobs waiting beyond the running ones; past it grade() refuses at once. */
  maxQueue?: number;
  jobTimeoutMs?: number;
  /** A worker is replaced after this many jobs, so memory it holds is given back. */
  recycleAfterJobs?: number;
  /** The worker script: the TypeScript source by default, a built file in production. */
  workerUrl?: URL;
}

interface Job {
  id: number;
  message: JobMessage;
  transfer: ArrayBuffer[];
  resolve: (answer: GradeOutcome | Detection) => void;
  reject: (error: Error) => void;
  onStage?: (stage: GradeStage) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | null;
  jobsDone: number;
  /** Its modules are loaded: a job's time limit then measures the job, not the start-up. */
  ready: boolean;
}

/**
 * A bounded pool of worker threads running gradeCard, so grading never blocks the server's
 * event loop. A full queue answers 'busy' at once; a job past its time limit or whose worker
 * dies is answered with an error and its worker replaced.
 */
export class GradingPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly options: Required<PoolOptions>;
  private nextId = 1;
  private closed = false;

  constructor(options: PoolOptions = {}) {
    this.options = {
      size: options.size ?? Math.max(1, os.availableParallelism()),
      maxQueue: options.maxQueue ?? 16,
      jobTimeoutMs: options.jobTimeoutMs ?? 30_000,
      recycleAfterJobs: options.recycleAfterJobs ?? RECYCLE_AFTER_JOBS,
      workerUrl: options.workerUrl ?? new URL('./worker.ts', import.meta.url),
    };
    for (let i = 0; i < this.options.size; i += 1) this.slots.push(this.spawn());
  }

  grade(front: Buffer, back: Buffer, options: GradeOptions = {}): Promise<GradeOutcome> {
    const { onStage, ...rest } = options;
    return this.run('grade', front, back, rest, onStage) as Promise<GradeOutcome>;
  }

  /** The card finder alone on each photo (locateCards): corners and frame lines, or why none. */
  detect(front: Buffer, back: Buffer, options: { maxPixels?: number } = {}): Promise<Detection> {
    return this.run('detect', front, back, options) as Promise<Detection>;
  }

  private run(
    kind: JobMessage['kind'],
    front: Buffer,
    back: Buffer,
    options: JobMessage['options'],
    onStage?: (stage: GradeStage) => void,
  ): Promise<GradeOutcome | Detection> {
    if (this.closed) return Promise.reject(new PoolError('closed', 'The grading engine is shutting down.'));
    const running = this.slots.filter((s) => s.job).length;
    if (running + this.queue.length >= this.slots.length + this.options.maxQueue) {
      return Promise.reject(new PoolError('busy', 'The grading engine is busy. Try again in a few seconds.'));
    }
    // Copies own their memory, so they can be moved to the worker without touching Node's buffer pool.
    const f = new Uint8Array(front);
    const b = new Uint8Array(back);
    const id = this.nextId++;
    return new Promise<GradeOutcome | Detection>((resolve, reject) => {
      this.queue.push({
        id,
        message: { id, kind, front: f, back: b, options },
        transfer: [f.buffer, b.buffer],
        resolve,
        reject,
        ...(onStage ? { onStage } : {}),
      });
      this.dispatch();
    });
  }

  stats() {
    return { workers: this.slots.length, running: this.slots.filter((s) => s.job).length, queued: this.queue.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new PoolError('closed', 'The grading engine is shutting down.'));
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(new PoolError('closed', 'The grading engine is shutting down.'));
        slot.job = null;
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const url = this.options.workerUrl;
    const worker = url.pathname.endsWith('.ts')
      ? new Worker(new URL('./ts-bootstrap.mjs', import.meta.url), { workerData: { entry: url.href } })
      : new Worker(url);
    const slot: Slot = { worker, job: null, timer: null, jobsDone: 0, ready: false };
    worker.on('message', (message: ReplyMessage | ReadyMessage | StageMessage) => {
      if ('stage' in message) {
        if (slot.job?.id === message.id) slot.job.onStage?.(message.stage);
      } else if ('ready' in message) {
        slot.ready = true;
        // Held while starting, so queued jobs keep the process alive; idle workers do not.
        worker.unref();
        this.dispatch();
      } else this.finish(slot, message);
    });
    worker.on('error', () =>
      this.replace(slot, new PoolError('worker_crashed', 'The analysis failed unexpectedly. Try again.')),
    );
    worker.on('exit', () =>
      this.replace(slot, new PoolError('worker_crashed', 'The analysis failed unexpectedly. Try again.')),
    );
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || !slot.ready || !this.queue.length) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => {
        const stuck = slot.job;
        slot.job = null;
        stuck?.reject(
          new PoolError('timeout', 'The analysis took too long and was stopped. Try again with sharper photos.'),
        );
        this.swap(slot);
      }, this.options.jobTimeoutMs);
      slot.worker.ref();
      slot.worker.postMessage(job.message, job.transfer);
    }
  }

  private finish(slot: Slot, reply: ReplyMessage): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.jobsDone += 1;
    slot.worker.unref();
    if ('error' in reply) job.reject(new PoolError('worker_crashed', `The analysis failed: ${reply.error}`));
    else if ('detection' in reply) job.resolve(reply.detection);
    else {
      const outcome = reply.outcome;
      if (outcome.ok)
        outcome.annotated = { front: Buffer.from(outcome.annotated.front), back: Buffer.from(outcome.annotated.back) };
      job.resolve(outcome);
    }
    if (slot.jobsDone >= this.options.recycleAfterJobs) this.swap(slot);
    this.dispatch();
  }

  /** A worker that died: its job is answered with the error, and a fresh worker takes its place. */
  private replace(slot: Slot, error: PoolError): void {
    if (this.closed || !this.slots.includes(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    // A worker that dies while starting takes a waiting job with it, so a broken worker
    // script answers its callers instead of leaving them queued forever.
    const job = slot.job ?? (slot.ready ? null : (this.queue.shift() ?? null));
    slot.job = null;
    job?.reject(error);
    this.swap(slot);
  }

  private swap(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return;
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    this.slots[index] = this.spawn();
    this.dispatch();
  }
}
