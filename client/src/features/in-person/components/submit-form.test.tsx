import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, InPersonService } from '@gradelens/shared';
import { SubmitForm } from './submit-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const services: InPersonService[] = [
  { id: 'standard', name: 'Standard', pricePerCard: '19.99' },
  { id: 'express', name: 'Express', pricePerCard: '50.00' },
  { id: 'premium', name: 'Premium', pricePerCard: '100.00' },
];
const user: CurrentUser = {
  id: 7,
  username: 'ash',
  email: 'ash@example.test',
  isAdmin: false,
  points: 20,
  createdAt: '2026-01-01T00:00:00Z',
};

function renderForm(who: CurrentUser | null = null) {
  const onSent = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SubmitForm user={who} services={services} onSent={onSent} />
    </QueryClientProvider>,
  );
  return { onSent, total: () => screen.getByTestId('live-total').textContent };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the in-person submission form', () => {
  it('prefills a signed-in user’s name and email, and nothing for a guest', () => {
    renderForm(user);
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('ash');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ash@example.test');
    cleanup();
    renderForm();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
  });

  it('grows and shrinks the card list row by row, with the total in exact cents', async () => {
    const form = renderForm();
    expect(form.total()).toBe('1 card × $19.99 = $19.99');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove card 1' }).disabled).toBe(true);
    for (let i = 0; i < 2; i += 1)
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add another card' })));
    expect(screen.getAllByTestId('card-row')).toHaveLength(3);
    expect(form.total()).toBe('3 cards × $19.99 = $59.97');
    await act(async () => fireEvent.click(screen.getByLabelText(/Express/)));
    expect(form.total()).toBe('3 cards × $50.00 = $150.00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove card 2' })));
    expect(screen.getAllByTestId('card-row')).toHaveLength(2);
    expect(form.total()).toBe('2 cards × $50.00 = $100.00');
  });

  it('shows the product’s messages under the fields and sends nothing while they stand', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const form = renderForm();
    type('Phone', '555');
    type('Zip code', '12');
    type('Estimated value ($)', '0.5');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send submission' })));
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Please enter a valid zip code')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter the card name')).toBeTruthy();
    expect(screen.getByText('Estimated value must be at least $1')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(form.onSent).not.toHaveBeenCalled();
  });

  it('sends the parsed form and hands over the server’s answer', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ id: 41, status: 'pending', totalCards: 1, totalCost: '19.99' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const form = renderForm(user);
    type('Full name', ' Ash Ketchum ');
    type('Phone', '555-123-4567');
    type('Street address', '1 Pallet Road');
    type('City', 'Pallet');
    type('State', 'KS');
    type('Zip code', '66002');
    type('Card name', 'Charizard');
    type('Game or brand', 'Pokemon');
    type('Estimated value ($)', '300');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send submission' })));
    await waitFor(() => expect(form.onSent).toHaveBeenCalled());
    expect(form.onSent).toHaveBeenCalledWith(
      { id: 41, status: 'pending', totalCards: 1, totalCost: '19.99' },
      'ash@example.test',
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/in-person-submissions');
    expect(JSON.parse(String(init.body))).toEqual({
      customerName: 'Ash Ketchum',
      email: 'ash@example.test',
      phone: '555-123-4567',
      address: '1 Pallet Road',
      city: 'Pallet',
      state: 'KS',
      zipCode: '66002',
      cardList: [{ cardName: 'Charizard', cardSet: null, gameBrand: 'Pokemon', estimatedValue: '300.00' }],
      serviceType: 'standard',
      submissionNotes: null,
    });
  });
});
