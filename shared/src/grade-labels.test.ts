import { describe, expect, it } from 'vitest';
import {
  adminBadgeTier,
  gradeColour,
  gradeWithHalfPoint,
  halfPointOf,
  overallLabel,
  professionalScaleLabel,
  starRating,
} from './grade-labels.ts';

describe('grade labels (docs/product.md section 9)', () => {
  it('names each overall band', () => {
    expect([10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(overallLabel)).toEqual([
      'Gem Mint',
      'Mint',
      'Near Mint-Mint',
      'Near Mint',
      'Excellent-Near Mint',
      'Excellent',
      'Very Good-Excellent',
      'Very Good',
      'Good',
      'Poor to Fair',
    ]);
  });

  it('gives the professional-scale label, with the 9.5 band', () => {
    expect(professionalScaleLabel(10)).toBe('Gem Mint (PSA 10 / BGS 10)');
    expect(professionalScaleLabel(9.5)).toBe('Gem Mint (PSA 10 / BGS 9.5)');
    expect(professionalScaleLabel(9)).toMatch(/^Mint/);
    expect(professionalScaleLabel(3.5)).toBe('Good or Below (PSA 1-3 / BGS 1-3)');
  });

  it('colours 9+ green down to below 5 red', () => {
    expect([9, 8, 7, 6, 5, 4.5].map(gradeColour)).toEqual(['green', 'blue', 'lightblue', 'yellow', 'orange', 'red']);
  });

  it('draws one star per 2 points and a half star for the rest', () => {
    expect(starRating(10)).toEqual({ full: 5, half: false });
    expect(starRating(9)).toEqual({ full: 4, half: true });
    expect(starRating(8)).toEqual({ full: 4, half: false });
    expect(starRating(1)).toEqual({ full: 0, half: true });
  });

  it('tiers admin badges at 9 and 7', () => {
    expect([9, 7, 6].map(adminBadgeTier)).toEqual(['default', 'secondary', 'destructive']);
  });
});

describe('half points beside whole grades', () => {
  const scores = { overall: 8.5, centering: null, corners: 8.5, edges: 9, surface: 7.5 };

  it('gives the measured half point when the whole grade is its lower whole number', () => {
    expect(halfPointOf(scores, false, 'overall', 8)).toBe(8.5);
    expect(halfPointOf(scores, false, 'surface', 7)).toBe(7.5);
    expect(gradeWithHalfPoint(8, 8.5, true)).toBe('8 (measured 8.5)');
  });

  it('gives none for a whole measurement, another grade, a correction, a missing score or an ungraded card', () => {
    expect(halfPointOf(scores, false, 'edges', 9)).toBeNull();
    expect(halfPointOf(scores, false, 'corners', 7)).toBeNull();
    expect(halfPointOf(scores, true, 'corners', 8)).toBeNull();
    expect(halfPointOf(scores, false, 'centering', null)).toBeNull();
    expect(halfPointOf(null, false, 'overall', 8)).toBeNull();
    expect(gradeWithHalfPoint(null, null, true)).toBe('Not measured');
    expect(gradeWithHalfPoint(null, null, false)).toBe('-');
  });
});
