import type { GradeOutcome } from '@gradelens/shared';
import type { GradeOptions } from '../index.ts';

export interface JobMessage {
  id: number;
  front: Uint8Array;
  back: Uint8Array;
  options: GradeOptions;
}

export type ReplyMessage = { id: number; outcome: GradeOutcome } | { id: number; error: string };

/** Sent once by a worker when its modules are loaded: the pool gives it jobs only after that. */
export interface ReadyMessage {
  ready: true;
}
