import { formatDollars, type Order } from '@gradelens/shared';
import { PaymentMethodForm } from '@/components/payment-method-form';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';
import { usePaymentAccounts } from '@/lib/payment-accounts';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useCancelOrder, usePayOrder } from '../api/shop.ts';
import { OrderStatusBadge } from './order-status.tsx';

const when = (iso: string) => new Date(iso).toLocaleString();

/** An order as its buyer sees it: lines, payment (to send, waiting, or refused), tracking and its steps. */
export function OrderView({ order }: { order: Order }) {
  const { user } = useCurrentUser();
  const cancel = useCancelOrder(order.id);
  const ownOrder = user !== null && (order.buyer === undefined || order.buyer.id === user.id);
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_380px]">
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <span className="text-sm text-slate-600">Placed {when(order.createdAt)}</span>
        </div>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Items">
          {order.items.map((line) => (
            <li key={line.productId} className="flex justify-between gap-3 p-4 text-sm" data-testid="order-line">
              <span>
                {line.quantity} × {line.name} <span className="text-slate-500">at {formatDollars(line.unitPrice)}</span>
              </span>
              <span className="font-semibold tabular-nums">{formatDollars(line.lineTotal)}</span>
            </li>
          ))}
          <li className="flex justify-between p-4 font-semibold">
            <span>Total</span>
            <span data-testid="order-total">{formatDollars(order.totalAmount)}</span>
          </li>
        </ul>
        <section aria-labelledby="ship-to" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <h2 id="ship-to" className="font-semibold text-slate-900">
            Ship to
          </h2>
          <p className="mt-1 whitespace-pre-line text-slate-700">{order.shippingAddress}</p>
          {order.trackingNumber && (
            <p className="mt-3">
              Tracking number: <strong data-testid="tracking-number">{order.trackingNumber}</strong>
            </p>
          )}
        </section>
        {order.timeline && order.timeline.length > 0 && (
          <section aria-labelledby="order-steps">
            <h2 id="order-steps" className="font-semibold text-slate-900">
              Steps
            </h2>
            <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4 text-sm" data-testid="order-timeline">
              {order.timeline.map((event, i) => (
                <li key={i}>
                  <span className="font-medium text-slate-900">{event.note ?? event.to}</span>{' '}
                  <span className="text-slate-500">{when(event.at)}</span>
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
      <aside className="space-y-4 self-start">
        {order.status === 'pending' && ownOrder && <Payment order={order} username={user.username} />}
        {order.status === 'pending' && ownOrder && (
          <Button
            variant="outline"
            className="w-full"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => toast({ title: `Order #${order.id} cancelled` }),
                onError: (e) => toast({ title: 'Could not cancel', description: messageOf(e), variant: 'destructive' }),
              })
            }
          >
            Cancel this order
          </Button>
        )}
      </aside>
    </div>
  );
}

function Payment({ order, username }: { order: Order; username: string }) {
  const accounts = usePaymentAccounts();
  const pay = usePayOrder(order.id);
  if (order.payment) {
    return (
      <div
        className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900"
        data-testid="payment-waiting"
      >
        We have your {order.payment.method} payment reference <strong>{order.payment.transactionId}</strong> and will
        confirm it once the money has arrived. We ship after that.
      </div>
    );
  }
  const configured = accounts.data?.accounts ?? {};
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-slate-900">Pay for this order</h2>
      {order.paymentNote && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert" data-testid="payment-note">
          Your last payment was not confirmed: {order.paymentNote}
        </p>
      )}
      {accounts.isError ? (
        <p className="text-sm text-red-700">The payment details could not be loaded. Reload the page to try again.</p>
      ) : accounts.isSuccess && Object.keys(configured).length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="purchases-not-set-up">
          Paying for orders is not set up on this site yet: no payment account has been configured. Your order is kept;
          check back later.
        </p>
      ) : accounts.isSuccess ? (
        <PaymentMethodForm
          accounts={configured}
          amount={formatDollars(order.totalAmount)}
          username={username}
          afterwards="The order ships once an admin has confirmed the payment."
          submitLabel="Send payment reference"
          pending={pay.isPending}
          onSubmit={(values) =>
            pay.mutate(values, {
              onSuccess: () => toast({ title: 'Payment reference sent', description: 'We will confirm it shortly.' }),
              onError: (e) => toast({ title: 'Payment not sent', description: messageOf(e), variant: 'destructive' }),
            })
          }
        />
      ) : null}
    </div>
  );
}
