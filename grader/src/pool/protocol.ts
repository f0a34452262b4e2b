import type { Detection, GradeOutcome } from '@gradelens/shared';
import type { GradeOptions, GradeStage } from '../index.ts';

/** What a worker is asked: grade a pair of photos, or only find the card in each (locateCards). */
export interface JobMessage {
  id: number;
  kind: 'grade' | 'detect';
  front: Uint8Array;
  back: Uint8Array;
  /** The grading's options, without the progress callback (told back as stage messages). */
  options: Omit<GradeOptions, 'onStage'>;
}

export type ReplyMessage =
  { id: number; outcome: GradeOutcome } | { id: number; detection: Detection } | { id: number; error: string };

/** Sent while a grading runs, as it reaches each stage. */
export interface StageMessage {
  id: number;
  stage: GradeStage;
}

/** Sent once by a worker when its modules are loaded: the pool gives it jobs only after that. */
export interface ReadyMessage {
  ready: true;
}
