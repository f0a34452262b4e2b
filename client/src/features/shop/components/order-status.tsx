import { ORDER_STATUS_LABELS, type OrderStatus } from '@gradelens/shared';
import { cn } from '@/lib/utils';

const STYLE: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  paid: 'bg-blue-100 text-blue-800',
  shipped: 'bg-indigo-100 text-indigo-800',
  delivered: 'bg-green-100 text-green-800',
  cancelled: 'bg-slate-200 text-slate-700',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STYLE[status])} data-testid="order-status">
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
