import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody } from '@gradelens/shared';
import { AppError } from '../errors.ts';

/** One JSON shape for every error: { message, code, fields? } with the status of its code. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, code: error.code, ...error.extra };
      if (error.fields) body.fields = error.fields;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ message: 'Something went wrong on our side. Please try again in a moment.', code: 'INTERNAL' });
    }
    if (status === 413) {
      return reply.status(413).send({
        message: 'That file is larger than 20 MB. Send a smaller photo, for example a JPEG straight from the camera.',
        code: 'TOO_LARGE',
      });
    }
    if (status === 415) {
      return reply
        .status(415)
        .send({ message: 'Send the request as JSON (Content-Type: application/json).', code: 'UNSUPPORTED_MEDIA' });
    }
    return reply.status(status).send({
      message: status === 400 ? 'The request could not be read. Check that it is valid JSON.' : error.message,
      code: status === 400 ? 'VALIDATION' : error.code,
    });
  });
}
