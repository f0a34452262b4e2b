import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardGrading } from '@gradelens/shared';
import { GradingHistory } from './grading-history.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const card = (id: number, gradedAt: string | null): CardGrading => ({
  id,
  userId: 1,
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
  notes: null,
  gradingMethod: null,
  mlPowered: 0,
  shared: false,
  sharedAt: null,
  gradedAt,
  createdAt: '2025-01-01T00:00:00.000Z',
  annotatedFrontPath: null,
  annotatedBackPath: null,
  certificateNumber: null,
  centeringSetByOwner: false,
});

function serve(initial: CardGrading[]) {
  let cards = initial;
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (init?.method === 'DELETE') {
      cards = cards.filter((c) => url !== `/api/card-gradings/${c.id}`);
      return new Response(null, { status: 204 });
    }
    return new Response(JSON.stringify(cards), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

describe('the grading history', () => {
  it('offers Delete on ungraded uploads only, asks first, then deletes and refreshes the list', async () => {
    const calls = serve([card(1, null), card(2, '2025-01-02T00:00:00.000Z')]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <GradingHistory />
        </MemoryRouter>
      </QueryClientProvider>,
    );
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
});
