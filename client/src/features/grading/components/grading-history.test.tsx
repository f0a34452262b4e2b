import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GradingListItem } from '@gradelens/shared';
import { GradingHistory } from './grading-history.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const card = (id: number, gradedAt: string | null): GradingListItem => ({
  id,
  cardName: `Card ${id}`,
  cardSet: null,
  cardNumber: null,
  gameBrand: null,
  year: null,
  frontImagePath: `/uploads/${id}f.jpg`,
  backImagePath: `/uploads/${id}b.jpg`,
  frontThumbPath: null,
  cornerGrade: null,
  edgeGrade: null,
  surfaceGrade: null,
  centeringGrade: null,
  overallGrade: gradedAt ? 8 : null,
  gradingMethod: null,
  gradedAt,
  createdAt: '2025-01-01T00:00:00.000Z',
  rejection: null,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The list call as the server answers it: `perPage` cards a page, the cursor being the next one's index. */
function serve(initial: GradingListItem[], perPage = 24) {
  let cards = initial;
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (init?.method === 'DELETE') {
      cards = cards.filter((c) => url !== `/api/card-gradings/${c.id}`);
      return new Response(null, { status: 204 });
    }
    const from = Number(new URL(url, 'http://localhost').searchParams.get('cursor') ?? 0);
    const next = from + perPage < cards.length ? String(from + perPage) : null;
    return json({ items: cards.slice(from, from + perPage), nextCursor: next });
  });
  return calls;
}

const renderHistory = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <GradingHistory />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the grading history', () => {
  it('offers Delete on ungraded uploads only, asks first, then deletes and refreshes the list', async () => {
    const calls = serve([card(1, null), card(2, '2025-01-02T00:00:00.000Z')]);
    renderHistory();
    const items = await screen.findAllByTestId('history-card');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Card 1?' });
    expect(calls).not.toContain('DELETE /api/card-gradings/1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.getAllByTestId('history-card')).toHaveLength(1));
    expect(calls).toContain('DELETE /api/card-gradings/1');
    expect(screen.getByText('Card 2')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a page of cards and the next ones on Load More, until there are no more', async () => {
    const calls = serve(
      Array.from({ length: 5 }, (_, i) => card(i + 1, '2025-01-02T00:00:00.000Z')),
      2,
    );
    renderHistory();
    expect(await screen.findAllByTestId('history-card')).toHaveLength(2);
    expect(screen.getByText('The 2 newest card(s)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('history-card')).toHaveLength(4));
    expect(calls).toContain('GET /api/my/card-gradings?cursor=2');
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('history-card')).toHaveLength(5));
    expect(screen.getByText('5 card(s) graded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(
      screen.getAllByTestId('history-card').map((item) => within(item).getByText(/^Card \d$/).textContent),
    ).toEqual(['Card 1', 'Card 2', 'Card 3', 'Card 4', 'Card 5']);
  });
});
