import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  POINTS_PER_GRADING,
  type Detection,
  type FaceHint,
  type Face,
  type GradeOutcome,
  type GradeRejection,
  type GradeReport,
} from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { cardGradings, users } from '../../db/schema.ts';
import { AppError, insufficientPoints, notFound } from '../../errors.ts';
import type { ImageStore, StoredImage } from '../../storage/images.ts';
import { changePoints } from '../points/ledger.ts';
import { ANALYSIS_WAIT, claimAnalysis, releaseAnalysis, waitForAnalysis } from './analysis-claim.ts';
import { analyzeOnQueue, type GradingQueue } from './queued-analysis.ts';

type GradingRow = typeof cardGradings.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The engine's steps as the analysis screen shows them. */
export type GradeStage = 'decode' | 'find' | 'measure' | 'report';

export interface GradeRequest {
  annotate?: boolean | 'plain';
  hints?: Partial<Record<Face, FaceHint>>;
  onStage?: (stage: GradeStage) => void;
}

/** The grading engine as the server sees it: a pool of worker threads in production. */
export interface Grader {
  grade(front: Buffer, back: Buffer, options?: GradeRequest): Promise<GradeOutcome>;
  /** The card finder alone: corners and frame lines per face, or why none (free, well under a second). */
  detect(front: Buffer, back: Buffer): Promise<Detection>;
}

/** Why the last analysis of a draft stopped, kept on the row for the rejection screen. */
export interface StoredRejection extends Omit<GradeRejection, 'code'> {
  code: GradeRejection['code'] | 'analysis_failed';
  at: string;
}

export const GRADING_METHOD = 'GradeLens measured grading (rubric v1)';

export interface AnalysisResult {
  grading: GradingRow;
  /** Points this call took: 10 for a new grading, 0 when the stored result was returned. */
  charged: number;
  balance: number;
}

/** What one run needs: the grading, who pays, and the owner's corners. A queued job carries exactly this. */
export interface AnalysisRun {
  gradingId: number;
  userId: number;
  hints: NonNullable<GradeRequest['hints']>;
}

export interface RunDeps {
  grader: Grader;
  images: ImageStore;
  log: FastifyBaseLogger;
  /**
   * True once the process that runs this is stopping: an engine that fails then was shut down,
   * so the error is passed on as it is (the queue gives the job to another worker) instead of
   * being kept on the draft as the photos' failure.
   */
  stopping?: () => boolean;
}

export const ANALYSIS_FAILED_MESSAGE =
  'The analysis of these photos failed. Nothing was charged. Try again, or retake the photos on a plain background.';

export const engineBusy = () =>
  new AppError(
    'BUSY',
    'The grading engine is busy with other cards. Try again in a few seconds; nothing was charged.',
    { headers: { 'retry-after': '5' } },
  );

/**
 * Grades a card once. The call that claims the grading (analysis-claim.ts) has the run done:
 * here, outside any transaction, or with a PostgreSQL queue by a grading worker
 * (queued-analysis.ts), whose outcome it waits for on the row. Calls that find the grading
 * claimed wait and answer the stored result free. A rejected photo, a busy engine or a failed
 * analysis costs nothing, and gives the claim back so a later call can try again.
 */
export async function analyzeGrading(
  db: Database,
  deps: RunDeps & { queue?: GradingQueue | null },
  user: UserRow,
  grading: GradingRow,
  hints: GradeRequest['hints'] = {},
  wait = ANALYSIS_WAIT,
): Promise<AnalysisResult> {
  if (grading.gradedAt) return { grading, charged: 0, balance: user.points };
  if (user.points < POINTS_PER_GRADING) throw insufficientPoints(POINTS_PER_GRADING, user.points);
  const claim = await claimAnalysis(db, grading.id);
  if (!claim) return storedResult(db, user.id, await waitForAnalysis(db, grading.id, wait));
  const run: AnalysisRun = { gradingId: grading.id, userId: user.id, hints: hints ?? {} };
  if (deps.queue) return analyzeOnQueue(db, { queue: deps.queue, log: deps.log }, run, claim, grading.rejection);
  try {
    return await runAnalysis(db, deps, run);
  } finally {
    // Never lets a failure here hide the answer: an unreleased claim goes stale by itself.
    await releaseAnalysis(db, grading.id, claim).catch((error: unknown) =>
      deps.log.error({ err: error, gradingId: grading.id }, 'could not release the analysis claim'),
    );
  }
}

/**
 * The whole run of a claimed grading, the same in the API's process and in a grading worker:
 * reads both photos from the store, runs the engine (each stage written to the row), saves the
 * annotated images, then stores the report and charges 10 points in one transaction that only
 * succeeds if the card was not graded meanwhile. A refusal is kept on the draft and thrown.
 * The claim is the caller's to give back.
 */
