import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api';

/** Puts the server's per-field messages (400 validation, 409 taken name) under the fields. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Path<T>[],
): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    if ((fields as string[]).includes(name)) setError(name as Path<T>, { type: 'server', message });
  }
}

export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : 'Something went wrong.';
