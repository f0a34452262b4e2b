import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdEarnings, AdPlacement } from '@gradelens/shared';
import { MyAdEarnings } from './ad-earnings.tsx';
import { SponsoredPlacement } from './sponsored-placement.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** fetch answering each address from a table (JSON), and recording what was asked. */
function stubFetch(answers: Record<string, unknown>) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const key = Object.keys(answers).find((k) => url.startsWith(k));
      const [status, body] = (key ? answers[key] : [404, { message: 'no' }]) as [number, unknown];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('a sponsored placement', () => {
  it('shows the page’s ad labelled Sponsored, linked through its click address', async () => {
    const placement: AdPlacement = {
      ad: {
        name: 'Sleeves Co',
        imageUrl: '/uploads/0123456789abcdef0123456789abcdef.webp',
        clickUrl: '/api/ads/click/9?sig=x',
      },
    };
    const calls = stubFetch({ '/api/ads/placement': [200, placement] });
    wrap(<SponsoredPlacement page="grading" gradingId={12} />);
    const aside = await screen.findByRole('complementary', { name: 'Sponsored' });
    expect(aside.textContent).toContain('Sponsored');
    const link = screen.getByRole('link', { name: /Sleeves Co/ });
    expect(link.getAttribute('href')).toBe('/api/ads/click/9?sig=x');
    expect(link.getAttribute('rel')).toBe('sponsored noopener');
    expect(calls.map((c) => c.url)).toEqual(['/api/ads/placement?page=grading&gradingId=12']);
  });

  it('shows nothing when the page has no ad, or the call fails', async () => {
    const calls = stubFetch({ '/api/ads/placement': [200, { ad: null }] });
    const { container } = wrap(<SponsoredPlacement page="gallery" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/ads/placement?page=gallery');
    expect(container.textContent).toBe('');
    cleanup();
    stubFetch({ '/api/ads/placement': [500, { message: 'down' }] });
    const failed = wrap(<SponsoredPlacement page="gallery" />);
    await new Promise((r) => setTimeout(r, 20));
    expect(failed.container.textContent).toBe('');
  });
});

const earnings: AdEarnings = {
  balance: '25.40',
  totalEarned: '40.40',
  pending: '0.00',
  paidOut: '15.00',
  impressions: 3,
  clicks: 1,
  months: [{ month: '2026-03', impressions: 3, clicks: 1, earned: '40.4062' }],
  gradings: [{ cardGradingId: 12, cardName: 'Charizard', impressions: 3, clicks: 1, earned: '40.4062' }],
  payouts: [
    {
      id: 4,
      amount: '15.00',
      paymentMethod: 'venmo',
      account: '@ash',
      status: 'rejected',
      paymentReference: null,
      note: 'That account does not exist',
      requestedAt: '2026-03-03T10:00:00Z',
      paidAt: null,
    },
  ],
  minimum: '10.00',
  ownerShare: '0.5',
  adsOptOut: false,
};

describe('the Earnings tab', () => {
  it('shows the balance, the months and gradings to the ten-thousandth, and the requests with their reason', async () => {
    stubFetch({ '/api/my/ad-earnings': [200, earnings] });
    wrap(<MyAdEarnings />);
    expect((await screen.findByTestId('earnings-balance')).textContent).toBe('$25.40');
    expect(screen.getByText(/You earn 50% of what each ad earns there/)).toBeTruthy();
    expect(screen.getByTestId('earnings-month').textContent).toContain('$40.4062');
    expect(screen.getByRole('link', { name: 'Charizard' }).getAttribute('href')).toBe('/card/12');
    expect(screen.getByTestId('my-payout').textContent).toContain('Not sent: That account does not exist');
    expect(screen.getByRole<HTMLInputElement>('switch').checked).toBe(true);
  });

  it('checks the payout against the minimum and the balance before sending it', async () => {
    const calls = stubFetch({
      '/api/my/ad-earnings': [200, earnings],
      '/api/my/ad-payouts': [201, { ...earnings.payouts[0], id: 5, status: 'pending', amount: '25.40', note: null }],
    });
    wrap(<MyAdEarnings />);
    const amount = await screen.findByLabelText('Amount ($)');
    expect((amount as HTMLInputElement).value).toBe('25.40');
    const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request payout' })));
    fireEvent.change(amount, { target: { value: '9.99' } });
    fireEvent.change(screen.getByLabelText('Your account'), { target: { value: '@ash-k' } });
    await submit();
    expect(await screen.findByText('Payouts start at $10.00. Ask for $10.00 or more.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '25.41' } });
    await submit();
    expect(await screen.findByText('You can ask for at most your balance of $25.40. Lower the amount.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '25.40' } });
    fireEvent.change(screen.getByLabelText('Pay me by'), { target: { value: 'cashapp' } });
    await submit();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/my/ad-payouts',
      body: { amount: '25.40', paymentMethod: 'cashapp', account: '@ash-k' },
    });
  });

  it('says when the balance is below the minimum instead of offering the form', async () => {
    stubFetch({ '/api/my/ad-earnings': [200, { ...earnings, balance: '4.20' }] });
    wrap(<MyAdEarnings />);
    expect(await screen.findByText('Payouts start at $10.00. Your balance is $4.20.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull();
  });
});
