/** The middle value (the upper of the two middles for an even count); NaN for none: no value is not zero. */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** The value a share q (0 to 1) of the values lie below (the nearer rank); NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  if (!values.length) return Number.NaN;
  // A typed array sorts numbers natively, several times faster than a comparator over an array's copy.
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}
