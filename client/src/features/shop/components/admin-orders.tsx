import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars, ORDER_STATUS_LABELS, ORDER_STATUSES, type Order, type OrderStatus } from '@gradelens/shared';
import { LoadFailed } from '@/components/load-failed';
import { usePagedFilters } from '@/lib/paged-filters';
import { Button } from '@/components/ui/button';
import { cellClass as td, DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useAdminOrders, useOrderAction, type OrderAction, type OrderFilters } from '../api/admin.ts';
import { OrderStatusBadge } from './order-status.tsx';
import { NativeSelect } from '@/components/ui/select';

/** A step that needs words from the admin: the tracking number, a reason, a note to the buyer. */
type Asking = { order: Order; kind: 'ship' | 'reject' | 'cancel' };

/** The admin's Orders tab: by status, searched, paged; each order's next steps. */
export function AdminOrders() {
  const { filters, setFilter: filter, page, setPage } = usePagedFilters<OrderFilters>({ status: '', q: '' });
  const [asking, setAsking] = useState<Asking | null>(null);
  const orders = useAdminOrders({ status: filters.status, q: filters.q.trim() }, page);
  const action = useOrderAction();
  const run = (order: Order, step: OrderAction, done: string) =>
    action.mutate(
      { id: order.id, action: step },
      {
        onSuccess: () => {
          toast({ title: done });
          setAsking(null);
        },
        onError: (error) => toast({ title: 'Not changed', description: messageOf(error), variant: 'destructive' }),
      },
    );
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          aria-label="Search orders"
          placeholder="Order number, buyer name or email"
          className="max-w-xs"
          value={filters.q}
          onChange={(e) => filter({ q: e.target.value })}
        />
        <NativeSelect
          aria-label="Order status"
          value={filters.status}
          onChange={(e) => filter({ status: e.target.value as OrderStatus | '' })}
        >
          <option value="">Every status</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {orders.isError ? (
        <LoadFailed what="orders" onRetry={() => void orders.refetch()} />
      ) : (
        <DataTable headers={['Order', 'Buyer', 'Total', 'Status', 'Payment', 'Next']}>
          {(orders.data?.items ?? []).map((order) => (
            <tr key={order.id} className="border-t border-slate-100" data-testid={`order-row-${order.id}`}>
              <td className={td}>
                <Link to={`/orders/${order.id}`} className="font-medium text-brand-700 hover:underline">
                  #{order.id}
                </Link>
                <span className="block text-xs text-slate-500">{new Date(order.createdAt).toLocaleString()}</span>
              </td>
              <td className={`${td} break-all`}>
                {order.buyer?.username}
                <span className="block text-xs text-slate-500">{order.buyer?.email}</span>
              </td>
              <td className={td}>{formatDollars(order.totalAmount)}</td>
              <td className={td}>
                <OrderStatusBadge status={order.status} />
                {order.trackingNumber && <span className="block text-xs">Tracking {order.trackingNumber}</span>}
              </td>
              <td className={`${td} break-all`}>
                {order.payment
                  ? `${order.payment.method} ${order.payment.transactionId}`
                  : order.status === 'pending'
                    ? 'Not sent yet'
                    : '-'}
              </td>
              <td className={`${td} flex flex-wrap gap-2`}>
                {order.status === 'pending' && order.payment && (
                  <>
                    <Button
                      size="sm"
                      disabled={action.isPending}
                      onClick={() => run(order, { kind: 'confirm' }, 'Payment confirmed')}
                    >
                      Confirm payment
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setAsking({ order, kind: 'reject' })}>
                      Reject payment
                    </Button>
                  </>
                )}
                {order.status === 'paid' && (
                  <Button size="sm" onClick={() => setAsking({ order, kind: 'ship' })}>
                    Mark shipped
                  </Button>
                )}
                {order.status === 'shipped' && (
                  <Button
                    size="sm"
                    disabled={action.isPending}
                    onClick={() => run(order, { kind: 'move', status: 'delivered' }, 'Marked delivered')}
                  >
                    Mark delivered
                  </Button>
                )}
                {(order.status === 'pending' || order.status === 'paid') && (
                  <Button size="sm" variant="destructive" onClick={() => setAsking({ order, kind: 'cancel' })}>
                    Cancel
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {orders.data && orders.data.total === 0 && <p className="text-sm text-slate-600">No order matches.</p>}
      {orders.data && <Pager page={page} pageSize={orders.data.pageSize} total={orders.data.total} onPage={setPage} />}
      <AskDialog
        key={asking ? `${asking.order.id}-${asking.kind}` : 'none'}
        asking={asking}
        pending={action.isPending}
        onClose={() => setAsking(null)}
        onRun={run}
      />
    </div>
  );
}

const ASK = {
  ship: {
    title: 'Mark shipped',
    label: 'Tracking number',
    button: 'Mark shipped',
    help: 'The buyer is mailed the tracking number.',
  },
  reject: {
    title: 'Reject the payment',
    label: 'Reason',
    button: 'Reject payment',
    help: 'The buyer sees the reason and may send another payment.',
  },
  cancel: {
    title: 'Cancel the order',
    label: 'Note to the buyer (optional)',
    button: 'Cancel order',
    help: 'The stock is returned. Refund any payment yourself.',
  },
} as const;

function AskDialog({
  asking,
  pending,
  onClose,
  onRun,
}: {
  asking: Asking | null;
  pending: boolean;
  onClose: () => void;
  onRun: (order: Order, step: OrderAction, done: string) => void;
}) {
  const [text, setText] = useState('');
  const copy = asking ? ASK[asking.kind] : null;
  const needed = asking?.kind !== 'cancel';
  const submit = () => {
    if (!asking) return;
    const value = text.trim();
    if (asking.kind === 'ship')
      onRun(asking.order, { kind: 'move', status: 'shipped', trackingNumber: value }, 'Marked shipped');
    if (asking.kind === 'reject') onRun(asking.order, { kind: 'reject', reason: value }, 'Payment rejected');
    if (asking.kind === 'cancel')
      onRun(asking.order, { kind: 'move', status: 'cancelled', note: value || undefined }, 'Order cancelled');
  };
  return (
    <Dialog
      open={asking !== null}
      onOpenChange={(open) => {
        if (!open) {
          setText('');
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogTitle>
          {copy?.title} #{asking?.order.id}
        </DialogTitle>
        <DialogDescription>{copy?.help}</DialogDescription>
        <form
          noValidate
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Label htmlFor="order-step-text">{copy?.label}</Label>
          <Input id="order-step-text" value={text} onChange={(e) => setText(e.target.value)} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" disabled={pending || (needed && text.trim().length === 0)}>
              {copy?.button}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
