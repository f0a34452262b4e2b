import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useOrder } from '@/features/shop/api/shop';
import { OrderView } from '@/features/shop/components/order-view';
import { ApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/page-title';
import { messageOf } from '@/lib/server-errors';
import { PageSpinner } from '../guards.tsx';
import { PageShell } from './page-shell.tsx';

/** /orders/:id: one order, for its buyer (and admins). */
export function OrderPage() {
  const id = Number(useParams().id);
  usePageTitle(`Order #${id}`);
  const order = useOrder(id);
  if (order.isLoading) return <PageSpinner />;
  if (!order.data) {
    const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return (
      <div className="mx-auto max-w-md px-4 py-24 text-center" role="alert">
        <h1 className="text-2xl font-bold text-slate-900">{missing ? 'Order not found' : 'Order not loaded'}</h1>
        <p className="mt-2 text-slate-600">
          {missing
            ? 'There is no order with that number in your account.'
            : `${messageOf(order.error)} Reload to try again.`}
        </p>
        <Button asChild className="mt-4">
          <Link to="/profile">Your orders</Link>
        </Button>
      </div>
    );
  }
  return (
    <PageShell title={`Order #${order.data.id}`}>
      <OrderView order={order.data} />
    </PageShell>
  );
}
