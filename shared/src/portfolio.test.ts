import { describe, expect, it } from 'vitest';
import { formatAverageGrade, summarizePortfolio } from './portfolio.ts';

describe('portfolio averages', () => {
  it('round to one decimal and always show it', () => {
    const summary = summarizePortfolio([
      { overallGrade: 8, gameBrand: 'Pokemon' },
      { overallGrade: 8, gameBrand: null },
    ]);
    expect(summary).toMatchObject({ totalCards: 2, averageGrade: 8, highestGrade: 8, games: 2 });
    expect(formatAverageGrade(summary.averageGrade)).toBe('8.0');
    expect(formatAverageGrade(7.45)).toBe('7.5');
    expect(formatAverageGrade(null)).toBe('N/A');
  });
});
