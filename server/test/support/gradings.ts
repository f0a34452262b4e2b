import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Detection, GradeOutcome, GradeReport } from '@gradelens/shared';
import type { Grader } from '../../src/modules/gradings/analyze.ts';
import type { Database } from '../../src/db/client.ts';
import { cardGradings } from '../../src/db/schema.ts';
import { jpegOf, multipart } from './images.ts';

/** Uploads two real photos through the API and answers the new grading id. */
export async function uploadCard(
  app: FastifyInstance,
  cookie: string,
  photos?: { front: Buffer; back: Buffer },
): Promise<number> {
  const front = photos?.front ?? (await jpegOf(250, 350));
  const back = photos?.back ?? (await jpegOf(250, 350));
  const body = multipart({
    frontImage: { data: front, filename: 'front.jpg', type: 'image/jpeg' },
    backImage: { data: back, filename: 'back.jpg', type: 'image/jpeg' },
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/card-gradings/upload',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** Gives a grading grades directly, for tests about what happens after grading. */
export async function markGraded(
  db: Database,
  id: number,
  grades: Partial<typeof cardGradings.$inferInsert> = {},
): Promise<void> {
  await db
    .update(cardGradings)
    .set({
      cardName: 'Charizard',
      cardSet: 'Base Set',
      cardNumber: '4/102',
      gameBrand: 'Pokemon',
      year: '1999',
      overallGrade: 8,
      cornerGrade: 8,
      edgeGrade: 9,
      surfaceGrade: 9,
      centeringGrade: 8,
      gradingMethod: 'test',
      gradedAt: new Date(),
      ...grades,
    })
    .where(eq(cardGradings.id, id));
}

export const FAKE_REPORT: GradeReport = {
  rubricVersion: 1,
  overallGrade: 8,
  centeringGrade: 9,
  cornerGrade: 8,
  edgeGrade: 8,
  surfaceGrade: 9,
  scores: { overall: 8, centering: 9, corners: 8, edges: 8, surface: 9 },
  centering: { front: { measurable: true, grade: 9 }, back: { measurable: true, grade: 9 } },
  cardSize: { kind: 'standard', widthMm: 63, heightMm: 88 },
  defects: [],
  warnings: [],
  confidence: 0.9,
  notes: 'A fake report.',
  timingsMs: {},
  pxPerMm: { front: 10, back: 10 },
};

export interface FakeGrader extends Grader {
  /** How many times the engine was asked to grade. */
  runs: number;
  /** Makes the next runs throw, as a crashed worker would. */
  failing: boolean;
}

/**
 * A stand-in for the engine, for tests about the server's handling of runs (one at a time, no
 * charge on failure): answers a fixed report after a delay, and counts its runs. It finds no
 * card in any photo; tests of the outline check use the real engine.
 */
export function fakeGrader(delayMs = 300): FakeGrader {
  const grader: FakeGrader = {
    runs: 0,
    failing: false,
    async grade(): Promise<GradeOutcome> {
      grader.runs += 1;
      await sleep(delayMs);
      if (grader.failing) throw new Error('the engine crashed');
      const annotated = await jpegOf(40, 56);
      return { ok: true, report: FAKE_REPORT, annotated: { front: annotated, back: annotated } };
    },
    async detect(): Promise<Detection> {
      const none = {
        found: false,
        corners: null,
        frame: null,
        code: 'no_card' as const,
        message: 'No card found by the stand-in engine.',
        retake: false,
      };
      return { front: none, back: none, imageSize: { front: { width: 0, height: 0 }, back: { width: 0, height: 0 } } };
    },
  };
  return grader;
}
