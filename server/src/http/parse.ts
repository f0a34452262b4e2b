import type { z } from 'zod';
import { AppError } from '../errors.ts';

/** Parses input with a shared schema; failures become one 400 with a message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'The request is not valid.';
  throw new AppError('VALIDATION', first, { fields });
}
