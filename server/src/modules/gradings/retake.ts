import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { cardGradings, imageMetadata } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { normalizeImage, type ImageStore, type StoredImage } from '../../storage/images.ts';
import { noAnalysisRunning } from './analysis-claim.ts';
import { THUMB_SIDE } from './service.ts';
import type { UploadedFile } from './uploads.ts';

type GradingRow = typeof cardGradings.$inferSelect;

const ONE_PHOTO_REQUIRED = 'Send a new photo of the front (frontImage), the back (backImage) or both';

/** Reads the retaken photos of the form: either face, or both. */
export async function readRetakenImages(
  request: FastifyRequest,
): Promise<{ front?: UploadedFile; back?: UploadedFile }> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', ONE_PHOTO_REQUIRED);
  const files: { front?: UploadedFile; back?: UploadedFile } = {};
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (data.length === 0) continue;
    if (part.fieldname === 'frontImage') files.front ??= { data, filename: part.filename, mimeType: part.mimetype };
    if (part.fieldname === 'backImage') files.back ??= { data, filename: part.filename, mimeType: part.mimetype };
  }
  if (!files.front && !files.back) throw new AppError('VALIDATION', ONE_PHOTO_REQUIRED);
  return files;
}

/**
 * Puts retaken photos in place of a draft's, keeping its details: the new files are stored,
 * the row and its image records changed in one transaction (only while the card is ungraded
 * and not being analysed), and the old files removed after. The last rejection is cleared.
 */
export async function replacePhotos(
  db: Database,
  images: ImageStore,
  grading: GradingRow,
  files: { front?: UploadedFile; back?: UploadedFile },
  log: FastifyBaseLogger,
): Promise<GradingRow> {
  if (grading.gradedAt)
    throw new AppError(
      'CONFLICT',
      'This card is graded; its photos cannot be changed. Upload the card again for a new grading.',
    );
  const front = files.front && (await normalizeImage(files.front.data, { format: 'jpg' }));
  const back = files.back && (await normalizeImage(files.back.data, { format: 'jpg' }));
  const thumb = front && (await normalizeImage(front, { maxSide: THUMB_SIDE, format: 'jpg' }));
  const stored: StoredImage[] = [];
  const save = async (data: Buffer | undefined) => {
    if (!data) return undefined;
    const image = await images.save(data, 'jpg');
    stored.push(image);
    return image;
  };
  try {
    const [frontImage, backImage, thumbImage] = [await save(front), await save(back), await save(thumb)];
    const { row, oldPaths } = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(cardGradings)
        .set({
          ...(frontImage ? { frontImagePath: frontImage.publicPath } : {}),
          ...(backImage ? { backImagePath: backImage.publicPath } : {}),
          ...(thumbImage ? { frontThumbPath: thumbImage.publicPath } : {}),
          rejection: null,
        })
        .where(and(eq(cardGradings.id, grading.id), isNull(cardGradings.gradedAt), noAnalysisRunning()))
        .returning();
      if (!updated)
        throw new AppError(
          'CONFLICT',
          'This card is being graded or was graded meanwhile; its photos cannot be changed now.',
        );
      const replaced = [...(frontImage ? ['front', 'front_thumbnail'] : []), ...(backImage ? ['back'] : [])];
      const old = await tx
        .delete(imageMetadata)
        .where(and(eq(imageMetadata.relatedCardId, grading.id), inArray(imageMetadata.imageType, replaced)))
        .returning({ filePath: imageMetadata.filePath });
      const records = (
        [
          [frontImage, files.front, 'front'],
          [backImage, files.back, 'back'],
          [thumbImage, files.front, 'front_thumbnail'],
        ] as const
      ).flatMap(([image, upload, imageType]) =>
        image && upload
          ? [
              {
                filename: image.filename,
                originalFilename: upload.filename.slice(0, 255),
                mimeType: image.mimeType,
                fileSize: image.size,
                uploadedBy: grading.userId,
                relatedCardId: grading.id,
                imageType,
                filePath: image.publicPath,
              },
            ]
          : [],
      );
      await tx.insert(imageMetadata).values(records);
      const oldPaths = new Set(old.map((r) => r.filePath));
      if (frontImage) [grading.frontImagePath, grading.frontThumbPath].forEach((p) => p && oldPaths.add(p));
      if (backImage) oldPaths.add(grading.backImagePath);
      return { row: updated, oldPaths };
    });
    for (const path of oldPaths) {
      await images
        .remove(path)
        .catch((error: unknown) =>
          log.error({ err: error, path, gradingId: grading.id }, 'could not remove a replaced photo'),
        );
    }
    return row;
  } catch (error) {
    await Promise.all(stored.map((image) => images.remove(image.publicPath)));
    throw error;
  }
}
