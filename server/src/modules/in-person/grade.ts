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
import { cardGradings, imageMetadata, inPersonGradingSubmissions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { normalizeImage, type ImageStore, type StoredImage } from '../../storage/images.ts';
import { THUMB_SIDE } from '../gradings/service.ts';
import { BOTH_IMAGES_REQUIRED, type UploadedFile } from '../gradings/uploads.ts';
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
export async function readGradeForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; front: UploadedFile; back: UploadedFile }> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION', 'Send the grades and both photos as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  const files: Partial<Record<'frontImage' | 'backImage', UploadedFile>> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] ??= part.value;
      continue;
    }
    const data = await part.toBuffer();
    if ((part.fieldname === 'frontImage' || part.fieldname === 'backImage') && data.length > 0) {
      files[part.fieldname] ??= { data, filename: part.filename, mimeType: part.mimetype };
    }
  }
  if (!files.frontImage || !files.backImage) {
    throw new AppError('VALIDATION', BOTH_IMAGES_REQUIRED, {
      fields: {
        ...(files.frontImage ? {} : { frontImage: 'Add a photo of the front' }),
        ...(files.backImage ? {} : { backImage: 'Add a photo of the back' }),
      },
    });
  }
  return { fields, front: files.frontImage, back: files.backImage };
}

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
  const [front, back] = await Promise.all([
    normalizeImage(files.front.data, { format: 'jpg' }),
    normalizeImage(files.back.data, { format: 'jpg' }),
  ]);
  const thumb = await normalizeImage(front, { maxSide: THUMB_SIDE, format: 'jpg' });
  const stored: StoredImage[] = [];
  try {
    for (const data of [front, back, thumb]) stored.push(await images.save(data, 'jpg'));
    const [frontImage, backImage, thumbImage] = stored as [StoredImage, StoredImage, StoredImage];
    return await db.transaction(async (tx) => {
      const [grading] = await tx
        .insert(cardGradings)
        .values({
          userId: ownerId,
          cardName: card.cardName,
          cardSet: card.cardSet,
          gameBrand: card.gameBrand,
          frontImagePath: frontImage.publicPath,
          backImagePath: backImage.publicPath,
          frontThumbPath: thumbImage.publicPath,
          ...input.grades,
          gradingMethod: IN_PERSON_GRADING_METHOD,
          mlPowered: 0,
          gradedAt: new Date(),
          inPersonSubmissionId: submission.id,
        })
        .returning();
      if (!grading) throw new Error('insert returned no row');
      await tx.insert(imageMetadata).values(
        (
          [
            [frontImage, files.front, 'front'],
            [backImage, files.back, 'back'],
            [thumbImage, files.front, 'front_thumbnail'],
          ] as const
        ).map(([image, upload, imageType]) => ({
          filename: image.filename,
          originalFilename: upload.filename.slice(0, 255),
          mimeType: image.mimeType,
          fileSize: image.size,
          uploadedBy: input.adminId,
          relatedCardId: grading.id,
          imageType,
          filePath: image.publicPath,
        })),
      );
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
  } catch (error) {
    await Promise.all(stored.map((image) => images.remove(image.publicPath)));
    throw error;
  }
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
