import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { CART_QUANTITY_MAX, formatDollars } from '@gradelens/shared';
import { Photo } from '@/components/photo';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { returnState } from '@/features/auth/return-path';
import { useAddToCart, useProduct } from '@/features/shop/api/shop';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/page-title';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { PageSpinner } from '../guards.tsx';

/** /shop/:id: one product, and adding it to the cart. */
export function ProductPage() {
  const id = Number(useParams().id);
  const product = useProduct(id);
  const { user } = useCurrentUser();
  const location = useLocation();
  const add = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  usePageTitle(product.data?.name ?? 'Product');
  if (product.isLoading) return <PageSpinner />;
  if (!product.data) {
    const missing = product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);
    return (
      <div className="mx-auto max-w-md px-4 py-24 text-center" role="alert">
        <h1 className="text-2xl font-bold text-slate-900">{missing ? 'Product not found' : 'Product not loaded'}</h1>
        <p className="mt-2 text-slate-600">
          {missing ? 'It may no longer be sold.' : `${messageOf(product.error)} Reload the page to try again.`}
        </p>
        <Button asChild className="mt-4">
          <Link to="/shop">Back to the shop</Link>
        </Button>
      </div>
    );
  }
  const p = product.data;
  const most = Math.min(p.stock, CART_QUANTITY_MAX);
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2">
      {p.imageUrl ? (
        <Photo src={p.imageUrl} alt={p.name} className="aspect-square w-full rounded-xl bg-slate-100 object-cover" />
      ) : (
        <div className="flex aspect-square items-center justify-center rounded-xl bg-slate-100 text-slate-500">
          No picture yet
        </div>
      )}
      <div className="space-y-4">
        <Link to="/shop" className="text-sm text-brand-700 hover:underline">
          ← Shop
        </Link>
        <h1 className="text-3xl font-bold text-slate-900">{p.name}</h1>
        <p className="text-2xl font-bold text-brand-700" data-testid="product-price">
          {formatDollars(p.price)}
        </p>
        {p.description && <p className="whitespace-pre-line text-slate-700">{p.description}</p>}
        <p className="text-sm text-slate-600">{p.stock > 0 ? `${p.stock} in stock` : 'Sold out'}</p>
        {!user ? (
          <Button asChild>
            <Link to="/auth" state={returnState(location)}>
              Sign in to buy
            </Link>
          </Button>
        ) : p.stock > 0 ? (
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate(
                { productId: p.id, quantity },
                {
                  onSuccess: () => toast({ title: 'Added to your cart', description: `${quantity} × ${p.name}` }),
                  onError: (error) =>
                    toast({ title: 'Not added', description: messageOf(error), variant: 'destructive' }),
                },
              );
            }}
          >
            <div className="space-y-1.5">
              <Label htmlFor="quantity">Quantity</Label>
              <Input
                id="quantity"
                type="number"
                min={1}
                max={most}
                className="w-24"
                value={quantity}
                onChange={(e) => setQuantity(Math.max(1, Math.min(most, Math.floor(Number(e.target.value) || 1))))}
              />
            </div>
            <Button type="submit" disabled={add.isPending}>
              Add to cart
            </Button>
            <Button asChild variant="outline">
              <Link to="/cart">View cart</Link>
            </Button>
          </form>
        ) : null}
      </div>
    </div>
  );
}
