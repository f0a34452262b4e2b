import { LoadFailed } from '@/components/load-failed';
import { useCart } from '@/features/shop/api/shop';
import { CartView } from '@/features/shop/components/cart-view';
import { usePageTitle } from '@/lib/page-title';
import { PageSpinner } from '../guards.tsx';
import { PageShell } from './page-shell.tsx';

/** /cart: the cart and the checkout. */
export function CartPage() {
  usePageTitle('Cart');
  const cart = useCart();
  return (
    <PageShell title="Your cart">
      {cart.isError ? (
        <LoadFailed what="your cart" onRetry={() => void cart.refetch()} />
      ) : cart.data ? (
        <CartView cart={cart.data} />
      ) : (
        <PageSpinner />
      )}
    </PageShell>
  );
}
