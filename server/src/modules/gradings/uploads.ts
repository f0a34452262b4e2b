import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

export const BOTH_IMAGES_REQUIRED = 'Both front and back images are required';

/** Reads the front and back files of the upload form, draining every part. */
export async function readCardImages(request: FastifyRequest): Promise<{ front: UploadedFile; back: UploadedFile }> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', BOTH_IMAGES_REQUIRED);
  const files: Partial<Record<'frontImage' | 'backImage', UploadedFile>> = {};
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
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
  return { front: files.frontImage, back: files.backImage };
}

export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimeType: string;
}
