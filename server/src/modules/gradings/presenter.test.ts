import { describe, expect, it } from 'vitest';
import { publicImagePath } from './presenter.ts';

describe('publicImagePath', () => {
  it.each([
    ['/uploads/0123abcd.jpg', '/uploads/0123abcd.jpg'],
    ['uploads/0123abcd.jpg', '/uploads/0123abcd.jpg'],
    ['0123abcd.jpg', '/uploads/0123abcd.jpg'],
    ['C:\\data\\uploads\\0123abcd.jpg', '/uploads/0123abcd.jpg'],
    ['/srv/app/data/uploads/0123abcd.jpg', '/uploads/0123abcd.jpg'],
    ['/uploads/nested\\0123abcd.jpg', '/uploads/0123abcd.jpg'],
    ['/uploads/', '/uploads/'],
  ])('serves %s as %s: the last segment under /uploads/', (stored, served) => {
    expect(publicImagePath(stored)).toBe(served);
  });
});
