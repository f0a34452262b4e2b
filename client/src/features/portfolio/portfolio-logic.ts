import { PORTFOLIO_RECENT_COUNT, type GradingListItem } from '@gradelens/shared';

export type SortOrder = 'newest' | 'oldest' | 'grade' | 'name';
export const UNKNOWN_GAME = 'Unknown Game';
export const UNKNOWN_SET = 'Unknown Set';

/** Image paths are served as /uploads/ plus their last segment; a backslash separates too. */
export const imageUrl = (stored: string | null | undefined) =>
  stored ? `/uploads/${stored.split(/[\\/]/).pop() ?? ''}` : '';

export const gameOf = (c: GradingListItem) => c.gameBrand || UNKNOWN_GAME;
export const setOf = (c: GradingListItem) => c.cardSet || UNKNOWN_SET;
const round1 = (n: number) => Math.round(n * 10) / 10;

const byDate = (c: GradingListItem) => new Date(c.createdAt).getTime();
const newestFirst = (a: GradingListItem, b: GradingListItem) => byDate(b) - byDate(a) || b.id - a.id;

export function filterAndSort(
  cards: GradingListItem[],
  f: { search: string; game: string; set: string; sort: SortOrder },
): GradingListItem[] {
  const q = f.search.trim().toLowerCase();
  const out = cards.filter(
    (c) =>
      (!q ||
        [c.cardName, c.cardSet, c.gameBrand, c.cardNumber, String(c.id)].some((v) => v?.toLowerCase().includes(q))) &&
      (!f.game || gameOf(c) === f.game) &&
      (!f.set || setOf(c) === f.set),
  );
  const sorters: Record<SortOrder, (a: GradingListItem, b: GradingListItem) => number> = {
    newest: newestFirst,
    oldest: (a, b) => byDate(a) - byDate(b) || a.id - b.id,
    grade: (a, b) => (b.overallGrade ?? 0) - (a.overallGrade ?? 0) || byDate(b) - byDate(a),
    name: (a, b) => (a.cardName ?? '').localeCompare(b.cardName ?? '') || a.id - b.id,
  };
  return out.sort(sorters[f.sort]);
}

export const gamesOf = (cards: GradingListItem[]) => [...new Set(cards.map(gameOf))].sort();
/** Set options narrow to the chosen game. */
export const setsOf = (cards: GradingListItem[], game: string) =>
  [...new Set(cards.filter((c) => !game || gameOf(c) === game).map(setOf))].sort();

export interface GroupStats {
  count: number;
  averageGrade: number | null;
  topGrade: number | null;
}

function statsOf(cards: GradingListItem[]): GroupStats {
  const grades = cards.map((c) => c.overallGrade).filter((g): g is number => g !== null);
  return {
    count: cards.length,
    averageGrade: grades.length ? round1(grades.reduce((a, b) => a + b, 0) / grades.length) : null,
    topGrade: grades.length ? Math.max(...grades) : null,
  };
}

export function groupByGameAndSet(cards: GradingListItem[]) {
  return gamesOf(cards).map((game) => {
    const inGame = cards.filter((c) => gameOf(c) === game);
    return {
      game,
      ...statsOf(inGame),
      sets: setsOf(inGame, game).map((set) => {
        const inSet = inGame.filter((c) => setOf(c) === set);
        return { set, ...statsOf(inSet), thumbnails: inSet.slice(0, 4) };
      }),
    };
  });
}

export function portfolioStatistics(cards: GradingListItem[]) {
  const all = statsOf(cards);
  return {
    totalCards: all.count,
    averageGrade: all.averageGrade,
    highestGrade: all.topGrade,
    games: gamesOf(cards).length,
    perGame: gamesOf(cards).map((game) => ({ game, ...statsOf(cards.filter((c) => gameOf(c) === game)) })),
    recent: [...cards].sort(newestFirst).slice(0, PORTFOLIO_RECENT_COUNT),
  };
}
