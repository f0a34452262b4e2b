import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { useCart, useProducts } from '@/features/shop/api/shop';
import { ProductCard } from '@/features/shop/components/product-card';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/page-title';
import { cn } from '@/lib/utils';
import { PageShell } from './page-shell.tsx';

/** /shop: the products on sale, featured first, by category or words, paged. */
export function ShopPage() {
  usePageTitle('Shop');
  const { user } = useCurrentUser();
  const cart = useCart(Boolean(user));
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const products = useProducts({ q: q.trim(), category }, page);
  const count = cart.data?.items.reduce((n, item) => n + item.quantity, 0) ?? 0;
  const categories = products.data?.categories ?? [];
  return (
    <PageShell title="Shop" description="Sleeves, top loaders, storage and supplies for your graded and raw cards.">
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <Input
          type="search"
          aria-label="Search the shop"
          placeholder="Search products"
          className="max-w-xs"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        {user && (
          <Button asChild variant="outline" className="ml-auto">
            <Link to="/cart">
              <ShoppingCart /> Cart{count > 0 ? ` (${count})` : ''}
            </Link>
          </Button>
        )}
      </div>
      {categories.length > 0 && (
        <div className="mb-6 flex flex-wrap gap-2" role="group" aria-label="Categories">
          {['', ...categories].map((c) => (
            <button
              key={c || 'all'}
              type="button"
              aria-pressed={category === c}
              onClick={() => {
                setCategory(c);
                setPage(1);
              }}
              className={cn(
                'rounded-full border px-3 py-1 text-sm',
                category === c ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700' : 'border-slate-300',
              )}
            >
              {c || 'All'}
            </button>
          ))}
        </div>
      )}
      {products.isError ? (
        <LoadFailed what="the shop" onRetry={() => void products.refetch()} />
      ) : products.data && products.data.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {q || category ? 'No product matches. Try other words or another category.' : 'Nothing is for sale yet.'}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {(products.data?.items ?? []).map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </ul>
      )}
      {products.data && (
        <div className="mt-6">
          <Pager page={page} pageSize={products.data.pageSize} total={products.data.total} onPage={setPage} />
        </div>
      )}
    </PageShell>
  );
}
