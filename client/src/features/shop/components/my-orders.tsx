import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '@gradelens/shared';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { useMyOrders } from '../api/shop.ts';
import { OrderStatusBadge } from './order-status.tsx';

/** The profile's order history, newest first. */
export function MyOrders() {
  const [page, setPage] = useState(1);
  const orders = useMyOrders(page);
  if (orders.isError) return <LoadFailed what="your orders" onRetry={() => void orders.refetch()} />;
  if (!orders.data) return <p className="p-4 text-sm text-slate-600">Loading your orders…</p>;
  if (orders.data.total === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        <p>No orders yet.</p>
        <Button asChild className="mt-4">
          <Link to="/shop">Visit the shop</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {orders.data.items.map((order) => (
          <li
            key={order.id}
            className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm"
            data-testid="my-order"
          >
            <Link to={`/orders/${order.id}`} className="font-semibold text-brand-700 hover:underline">
              Order #{order.id}
            </Link>
            <span className="text-slate-600">{new Date(order.createdAt).toLocaleDateString()}</span>
            <span className="text-slate-600">
              {order.items.reduce((n, line) => n + line.quantity, 0)} item(s) · {formatDollars(order.totalAmount)}
            </span>
            <OrderStatusBadge status={order.status} />
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={orders.data.pageSize} total={orders.data.total} onPage={setPage} />
    </div>
  );
}
