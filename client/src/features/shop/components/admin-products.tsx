import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDollars, PHOTO_ACCEPT, productCreateSchema, type Product } from '@gradelens/shared';
import { Field } from '@/components/field';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { cellClass as td, DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import {
  useAdminProducts,
  useCreateProduct,
  useUpdateProduct,
  useUploadProductImage,
  type ProductFormValues,
} from '../api/admin.ts';

/** The admin's Products tab: every product, on sale or not, searched and paged; new and edit dialogs. */
export function AdminProducts() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const products = useAdminProducts(q.trim(), page);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          aria-label="Search products"
          placeholder="Search by name or id"
          className="max-w-xs"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <Button onClick={() => setEditing('new')}>New product</Button>
      </div>
      {products.isError ? (
        <LoadFailed what="products" onRetry={() => void products.refetch()} />
      ) : (
        <DataTable headers={['Product', 'Price', 'Stock', 'On sale', 'Featured', '']}>
          {(products.data?.items ?? []).map((p) => (
            <tr key={p.id} className="border-t border-slate-100" data-testid={`product-row-${p.id}`}>
              <td className={td}>
                <span className="font-medium text-slate-900">{p.name}</span>
                <span className="block text-xs text-slate-500">
                  ID: {p.id}
                  {p.category ? ` · ${p.category}` : ''}
                </span>
              </td>
              <td className={td}>{formatDollars(p.price)}</td>
              <td className={td}>{p.stock}</td>
              <td className={td}>{p.active ? 'Yes' : 'No'}</td>
              <td className={td}>{p.featured ? 'Yes' : 'No'}</td>
              <td className={td}>
                <Button size="sm" variant="outline" onClick={() => setEditing(p)}>
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {products.data && products.data.total === 0 && (
        <p className="text-sm text-slate-600">{q ? `No product matches “${q}”.` : 'No products yet.'}</p>
      )}
      {products.data && (
        <Pager page={page} pageSize={products.data.pageSize} total={products.data.total} onPage={setPage} />
      )}
      <ProductDialog product={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

const blank: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  category: '',
  stock: 0,
  featured: false,
  active: true,
};

function ProductDialog({ product, onClose }: { product: Product | 'new' | null; onClose: () => void }) {
  const open = product !== null;
  const existing = product && product !== 'new' ? product : null;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle>{existing ? `Edit ${existing.name}` : 'New product'}</DialogTitle>
        <DialogDescription>
          Prices in dollars and cents. A product not on sale is hidden from the shop and cannot be ordered.
        </DialogDescription>
        {open && <ProductForm key={existing?.id ?? 'new'} existing={existing} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ProductForm({ existing, onDone }: { existing: Product | null; onDone: () => void }) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const upload = useUploadProductImage();
  const [picture, setPicture] = useState<File | null>(null);
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productCreateSchema) as never,
    defaultValues: existing
      ? {
          name: existing.name,
          description: existing.description ?? '',
          price: existing.price,
          category: existing.category ?? '',
          stock: existing.stock,
          featured: existing.featured,
          active: existing.active,
        }
      : blank,
  });
  const { errors } = form.formState;
  const failed = (error: unknown) =>
    toast({ title: 'Product not saved', description: messageOf(error), variant: 'destructive' });
  const afterSave = (saved: Product) => {
    if (!picture) {
      toast({ title: 'Product saved' });
      onDone();
      return;
    }
    upload.mutate(
      { id: saved.id, file: picture },
      {
        onSuccess: () => {
          toast({ title: 'Product saved with its picture' });
          onDone();
        },
        onError: (error) =>
          toast({ title: 'Saved, but the picture was refused', description: messageOf(error), variant: 'destructive' }),
      },
    );
  };
  const busy = create.isPending || update.isPending || upload.isPending;
  return (
    <form
      noValidate
      className="mt-4 space-y-3"
      onSubmit={form.handleSubmit((values) =>
        existing
          ? update.mutate({ id: existing.id, values }, { onSuccess: afterSave, onError: failed })
          : create.mutate(values, { onSuccess: afterSave, onError: failed }),
      )}
    >
      <Field id="product-name" label="Name" error={errors.name?.message} {...form.register('name')} />
      <div className="space-y-1.5">
        <Label htmlFor="product-description">Description</Label>
        <textarea
          id="product-description"
          rows={3}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          {...form.register('description')}
        />
        <FormMessage id="product-description-error" message={errors.description?.message} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field
          id="product-price"
          label="Price ($)"
          inputMode="decimal"
          error={errors.price?.message}
          {...form.register('price')}
        />
        <Field
          id="product-stock"
          label="Stock"
          type="number"
          min={0}
          error={errors.stock?.message}
          {...form.register('stock', { valueAsNumber: true })}
        />
      </div>
      <Field id="product-category" label="Category" error={errors.category?.message} {...form.register('category')} />
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" {...form.register('active')} /> On sale
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" {...form.register('featured')} /> Featured
        </label>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="product-picture">{existing?.imageUrl ? 'Replace the picture' : 'Picture'}</Label>
        <input
          id="product-picture"
          type="file"
          accept={PHOTO_ACCEPT}
          className="block w-full text-sm"
          onChange={(e) => setPicture(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
