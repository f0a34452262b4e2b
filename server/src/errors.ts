import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '@gradelens/shared';

/** An error the client may see: a code (mapped to a status in one table) and a sentence. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldErrors;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    details: { fields?: FieldErrors; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = details.fields;
    this.extra = details.extra;
    this.headers = details.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
export const forbidden = () => new AppError('FORBIDDEN', "You don't have permission to do that.");
export const notFound = (what = 'That item') => new AppError('NOT_FOUND', `${what} was not found.`);

/**
 * docs/product.md section 8's 402: the same sentence whether the check before grading or the charge
 * itself (when calls race) refused, with the numbers the Insufficient Points view needs.
 */
export function insufficientPoints(required: number, balance: number): AppError {
  const deficit = required - balance;
  return new AppError(
    'INSUFFICIENT_POINTS',
    `Grading costs ${required} points. You need ${deficit} more point${deficit === 1 ? '' : 's'}.`,
    {
      extra: { required, balance, deficit },
    },
  );
}
