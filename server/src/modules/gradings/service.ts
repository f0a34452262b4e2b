import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CardDetailsInput } from '@gradelens/shared';
import { cardDetailsSchema } from '@gradelens/shared';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { cardGradings, gradeCorrections, imageMetadata, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { normalizeImage, type ImageStore, type StoredImage } from '../../storage/images.ts';
import { takeDraftPlace } from './drafts.ts';
import { gradingPolicy } from './policy.ts';
import type { UploadedFile } from './uploads.ts';

type GradingRow = typeof cardGradings.$inferSelect;
type UserRow = typeof users.$inferSelect;

export const THUMB_SIDE = 420;

export interface CardPhotoPaths {
  frontImagePath: string;
  backImagePath: string;
  frontThumbPath: string;
}

/**
 * A new grading with its two photos: both re-encoded (EXIF rotation applied, metadata dropped)
 * with a front thumbnail, stored under random names; then, in one transaction, `create` inserts
 * the grading with their paths (and whatever else must hold with it) and the image records are
 * written. On any failure no row and no file is left behind.
 */
export async function createWithCardPhotos(
  db: Database,
  images: ImageStore,
  files: { front: UploadedFile; back: UploadedFile },
  uploadedBy: number,
  create: (tx: Transaction, paths: CardPhotoPaths) => Promise<GradingRow>,
): Promise<GradingRow> {
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
      const grading = await create(tx, {
        frontImagePath: frontImage.publicPath,
        backImagePath: backImage.publicPath,
        frontThumbPath: thumbImage.publicPath,
      });
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
          uploadedBy,
          relatedCardId: grading.id,
          imageType,
          filePath: image.publicPath,
        })),
      );
      return grading;
    });
  } catch (error) {
    await Promise.all(stored.map((image) => images.remove(image.publicPath)));
    throw error;
  }
}

/** A draft from the upload form, if the user has fewer than maxDrafts ungraded cards. */
export async function createGrading(
  db: Database,
  images: ImageStore,
  userId: number,
  files: { front: UploadedFile; back: UploadedFile },
  maxDrafts: number,
): Promise<GradingRow> {
  return createWithCardPhotos(db, images, files, userId, async (tx, paths) => {
    await takeDraftPlace(tx, userId, maxDrafts);
    const [grading] = await tx
      .insert(cardGradings)
      .values({ userId, ...paths })
      .returning();
    if (!grading) throw new Error('insert returned no row');
    return grading;
  });
}

export async function findVisibleGrading(db: Database, id: number, user: UserRow | null): Promise<GradingRow> {
  const [row] = await db.select().from(cardGradings).where(eq(cardGradings.id, id)).limit(1);
  if (!row || !gradingPolicy.view(user, row)) throw notFound('That card grading');
  return row;
}

/** The grading if this user owns it; 404 otherwise. */
export async function findOwnGrading(db: Database, id: number, user: UserRow): Promise<GradingRow> {
  const [row] = await db.select().from(cardGradings).where(eq(cardGradings.id, id)).limit(1);
  if (!row || !gradingPolicy.manage(user, row)) throw notFound('That card grading');
  return row;
}

export async function updateDetails(
  db: Database,
  grading: GradingRow,
  details: z.output<typeof cardDetailsSchema> | CardDetailsInput,
): Promise<GradingRow> {
  const parsed = cardDetailsSchema.parse(details);
  const [updated] = await db.update(cardGradings).set(parsed).where(eq(cardGradings.id, grading.id)).returning();
  return updated ?? grading;
}

export async function listUserGradings(db: Database, userId: number): Promise<GradingRow[]> {
  return db
    .select()
    .from(cardGradings)
    .where(eq(cardGradings.userId, userId))
    .orderBy(desc(cardGradings.createdAt), desc(cardGradings.id));
}

export async function setShared(db: Database, grading: GradingRow, shared: boolean): Promise<GradingRow> {
  const [updated] = await db
    .update(cardGradings)
    .set({ sharedAt: shared ? (grading.sharedAt ?? new Date()) : null })
    .where(eq(cardGradings.id, grading.id))
    .returning();
  return updated ?? grading;
}

export async function listGallery(db: Database, page: number, pageSize: number) {
  const shared = and(isNotNull(cardGradings.sharedAt), isNotNull(cardGradings.gradedAt));
  const [rows, totals] = await Promise.all([
    db
      .select({ grading: cardGradings, ownerName: users.username })
      .from(cardGradings)
      .innerJoin(users, eq(users.id, cardGradings.userId))
      .where(shared)
      .orderBy(desc(cardGradings.sharedAt), desc(cardGradings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(cardGradings).where(shared),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The owner shows or hides the front photo on the card's public certificate page. */
export async function setCertificatePhoto(db: Database, grading: GradingRow, showPhoto: boolean): Promise<GradingRow> {
  const [updated] = await db
    .update(cardGradings)
    .set({ certPhotoHidden: showPhoto ? 0 : 1 })
    .where(eq(cardGradings.id, grading.id))
    .returning();
  return updated ?? grading;
}

/** The latest correction of a grading by a grader: when, and the notes it left. */
export async function latestCorrection(
  db: Database,
  gradingId: number,
): Promise<{ at: string; notes: string | null } | null> {
  const [row] = await db
    .select({ at: gradeCorrections.createdAt, values: gradeCorrections.newValues })
    .from(gradeCorrections)
    .where(eq(gradeCorrections.cardGradingId, gradingId))
    .orderBy(desc(gradeCorrections.createdAt), desc(gradeCorrections.id))
    .limit(1);
  if (!row) return null;
  const notes = (row.values as { notes?: unknown } | null)?.notes;
  return { at: row.at.toISOString(), notes: typeof notes === 'string' ? notes : null };
}

/** Which of these gradings a grader has corrected (their whole grades then stand without half points). */
export async function correctedIds(db: Database, gradingIds: number[]): Promise<Set<number>> {
  if (gradingIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: gradeCorrections.cardGradingId })
    .from(gradeCorrections)
    .where(inArray(gradeCorrections.cardGradingId, gradingIds));
  return new Set(rows.map((r) => r.id));
}
