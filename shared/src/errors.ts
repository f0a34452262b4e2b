/**
 * Coded errors. The server throws AppError with a code; one table maps codes to HTTP
 * statuses; every error answer is JSON { message, code, fields? }.
 */

export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  INSUFFICIENT_POINTS: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  UNGRADABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BUSY: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  message: string;
  code?: string;
  fields?: FieldErrors;
  [extra: string]: unknown;
}