export async function runAnalysis(db: Database, deps: RunDeps, run: AnalysisRun): Promise<AnalysisResult> {
  const [grading] = await db.select().from(cardGradings).where(eq(cardGradings.id, run.gradingId));
  if (!grading) throw notFound('That card grading');
  try {
    return await gradeAndCharge(db, deps, grading, run);
  } catch (error) {
    // A refusal stays on the draft, with where the engine looked, until the next try.
    if (error instanceof AppError && error.code === 'UNGRADABLE') await keepRejection(db, grading.id, error, deps.log);
    throw error;
  }
}

async function keepRejection(db: Database, id: number, error: AppError, log: FastifyBaseLogger): Promise<void> {
  const rejection = error.extra?.rejection as GradeRejection | undefined;
  const stored: StoredRejection = {
    ...rejection,
    code: rejection?.code ?? 'analysis_failed',
    message: error.message,
    at: new Date().toISOString(),
  };
  await db
    .update(cardGradings)
    .set({ rejection: stored })
    .where(and(eq(cardGradings.id, id), isNull(cardGradings.gradedAt)))
    .catch((e: unknown) => log.error({ err: e, gradingId: id }, 'could not keep the rejection on the draft'));
}

async function gradeAndCharge(
  db: Database,
  deps: RunDeps,
  grading: GradingRow,
  run: AnalysisRun,
): Promise<AnalysisResult> {
  const [front, back] = await Promise.all([
    deps.images.read(grading.frontImagePath),
    deps.images.read(grading.backImagePath),
  ]);
  // Each stage is written to the row, so the analysis screen on any instance can follow it.
  let stageWrite = Promise.resolve();
  const onStage = (stage: GradeStage) => {
    stageWrite = stageWrite
      .then(() => db.update(cardGradings).set({ analysisStage: stage }).where(eq(cardGradings.id, grading.id)))
      .then(() => undefined)
      .catch((error: unknown) =>
        deps.log.warn({ err: error, gradingId: grading.id }, 'could not record the analysis stage'),
      );
  };
  const outcome = await runEngine(deps, front, back, { annotate: 'plain', hints: run.hints, onStage });
  await stageWrite;
  if (!outcome.ok) {
    throw new AppError('UNGRADABLE', outcome.rejection.message, {
      extra: { code: outcome.rejection.code, rejection: outcome.rejection },
    });
  }
  const annotated: StoredImage[] = [
    await deps.images.save(outcome.annotated.front, 'jpg'),
    await deps.images.save(outcome.annotated.back, 'jpg'),
  ];
  try {
    const stored = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(cardGradings)
        .set({
          ...gradesOf(outcome.report),
          annotatedFrontPath: annotated[0]!.publicPath,
          annotatedBackPath: annotated[1]!.publicPath,
          gradedAt: new Date(),
          analysisStartedAt: null,
          analysisStage: null,
          rejection: null,
        })
        .where(and(eq(cardGradings.id, grading.id), isNull(cardGradings.gradedAt)))
        .returning();
      if (!updated) return null;
      const balance = await changePoints(tx, {
        userId: run.userId,
        delta: -POINTS_PER_GRADING,
        reason: 'grading',
        cardGradingId: grading.id,
      });
      return { grading: updated, charged: POINTS_PER_GRADING, balance };
    });
    if (stored) return stored;
  } catch (error) {
    await Promise.all(annotated.map((image) => deps.images.remove(image.publicPath)));
    throw error;
  }
  // A call that took over this run's claim after it went stale graded the card first: its
  // result stands and this one is free.
  await Promise.all(annotated.map((image) => deps.images.remove(image.publicPath)));
  const [current] = await db.select().from(cardGradings).where(eq(cardGradings.id, grading.id));
  if (!current) throw notFound('That card grading');
  return storedResult(db, run.userId, current);
}

async function storedResult(db: Database, userId: number, graded: GradingRow): Promise<AnalysisResult> {
  return { grading: graded, charged: 0, balance: await balanceOf(db, userId) };
}

export async function balanceOf(db: Database, userId: number): Promise<number> {
  const [owner] = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return owner?.points ?? 0;
}

function gradesOf(report: GradeReport) {
  return {
    overallGrade: report.overallGrade,
    cornerGrade: report.cornerGrade,
    edgeGrade: report.edgeGrade,
    surfaceGrade: report.surfaceGrade,
    centeringGrade: report.centeringGrade,
    notes: report.notes,
    gradingMethod: GRADING_METHOD,
    mlPowered: 1,
    analysis: report,
  };
}

async function runEngine(deps: RunDeps, front: Buffer, back: Buffer, request: GradeRequest): Promise<GradeOutcome> {
  try {
    return await deps.grader.grade(front, back, request);
  } catch (error) {
    if (deps.stopping?.()) throw error;
    if ((error as { code?: string }).code === 'busy') throw engineBusy();
    throw new AppError('UNGRADABLE', ANALYSIS_FAILED_MESSAGE, { extra: { code: 'analysis_failed' } });
  }
}
