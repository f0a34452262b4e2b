import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart, Order, OrderPage, OrderPaymentInput, Product, ProductPage } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const SHOP_PAGE_SIZE = 24;

export interface ShopFilters {
  q: string;
  category: string;
}

const productsKey = ['/api/products'] as const;

/** One page of products on sale, featured first (the server orders them). */
export const useProducts = (filters: ShopFilters, page: number) =>
  useQuery({
    queryKey: [...productsKey, filters, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(SHOP_PAGE_SIZE) });
      if (filters.q) params.set('q', filters.q);
      if (filters.category) params.set('category', filters.category);
      return apiRequest<ProductPage>('GET', `/api/products?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export const useProduct = (id: number) =>
  useQuery({
    queryKey: [...productsKey, id],
    queryFn: () => apiRequest<Product>('GET', `/api/products/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export const cartKey = ['/api/cart'] as const;
export const useCart = (enabled = true) =>
  useQuery({ queryKey: cartKey, queryFn: () => apiRequest<Cart>('GET', '/api/cart'), enabled });

/** Every cart call answers the whole cart: it replaces the cached one. */
function useCartMutation<V>(call: (vars: V) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (cart) => queryClient.setQueryData(cartKey, cart),
  });
}

export const useAddToCart = () =>
  useCartMutation((vars: { productId: number; quantity: number }) => apiRequest<Cart>('POST', '/api/cart/items', vars));
export const useSetCartQuantity = () =>
  useCartMutation(({ id, quantity }: { id: number; quantity: number }) =>
    apiRequest<Cart>('PATCH', `/api/cart/items/${id}`, { quantity }),
  );
export const useRemoveCartItem = () =>
  useCartMutation((id: number) => apiRequest<Cart>('DELETE', `/api/cart/items/${id}`));

const ordersKey = ['/api/orders'] as const;
export const orderKey = (id: number) => [...ordersKey, id] as const;

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shippingAddress: string) => apiRequest<Order>('POST', '/api/orders', { shippingAddress }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(order.id), order);
      queryClient.setQueryData(cartKey, { items: [], total: '0.00', orderable: false } satisfies Cart);
      void queryClient.invalidateQueries({ queryKey: ordersKey, exact: false });
      // Stock changed: product pages read it again.
      void queryClient.invalidateQueries({ queryKey: productsKey });
    },
  });
}

export const useMyOrders = (page: number) =>
  useQuery({
    queryKey: [...ordersKey, 'page', page],
    queryFn: () => apiRequest<OrderPage>('GET', `/api/orders?page=${page}&pageSize=10`),
    placeholderData: keepPreviousData,
  });

export const useOrder = (id: number) =>
  useQuery({
    queryKey: orderKey(id),
    queryFn: () => apiRequest<Order>('GET', `/api/orders/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

/** Pay for or cancel an order: the answer is the order as it now is. */
function useOrderMutation<V>(id: number, call: (vars: V) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(id), order);
      void queryClient.invalidateQueries({ queryKey: [...ordersKey, 'page'] });
    },
  });
}

export const usePayOrder = (id: number) =>
  useOrderMutation(id, (input: OrderPaymentInput) => apiRequest<Order>('POST', `/api/orders/${id}/payment`, input));
export const useCancelOrder = (id: number) =>
  useOrderMutation(id, () => apiRequest<Order>('POST', `/api/orders/${id}/cancel`));
