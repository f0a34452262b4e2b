import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPage, Order, OrderPage, OrderStatus, Product, ProductCreateInput } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const ADMIN_SHOP_PAGE_SIZE = 20;

const adminProductsKey = ['/api/admin/products'] as const;
const adminOrdersKey = ['/api/admin/orders'] as const;

export const useAdminProducts = (q: string, page: number) =>
  useQuery({
    queryKey: [...adminProductsKey, q, page],
    queryFn: () =>
      apiRequest<AdminPage<Product>>(
        'GET',
        `/api/admin/products?${new URLSearchParams({ q, page: String(page), pageSize: String(ADMIN_SHOP_PAGE_SIZE) })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** What the product form sends: the fields as typed (the server parses the price). */
export type ProductFormValues = Omit<ProductCreateInput, 'price'> & { price: string };

function useProductMutation<V>(call: (vars: V) => Promise<Product>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminProductsKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/products'] });
    },
  });
}

export const useCreateProduct = () =>
  useProductMutation((values: ProductFormValues) => apiRequest<Product>('POST', '/api/admin/products', values));
export const useUpdateProduct = () =>
  useProductMutation(({ id, values }: { id: number; values: Partial<ProductFormValues> }) =>
    apiRequest<Product>('PATCH', `/api/admin/products/${id}`, values),
  );
export const useUploadProductImage = () =>
  useProductMutation(({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('image', file);
    return apiRequest<Product>('POST', `/api/admin/products/${id}/image`, form);
  });

export interface OrderFilters {
  status: OrderStatus | '';
  q: string;
}

export const useAdminOrders = (filters: OrderFilters, page: number) =>
  useQuery({
    queryKey: [...adminOrdersKey, filters, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_SHOP_PAGE_SIZE) });
      if (filters.status) params.set('status', filters.status);
      if (filters.q) params.set('q', filters.q);
      return apiRequest<OrderPage>('GET', `/api/admin/orders?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export type OrderAction =
  | { kind: 'confirm' }
  | { kind: 'reject'; reason: string }
  | { kind: 'move'; status: 'shipped' | 'delivered' | 'cancelled'; trackingNumber?: string; note?: string };

/** An admin's step on an order: confirm or reject its payment, or move it on. */
export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: OrderAction }) => {
      if (action.kind === 'confirm') return apiRequest<Order>('POST', `/api/admin/orders/${id}/payment/confirm`);
      if (action.kind === 'reject')
        return apiRequest<Order>('POST', `/api/admin/orders/${id}/payment/reject`, { reason: action.reason });
      const { kind: _kind, ...move } = action;
      return apiRequest<Order>('PATCH', `/api/admin/orders/${id}`, move);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
}
