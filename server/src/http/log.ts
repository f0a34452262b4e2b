import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

type Inspectable = Error & { code?: unknown; query?: unknown; params?: unknown; cause?: unknown; constraint?: unknown };

/**
 * What a failure may write to the log: its kind, code, the SQL text of a failed query and where it
 * was thrown, never the values it carried. A failed query's parameters and a database error's
 * message hold emails, password hashes and tokens.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error) || depth > 3) return { type: typeof error };
  const e = error as Inspectable;
  const isQuery = typeof e.query === 'string' && 'params' in e;
  const isDatabase = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
  return {
    type: e.name,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    message: isQuery ? 'a database query failed' : isDatabase ? `database error ${String(e.code)}` : e.message,
    ...(isQuery ? { query: e.query } : {}),
    ...(isDatabase && typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    stack: (e.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
    ...(e.cause !== undefined ? { cause: loggableError(e.cause, depth + 1) } : {}),
  };
}

/** A request as logged: the path without its query string, which may carry a token. */
export function loggableRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    path: request.url.split('?')[0],
    remoteAddress: request.ip,
  };
}

/**
 * Every request in one line, when it is answered: where it went (loggableRequest: never the query
 * string), the status and the time. Fastify's default wrote two lines a request (received, then
 * answered), about a tenth of what an API read allocated (docs/decisions/0026).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
