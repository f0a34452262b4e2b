import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  AD_PAYOUT_STATUS_LABELS,
  formatDollars,
  formatRevenue,
  PAYMENT_METHODS,
  payoutFormSchema,
  toCents,
  type AdEarnings,
  type AdPayoutStatus,
  type PaymentMethod,
} from '@gradelens/shared';
import { Field } from '@/components/field';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cellClass as td, DataTable } from '@/components/ui/data-table';
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { applyServerFieldErrors, messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { cn } from '@/lib/utils';
import { useAdEarnings, useRequestPayout, useSetAdsOptOut, type PayoutFormValues } from '../api/earnings.ts';
import { NativeSelect } from '@/components/ui/select';

export const METHOD_NAMES: Record<PaymentMethod, string> = { venmo: 'Venmo', cashapp: 'Cash App', paypal: 'PayPal' };

const STATUS_STYLES: Record<AdPayoutStatus, string> = {
  pending: 'bg-amber-50 text-amber-800',
  paid: 'bg-green-50 text-green-800',
  rejected: 'bg-red-50 text-red-800',
};

export function PayoutStatusBadge({ status }: { status: AdPayoutStatus }) {
  return (
    <span
      data-testid="payout-status"
      className={cn('inline-block rounded px-2 py-0.5 text-xs font-semibold', STATUS_STYLES[status])}
    >
      {AD_PAYOUT_STATUS_LABELS[status]}
    </span>
  );
}

const percent = (share: string) => `${(Number(share) * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The profile's Earnings: what ads on the owner's shared gradings earned them, the opt-out, payouts. */
export function MyAdEarnings() {
  const query = useAdEarnings();
  if (query.isPending) return <p className="text-slate-500">Loading…</p>;
  if (query.isError) return <LoadFailed what="your earnings" onRetry={() => void query.refetch()} />;
  const earnings = query.data;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Ad earnings</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure label="Balance" value={formatDollars(earnings.balance)} testId="earnings-balance" strong />
            <Figure label="Earned" value={formatDollars(earnings.totalEarned)} testId="earnings-total" />
            <Figure label="Waiting" value={formatDollars(earnings.pending)} testId="earnings-pending" />
            <Figure label="Paid out" value={formatDollars(earnings.paidOut)} testId="earnings-paid" />
          </dl>
          <p className="text-sm text-slate-600">
            Sponsored placements are shown on the pages of your shared gradings. You earn {percent(earnings.ownerShare)}{' '}
            of what each ad earns there: {earnings.impressions} impression{earnings.impressions === 1 ? '' : 's'} and{' '}
            {earnings.clicks} click{earnings.clicks === 1 ? '' : 's'} so far. Payouts start at{' '}
            {formatDollars(earnings.minimum)}.
          </p>
          <OptOutSwitch optedOut={earnings.adsOptOut} />
        </CardContent>
      </Card>
      <PayoutCard earnings={earnings} />
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">By month</h2>
        {earnings.months.length === 0 ? (
          <p className="text-sm text-slate-600">No impressions yet: share a graded card to the gallery to start.</p>
        ) : (
          <DataTable headers={['Month', 'Impressions', 'Clicks', 'Earned']}>
            {earnings.months.map((m) => (
              <tr key={m.month} className="border-t border-slate-100" data-testid="earnings-month">
                <td className={td}>{monthName(m.month)}</td>
                <td className={td}>{m.impressions}</td>
                <td className={td}>{m.clicks}</td>
                <td className={td}>{formatRevenue(m.earned)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {earnings.gradings.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">By grading</h2>
          <DataTable headers={['Card', 'Impressions', 'Clicks', 'Earned']}>
            {earnings.gradings.map((g) => (
              <tr
                key={g.cardGradingId ?? 'deleted'}
                className="border-t border-slate-100"
                data-testid="earnings-grading"
              >
                <td className={td}>
                  {g.cardGradingId === null ? (
                    <span className="text-slate-500">A deleted grading</span>
                  ) : (
                    <Link to={`/card/${g.cardGradingId}`} className="font-medium text-brand-700 hover:underline">
                      {g.cardName ?? `Card #${g.cardGradingId}`}
                    </Link>
                  )}
                </td>
                <td className={td}>{g.impressions}</td>
                <td className={td}>{g.clicks}</td>
                <td className={td}>{formatRevenue(g.earned)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      )}
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">Payout requests</h2>
        {earnings.payouts.length === 0 ? (
          <p className="text-sm text-slate-600">No payout requested yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {earnings.payouts.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm"
                data-testid="my-payout"
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">
                    {formatDollars(p.amount)} to {METHOD_NAMES[p.paymentMethod]}{' '}
                    <span className="break-all">{p.account}</span>
                  </span>
                  <span className="block text-slate-600">
                    Asked {new Date(p.requestedAt).toLocaleDateString()}
                    {p.paidAt && ` · paid ${new Date(p.paidAt).toLocaleDateString()}`}
                    {p.paymentReference && ` · reference ${p.paymentReference}`}
                  </span>
                  {p.status === 'rejected' && p.note && (
                    <span className="block text-red-700">Not sent: {p.note}. The amount is back in your balance.</span>
                  )}
                </span>
                <PayoutStatusBadge status={p.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Figure({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={cn('font-semibold text-slate-900', strong ? 'text-2xl' : 'text-lg')} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function OptOutSwitch({ optedOut }: { optedOut: boolean }) {
  const setOptOut = useSetAdsOptOut();
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        role="switch"
        className="mt-0.5"
        checked={!optedOut}
        disabled={setOptOut.isPending}
        onChange={(e) =>
          setOptOut.mutate(!e.target.checked, {
            onSuccess: ({ adsOptOut }) =>
              toast({
                title: adsOptOut ? 'No more ads on your shared gradings' : 'Ads are shown on your shared gradings',
              }),
            onError: (error) =>
              toast({ title: 'Could not change the setting', description: messageOf(error), variant: 'destructive' }),
          })
        }
      />
      <span>
        Show sponsored placements on my shared gradings
        <span className="block text-xs text-slate-500">Turned off, your pages show no ads and earn nothing.</span>
      </span>
    </label>
  );
}

function PayoutCard({ earnings }: { earnings: AdEarnings }) {
  const waiting = earnings.payouts.find((p) => p.status === 'pending');
  const enough = toCents(earnings.balance) >= toCents(earnings.minimum);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Request a payout</CardTitle>
      </CardHeader>
      <CardContent>
        {waiting ? (
          <p className="text-sm text-slate-700" data-testid="payout-waiting">
            Your request of {formatDollars(waiting.amount)} to {METHOD_NAMES[waiting.paymentMethod]} is waiting. You can
            ask again once it is paid or rejected.
          </p>
        ) : !enough ? (
          <p className="text-sm text-slate-700">
            Payouts start at {formatDollars(earnings.minimum)}. Your balance is {formatDollars(earnings.balance)}.
          </p>
        ) : (
          <PayoutForm key={earnings.balance} minimum={earnings.minimum} balance={earnings.balance} />
        )}
      </CardContent>
    </Card>
  );
}

function PayoutForm({ minimum, balance }: { minimum: string; balance: string }) {
  const request = useRequestPayout();
  const form = useForm<PayoutFormValues>({
    resolver: zodResolver(payoutFormSchema(minimum, balance)) as never,
    defaultValues: { amount: balance, paymentMethod: 'venmo', account: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (payout) =>
        toast({ title: 'Payout requested', description: `${formatDollars(payout.amount)}: an admin will send it.` }),
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['amount', 'paymentMethod', 'account']);
        toast({ title: 'Payout not requested', description: messageOf(error), variant: 'destructive' });
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Request a payout" className="space-y-3">
      <p className="text-sm text-slate-600">
        Ask for {formatDollars(minimum)} up to your balance of {formatDollars(balance)}. An admin sends it to your
        account and you are mailed the reference.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          id="payout-amount"
          label="Amount ($)"
          inputMode="decimal"
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <div className="space-y-1.5">
          <Label htmlFor="payout-method">Pay me by</Label>
          <NativeSelect id="payout-method" className="w-full" {...form.register('paymentMethod')}>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {METHOD_NAMES[m]}
              </option>
            ))}
          </NativeSelect>
          <FormMessage id="payout-method-error" message={errors.paymentMethod?.message} />
        </div>
        <Field
          id="payout-account"
          label="Your account"
          placeholder="@you, $You or you@example.com"
          error={errors.account?.message}
          {...form.register('account')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Requesting...' : 'Request payout'}
        </Button>
      </div>
    </form>
  );
}
