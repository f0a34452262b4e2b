import { describe, expect, it } from 'vitest';
import { adminBadgeTier, gradeColour, overallLabel, professionalScaleLabel, starRating } from './grade-labels.ts';

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
