import type { Location } from 'react-router';

/** What /auth is sent with so that signing in returns there: the page the person was on. */
export const returnState = (location: Pick<Location, 'pathname' | 'search'>) => ({
  from: `${location.pathname}${location.search}`,
});

/**
 * Where to go after signing in or up: the page the person came from, if it is a path of this
 * site (one leading slash, not /auth itself); otherwise home. Anything else (another site,
 * `//evil.example`) is ignored, so the state cannot send anyone away.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (/^\/auth(\/|\?|$)/i.test(from)) return '/';
  return from;
}
