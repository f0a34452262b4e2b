import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path.ts';

describe('returnPath', () => {
  it('returns to the page the person came from, with its query', () => {
    expect(returnPath({ from: '/portfolio' })).toBe('/portfolio');
    expect(returnPath({ from: '/?draft=12' })).toBe('/?draft=12');
  });

  it('goes home for anything that is not a path of this site, or for /auth itself', () => {
    for (const from of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/auth',
      '/auth?tab=register',
      42,
      undefined,
    ]) {
      expect(returnPath({ from })).toBe('/');
    }
    expect(returnPath(null)).toBe('/');
  });
});
