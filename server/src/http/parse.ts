import { z } from 'zod';
import { AppError } from '../errors.ts';
import { nulRefused } from './security.ts';

/** Parses input with a shared schema; failures become one 400 with a message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (containsNul(input)) throw nulRefused();
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

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((inner) => containsNul(inner, depth + 1));
}

/** The largest id a PostgreSQL serial column holds: anything beyond is no row, and must not reach a query. */
export const MAX_ROW_ID = 2_147_483_647;

/** The `:id` of every route: one rule, so no handler sees an id the database would refuse. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: 'The id in the address must be a number, such as /card/12.' })
    .int({ error: 'The id in the address must be a whole number, such as /card/12.' })
    .positive({ error: 'The id in the address must be a number from 1 up, such as /card/12.' })
    .max(MAX_ROW_ID, { error: 'There is no item with that id: the id in the address is too large.' }),
});
