import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentDialog } from './payment-dialog.tsx';

afterEach(cleanup);

function openDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PaymentDialog
        pkg={{ id: 'basic', name: 'Basic', points: 100, price: 5 }}
        accounts={{ venmo: '@shop', cashapp: '$shop', paypal: 'shop@example.test' }}
        username="collector"
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
  const type = (value: string) =>
    fireEvent.change(screen.getByLabelText('3. Payment ID or reference'), { target: { value } });
  return {
    type,
    recorded: () => screen.getByTestId('recorded-reference').textContent,
    submit: () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Payment' }),
  };
}

describe('the payment dialog', () => {
  it('shows the reference as it will be recorded while it is typed', () => {
    const dialog = openDialog();
    dialog.type('ab-12\u200B cd');
    expect(dialog.recorded()).toBe('Recorded as: AB12CD');
    expect(dialog.submit().disabled).toBe(false);
  });

  it('says what to type, and does not submit, when a letter only looks Latin', () => {
    const dialog = openDialog();
    dialog.type('\u0422X42');
    expect(dialog.recorded()).toBe('Use only the letters A-Z and digits 0-9 of the reference your payment app shows');
    expect(dialog.submit().disabled).toBe(true);
    dialog.type(' - ');
    expect(dialog.submit().disabled).toBe(true);
  });
});
