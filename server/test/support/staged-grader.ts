import { setTimeout as sleep } from 'node:timers/promises';
import type { Detection, GradeOutcome } from '@gradelens/shared';
import type { GradeRequest, GradeStage, Grader } from '../../src/modules/gradings/analyze.ts';
import { FAKE_REPORT } from './gradings.ts';
import { jpegOf } from './images.ts';

export interface StagedGrader extends Grader {
  runs: number;
  /** What the next runs answer: a report, or the refusal of a photo with no card. */
  outcome: 'graded' | 'rejected';
  close(): Promise<void>;
}

const STAGES: GradeStage[] = ['decode', 'find', 'measure', 'report'];

/**
 * A stand-in for the engine that tells the four stages as the pool does, spending stepMs on each,
 * so a test can watch them on /progress or stop a worker in the middle of a run. Closing it stops
 * a running grade with the pool's 'closed' error. It finds no card in any photo.
 */
export function stagedGrader(stepMs: number, onStart?: () => void): StagedGrader {
  const stop = new AbortController();
  const grader: StagedGrader = {
    runs: 0,
    outcome: 'graded',
    async grade(_front: Buffer, _back: Buffer, options: GradeRequest = {}): Promise<GradeOutcome> {
      grader.runs += 1;
      onStart?.();
      for (const stage of STAGES) {
        options.onStage?.(stage);
        // As the pool does on close: the running grade fails at once with 'closed'.
        await sleep(stepMs, undefined, { signal: stop.signal }).catch(() => {
          throw Object.assign(new Error('The grading engine is shutting down.'), { code: 'closed' });
        });
      }
      if (grader.outcome === 'rejected') {
        return {
          ok: false,
          rejection: { code: 'no_card', message: 'No card was found in the front photo.', face: 'front' },
        };
      }
      const annotated = await jpegOf(40, 56);
      return { ok: true, report: FAKE_REPORT, annotated: { front: annotated, back: annotated } };
    },
    async detect(): Promise<Detection> {
      throw new Error('the staged grader finds no cards');
    },
    async close() {
      stop.abort();
    },
  };
  return grader;
}
