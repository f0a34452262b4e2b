import { zodResolver } from '@hookform/resolvers/zod';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { formatDollars, orderCreateSchema, type Cart } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { usePlaceOrder, useRemoveCartItem, useSetCartQuantity } from '../api/shop.ts';

/** The cart's lines with their quantities and problems, the total, and the checkout form. */
export function CartView({ cart }: { cart: Cart }) {
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveCartItem();
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: messageOf(error), variant: 'destructive' });
  if (cart.items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        <p>Your cart is empty.</p>
        <Button asChild className="mt-4">
          <Link to="/shop">Browse the shop</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_360px]">
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Cart">
        {cart.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-3 p-4" data-testid="cart-line">
            <div className="min-w-0 flex-1 basis-full sm:basis-0">
              <Link to={`/shop/${item.productId}`} className="font-semibold text-slate-900 hover:underline">
                {item.name}
              </Link>
              <p className="text-sm text-slate-600">{formatDollars(item.unitPrice)} each</p>
              {item.problemText && (
                <p className="text-sm font-medium text-red-700" role="alert">
                  {item.problemText}
                </p>
              )}
            </div>
            <div className="flex items-center gap-1">
              <Button
                variant="outline"
                size="sm"
                aria-label={`One fewer ${item.name}`}
                disabled={item.quantity <= 1 || setQuantity.isPending}
                onClick={() =>
                  setQuantity.mutate(
                    { id: item.id, quantity: item.quantity - 1 },
                    { onError: failed('Could not change the quantity') },
                  )
                }
              >
                <Minus />
              </Button>
              <span className="w-8 text-center tabular-nums" aria-label={`Quantity of ${item.name}`}>
                {item.quantity}
              </span>
              <Button
                variant="outline"
                size="sm"
                aria-label={`One more ${item.name}`}
                disabled={item.quantity >= item.stock || setQuantity.isPending}
                onClick={() =>
                  setQuantity.mutate(
                    { id: item.id, quantity: item.quantity + 1 },
                    { onError: failed('Could not change the quantity') },
                  )
                }
              >
                <Plus />
              </Button>
            </div>
            <p className="ml-auto w-20 text-right font-semibold tabular-nums">{formatDollars(item.lineTotal)}</p>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${item.name}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(item.id, { onError: failed('Could not remove it') })}
            >
              <Trash2 />
            </Button>
          </li>
        ))}
      </ul>
      <Checkout cart={cart} />
    </div>
  );
}

function Checkout({ cart }: { cart: Cart }) {
  const place = usePlaceOrder();
  const navigate = useNavigate();
  const form = useForm<{ shippingAddress: string }>({
    resolver: zodResolver(orderCreateSchema),
    defaultValues: { shippingAddress: '' },
  });
  const error = form.formState.errors.shippingAddress?.message;
  return (
    <form
      className="space-y-4 self-start rounded-xl border border-slate-200 bg-white p-6"
      noValidate
      onSubmit={form.handleSubmit(({ shippingAddress }) =>
        place.mutate(shippingAddress, {
          onSuccess: (order) => {
            toast({ title: `Order #${order.id} placed`, description: 'Pay for it to have it shipped.' });
            void navigate(`/orders/${order.id}`);
          },
          onError: (e) => toast({ title: 'Order failed', description: messageOf(e), variant: 'destructive' }),
        }),
      )}
    >
      <p className="flex justify-between text-lg font-semibold text-slate-900">
        <span>Total</span>
        <span data-testid="cart-total">{formatDollars(cart.total)}</span>
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="shipping-address">Shipping address</Label>
        <textarea
          id="shipping-address"
          rows={4}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          placeholder={'Name\nStreet and number\nCity, state and zip code\nCountry'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'shipping-address-error' : undefined}
          {...form.register('shippingAddress')}
        />
        <FormMessage id="shipping-address-error" message={error} />
      </div>
      {!cart.orderable && <p className="text-sm text-red-700">Fix the lines marked above to check out.</p>}
      <Button type="submit" className="w-full" disabled={!cart.orderable || place.isPending}>
        {place.isPending ? 'Placing the order...' : 'Place order'}
      </Button>
      <p className="text-xs text-slate-500">
        You pay after placing the order, by one of the payment apps shown on its page. We ship once the payment is
        confirmed.
      </p>
    </form>
  );
}
