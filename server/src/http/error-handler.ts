import type { FastifyError, FastifyInstance } from 'fastify';
import { JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, type ErrorBody } from '@gradelens/shared';
import { AppError } from '../errors.ts';
import { loggableError } from './log.ts';

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

/** Fastify's and the multipart plugin's refusals, each with the limit it actually applies. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'TOO_LARGE',
    message: `That request is larger than ${megabytes(JSON_BODY_MAX_BYTES)}, the limit for a JSON body. Send less data; photos go as multipart/form-data uploads.`,
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'TOO_LARGE',
    message: `That file is larger than ${megabytes(UPLOAD_MAX_BYTES)}. Send a smaller photo, for example a JPEG straight from the camera.`,
  },
  FST_FILES_LIMIT: {
    status: 413,
    code: 'TOO_LARGE',
    message: `Send at most ${UPLOAD_MAX_FILES} files in one upload: the front and the back of the card.`,
  },
  FST_PARTS_LIMIT: {
    status: 413,
    code: 'TOO_LARGE',
    message: 'That upload has too many parts. Send only the form’s own fields and files.',
  },
  FST_FIELDS_LIMIT: {
    status: 413,
    code: 'TOO_LARGE',
    message: 'That upload has too many fields. Send only the form’s own fields and files.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA',
    message: 'Send the request body as JSON (Content-Type: application/json), or files as multipart/form-data.',
  },
};

/** One JSON shape for every error: { message, code, fields? } with the status of its code. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, code: error.code, ...error.extra };
      if (error.fields) body.fields = error.fields;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body);
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message, code: known.code });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ error: loggableError(error) }, 'request failed');
      return reply
        .status(500)
        .send({ message: 'Something went wrong on our side. Please try again in a moment.', code: 'INTERNAL' });
    }
    if (status === 413) {
      return reply.status(413).send({ message: 'That request is too large. Send less data.', code: 'TOO_LARGE' });
    }
    return reply.status(status).send({
      message: status === 400 ? 'The request could not be read. Check that it is valid JSON.' : error.message,
      code: status === 400 ? 'VALIDATION' : error.code,
    });
  });
}
