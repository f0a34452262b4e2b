import { describe, expect, it } from 'vitest';
import { PORTFOLIO_RECENT_COUNT, type GradingListItem } from '@gradelens/shared';
import { filterAndSort, groupByGameAndSet, imageUrl, portfolioStatistics, setsOf } from './portfolio-logic.ts';

let next = 1;
const card = (over: Partial<GradingListItem>): GradingListItem => ({
  id: next++,
  cardName: 'X',
  cardSet: 'S',
  cardNumber: null,
  gameBrand: 'Pokemon',
  year: null,
  frontImagePath: '/uploads/a.jpg',
  backImagePath: '/uploads/b.jpg',
  frontThumbPath: null,
  cornerGrade: 8,
  edgeGrade: 8,
  surfaceGrade: 8,
  centeringGrade: 8,
  overallGrade: 8,
  gradingMethod: null,
  gradedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  rejection: null,
  ...over,
});

const cards = [
  card({
    cardName: 'Charizard',
    cardSet: 'Base Set',
    gameBrand: 'Pokemon',
    overallGrade: 9,
    createdAt: '2026-03-01T00:00:00Z',
  }),
  card({
    cardName: 'Blastoise',
    cardSet: 'Base Set',
    gameBrand: 'Pokemon',
    overallGrade: 7,
    createdAt: '2026-02-01T00:00:00Z',
  }),
  card({
    cardName: 'Pikachu',
    cardSet: 'Jungle',
    gameBrand: 'Pokemon',
    overallGrade: 8,
    createdAt: '2026-04-01T00:00:00Z',
  }),
  card({
    cardName: 'Black Lotus',
    cardSet: 'Alpha',
    gameBrand: 'Magic',
    overallGrade: 6,
    createdAt: '2026-01-01T00:00:00Z',
  }),
  card({ cardName: 'Mystery', cardSet: null, gameBrand: null, overallGrade: null, createdAt: '2025-12-01T00:00:00Z' }),
];

describe('portfolio figures', () => {
  it('sorts four ways and filters by search, game and set', () => {
    const base = { search: '', game: '', set: '' };
    expect(filterAndSort(cards, { ...base, sort: 'newest' })[0]?.cardName).toBe('Pikachu');
    expect(filterAndSort(cards, { ...base, sort: 'oldest' })[0]?.cardName).toBe('Mystery');
    expect(filterAndSort(cards, { ...base, sort: 'grade' }).map((c) => c.overallGrade)).toEqual([9, 8, 7, 6, null]);
    expect(filterAndSort(cards, { ...base, sort: 'name' })[0]?.cardName).toBe('Black Lotus');
    expect(
      filterAndSort(cards, { ...base, game: 'Pokemon', set: 'Base Set', sort: 'name' }).map((c) => c.cardName),
    ).toEqual(['Blastoise', 'Charizard']);
    expect(filterAndSort(cards, { ...base, search: 'lotus', sort: 'name' })).toHaveLength(1);
  });

  it('narrows the set options to the chosen game and names missing values', () => {
    expect(setsOf(cards, 'Pokemon')).toEqual(['Base Set', 'Jungle']);
    expect(setsOf(cards, '')).toContain('Unknown Set');
    expect(groupByGameAndSet(cards).map((g) => g.game)).toEqual(['Magic', 'Pokemon', 'Unknown Game']);
  });

  it('averages to one decimal per set and over the portfolio', () => {
    const pokemon = groupByGameAndSet(cards).find((g) => g.game === 'Pokemon')!;
    expect(pokemon.sets.find((s) => s.set === 'Base Set')).toMatchObject({ count: 2, averageGrade: 8 });
    const stats = portfolioStatistics(cards);
    expect(stats).toMatchObject({ totalCards: 5, averageGrade: 7.5, highestGrade: 9, games: 3 });
    expect(stats.perGame.find((g) => g.game === 'Pokemon')).toMatchObject({ count: 3, averageGrade: 8, topGrade: 9 });
    expect(stats.recent.map((c) => c.cardName)).toEqual([
      'Pikachu',
      'Charizard',
      'Blastoise',
      'Black Lotus',
      'Mystery',
    ]);
  });

  it('keeps the five latest cards as recent activity, the later grading first on the same instant', () => {
    const same = '2026-05-01T00:00:00Z';
    const first = card({ cardName: 'First', createdAt: same });
    const second = card({ cardName: 'Second', createdAt: same });
    const recent = portfolioStatistics([first, ...cards, second]).recent;
    expect(recent).toHaveLength(PORTFOLIO_RECENT_COUNT);
    expect(recent.map((c) => c.cardName)).toEqual(['Second', 'First', 'Pikachu', 'Charizard', 'Blastoise']);
  });

  it('shows images from /uploads by their last path segment, backslashes included', () => {
    expect(imageUrl('C:\\uploads\\x\\front.jpg')).toBe('/uploads/front.jpg');
    expect(imageUrl('/var/data/uploads/abc.jpg')).toBe('/uploads/abc.jpg');
  });
});
