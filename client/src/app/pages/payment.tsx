import { useEffect, useState } from 'react';
import { centsPerPoint, POINTS_PER_GRADING, type PointsPackage } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';
import { useMyPayments } from '@/features/payments/api/my-payments';
import { usePaymentAccounts } from '@/lib/payment-accounts';
import { PaymentDialog } from '@/features/payments/components/payment-dialog';
import { toast } from '@/lib/toast-store';
import { PageSpinner } from '../guards.tsx';
import { PageShell } from './page-shell.tsx';
import { usePageTitle } from '@/lib/page-title';

const STATUS_STYLE = {
  pending: 'bg-amber-100 text-amber-800',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
} as const;

export function PaymentPage() {
  usePageTitle('Buy Points');
  const { user } = useCurrentUser();
  const accounts = usePaymentAccounts();
  const payments = useMyPayments();
  const [selected, setSelected] = useState<PointsPackage | null>(null);
  useEffect(() => {
    if (accounts.isError)
      toast({
        title: 'Error loading payment details',
        description: 'Please try refreshing the page',
        variant: 'destructive',
      });
  }, [accounts.isError]);
  if (!user) return null;
  const packages = Object.entries(accounts.data?.packages ?? {}).map(([id, p]) => ({ id, ...p }));
  const purchasesSetUp = Object.keys(accounts.data?.accounts ?? {}).length > 0;
  return (
    <PageShell
      title="Purchase Points"
      description={`Points grade your cards at ${POINTS_PER_GRADING} points per card, and are added once your payment is confirmed.`}
    >
      {accounts.isLoading ? (
        <PageSpinner />
      ) : accounts.isSuccess && !purchasesSetUp ? (
        <p
          className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600"
          data-testid="purchases-not-set-up"
        >
          Buying points is not set up on this site yet: no payment account has been configured. Your balance is kept;
          check back later.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {packages.map((pkg) => (
            <li
              key={pkg.id}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              data-testid={`package-${pkg.id}`}
            >
              <p className="text-lg font-semibold text-slate-900">{pkg.name}</p>
              <p className="mt-2 text-3xl font-bold text-brand-700">{pkg.points} points</p>
              <p className="text-slate-600">${pkg.price.toFixed(2)}</p>
              <p className="text-xs text-slate-500">{centsPerPoint(pkg).toFixed(2)}¢ per point</p>
              <Button className="mt-4" onClick={() => setSelected(pkg)}>
                Select Package
              </Button>
            </li>
          ))}
        </ul>
      )}
      <section className="mt-10" aria-labelledby="my-payments-heading">
        <h2 id="my-payments-heading" className="text-xl font-semibold text-slate-900">
          Your payments
        </h2>
        {payments.data?.length ? (
          <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {payments.data.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm"
                data-testid="my-payment"
              >
                <span>
                  {p.pointsRequested} points · ${p.amount.toFixed(2)} via {p.paymentMethod} · ref {p.transactionId}
                </span>
                <span className="text-slate-500">{new Date(p.createdAt).toLocaleString()}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[p.status]}`}>
                  {p.status}
                </span>
                {p.notes && <span className="w-full text-xs text-slate-500">{p.notes}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No payments yet.</p>
        )}
      </section>
      {accounts.data && (
        <PaymentDialog
          pkg={selected}
          accounts={accounts.data.accounts}
          username={user.username}
          onClose={() => setSelected(null)}
        />
      )}
    </PageShell>
  );
}
