import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

export const BOTH_IMAGES_REQUIRED = 'Both front and back images are required';

/** Reads the front and back files of the upload form, draining every part. */
export async function readCardImages(request: FastifyRequest): Promise<{ front: UploadedFile; back: UploadedFile }> {
  const { front, back } = await readCardForm(request, BOTH_IMAGES_REQUIRED);
  return { front, back };
}

/**
 * A multipart form with a front and a back photo (frontImage, backImage) and text fields, every
 * part drained; `notMultipart` is the refusal of a body that is not multipart.
 */
export async function readCardForm(
  request: FastifyRequest,
  notMultipart: string,
): Promise<{ fields: Record<string, string>; front: UploadedFile; back: UploadedFile }> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', notMultipart);
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

export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimeType: string;
}
