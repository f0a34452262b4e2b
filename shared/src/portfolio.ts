import { z } from 'zod';

/**
 * POST /api/portfolio/download. The body may name cards (any objects with an id, as the
 * portfolio page holds them); the server keeps only the signed-in user's own gradings.
 */
export const portfolioDownloadSchema = z.object({
  cards: z
    .array(z.looseObject({ id: z.coerce.number().int().positive() }), { error: 'cards must be a list of gradings' })
    .max(10_000)
    .optional(),
  userName: z.string().max(100).optional(),
});

export interface PortfolioSummary {
  totalCards: number;
  averageGrade: number | null;
  highestGrade: number | null;
  games: number;
}

/** Count, average (one decimal), top grade and number of games over graded cards. */
export function summarizePortfolio(
  cards: { overallGrade: number | null; gameBrand: string | null }[],
): PortfolioSummary {
  const grades = cards.map((c) => c.overallGrade).filter((g): g is number => g !== null);
  const average = grades.length ? Math.round((grades.reduce((a, b) => a + b, 0) / grades.length) * 10) / 10 : null;
  return {
    totalCards: cards.length,
    averageGrade: average,
    highestGrade: grades.length ? Math.max(...grades) : null,
    games: new Set(cards.map((c) => c.gameBrand || 'Unknown Game')).size,
  };
}

/** Averages always show one decimal, 8.0 rather than 8 (docs/product.md sections 3 and 9). */
export const formatAverageGrade = (average: number | null): string => (average === null ? 'N/A' : average.toFixed(1));
