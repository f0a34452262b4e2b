import { Link } from 'react-router';
import { formatDollars, type Product } from '@gradelens/shared';
import { Photo } from '@/components/photo';

/** A product in the shop's grid: picture, name, price and whether it can be had. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="product-card">
      <Link to={`/shop/${product.id}`} className="block focus-visible:ring-2 focus-visible:ring-brand-500">
        {product.imageUrl ? (
          <Photo src={product.imageUrl} alt={product.name} className="aspect-square w-full bg-slate-100 object-cover" />
        ) : (
          <div className="flex aspect-square items-center justify-center bg-slate-100 p-4 text-center text-sm text-slate-500">
            No picture yet
          </div>
        )}
        <div className="space-y-1 p-3">
          {product.featured && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Featured</span>
          )}
          <p className="line-clamp-2 font-semibold text-slate-900">{product.name}</p>
          <p className="text-brand-700 font-bold">{formatDollars(product.price)}</p>
          <p className="text-xs text-slate-500">{product.stock > 0 ? `${product.stock} in stock` : 'Sold out'}</p>
        </div>
      </Link>
    </li>
  );
}
