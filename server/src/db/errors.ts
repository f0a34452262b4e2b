/**
 * True when a unique index refused a write. Drizzle wraps the driver's error (the PostgreSQL
 * code sits on `.cause`), so the chain of causes is walked.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
