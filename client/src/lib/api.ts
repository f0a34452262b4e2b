import type { ErrorBody, FieldErrors } from '@gradelens/shared';

/** A failed call, with the spec's message 'status: text' and the server's code and fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly fields?: FieldErrors;
  readonly body?: ErrorBody;
  /** The server's own sentence, without the status prefix, for toasts and forms. */
  readonly serverMessage: string;

  constructor(status: number, text: string, body?: ErrorBody) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.fields = body?.fields;
    this.body = body;
    this.serverMessage = text;
  }
}

/** Turns a non-OK response into an ApiError (docs/product.md section 7: status, colon, space, text). */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const raw = await response.text();
  let body: ErrorBody | undefined;
  try {
    body = raw ? (JSON.parse(raw) as ErrorBody) : undefined;
  } catch {
    body = undefined;
  }
  const text = body?.message ?? (raw || response.statusText);
  throw new ApiError(response.status, text, body);
}

/** Every call sends the session cookie; a body is JSON unless it is FormData. */
export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined || isForm ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}

/** A GET that answers null on 401 instead of failing (docs/product.md: "empty on 401"). */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
