import { describe, expect, it } from 'vitest';
import { toGrade } from './edit-grade-dialog.tsx';

describe('grade inputs of the correction dialog', () => {
  it('keep whole numbers from 1 to 10 and fall back to 1 otherwise', () => {
    expect(['7', '10', '1'].map(toGrade)).toEqual([7, 10, 1]);
    expect(['0', '11', '7.5', '', 'abc', '-3'].map(toGrade)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
