import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  IN_PERSON_GRADABLE,
  IN_PERSON_GRADING_METHOD,
  type InPersonStatus,
  type inPersonGradeSchema,
} from '@gradelens/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { cardGradings, inPersonGradingSubmissions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ImageStore } from '../../storage/images.ts';
import { createWithCardPhotos } from '../gradings/service.ts';
import { readCardForm, type UploadedFile } from '../gradings/uploads.ts';
import { cardsOf, findSubmission, type StoredCard, type SubmissionRow } from './service.ts';

type GradingRow = typeof cardGradings.$inferSelect;
type Grades = z.output<typeof inPersonGradeSchema>;

const submissions = inPersonGradingSubmissions;

/**
 * Why this card cannot take grades now, if it cannot: checked before the photos are read, so a
 * refused call costs no decoding. Answers the submission and the card otherwise.
 */
export async function gradableCard(
  db: Database,
  id: number,
  index: number,
): Promise<{ submission: SubmissionRow; card: StoredCard }> {
  const submission = await findSubmission(db, id);
  const card = cardsOf(submission)[index];
  if (!card) {
    throw new AppError(
      'NOT_FOUND',
      `Submission #${id} has no card ${index}: its cards are numbered from 0 to ${submission.totalCards - 1}.`,
    );
  }
  const status = submission.status as InPersonStatus;
  if (!IN_PERSON_GRADABLE.includes(status)) {
    throw new AppError(
      'CONFLICT',
      `Submission #${id} is ${status}: grades are entered while it is ${IN_PERSON_GRADABLE.join(' or ')}. Move it to grading first.`,
    );
  }
  if (submission.userId === null) {
    throw new AppError(
      'CONFLICT',
      `Submission #${id} was sent by a customer without an account, so there is no history to keep the grading in. Give ${submission.customerName} the grades by mail instead.`,
    );
  }
  if (card.gradingId !== undefined) throw alreadyGraded(id, index, card.gradingId);
  return { submission, card };
}

const alreadyGraded = (id: number, index: number, gradingId: number) =>
  new AppError(
    'CONFLICT',
    `Card ${index} of submission #${id} is already graded (grading #${gradingId}). Nothing was changed: to change its grades, use Edit Grade on that card's page.`,
  );

/** The grade form: its text fields and the front and back photos, every part drained. */
export const readGradeForm = (request: FastifyRequest) =>
  readCardForm(request, 'Send the grades and both photos as multipart/form-data.');

/**
 * A grader's grades of one card: the photos go through the same pipeline as every card photo
 * (re-encoded, metadata dropped, a front thumbnail), and the grading is created for the
 * submission's owner, linked to the submission and marked on its card in one transaction. The
 * card's link is written only where none is yet: of two graders at once one wins, the other
 * answers 409 and leaves no row and no file.
 */
export async function gradeSubmissionCard(
  db: Database,
  images: ImageStore,
  input: {
    submission: SubmissionRow;
    index: number;
    card: StoredCard;
    grades: Grades;
    files: { front: UploadedFile; back: UploadedFile };
    adminId: number;
  },
): Promise<GradingRow> {
  const { submission, index, card, files } = input;
  const ownerId = submission.userId;
  if (ownerId === null) throw new Error('gradableCard lets no guest submission through');
  return createWithCardPhotos(db, images, files, input.adminId, async (tx, paths) => {
    const [grading] = await tx
      .insert(cardGradings)
      .values({
        userId: ownerId,
        cardName: card.cardName,
        cardSet: card.cardSet,
        gameBrand: card.gameBrand,
        ...paths,
        ...input.grades,
        gradingMethod: IN_PERSON_GRADING_METHOD,
        mlPowered: 0,
        gradedAt: new Date(),
        inPersonSubmissionId: submission.id,
      })
      .returning();
    if (!grading) throw new Error('insert returned no row');
    const path = `{${index},gradingId}`;
    const [linked] = await tx
      .update(submissions)
      .set({
        cardList: sql`jsonb_set(${submissions.cardList}, ${path}::text[], to_jsonb(${grading.id}::int))`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(submissions.id, submission.id),
          inArray(submissions.status, [...IN_PERSON_GRADABLE]),
          sql`${submissions.cardList} -> ${index}::int ->> 'gradingId' IS NULL`,
        ),
      )
      .returning({ id: submissions.id });
    if (!linked) await refuseLateGrade(tx, submission.id, index);
    return grading;
  });
}

/** Another grader got there first, or the submission moved on meanwhile: says which, never returns. */
async function refuseLateGrade(db: Parameters<typeof findSubmission>[0], id: number, index: number): Promise<never> {
  const now = await findSubmission(db, id);
  const gradingId = cardsOf(now)[index]?.gradingId;
  if (gradingId !== undefined) throw alreadyGraded(id, index, gradingId);
  throw new AppError(
    'CONFLICT',
    `Submission #${id} was moved to ${now.status} meanwhile: grades are entered while it is ${IN_PERSON_GRADABLE.join(' or ')}. Nothing was changed.`,
  );
}
