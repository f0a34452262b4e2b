import { useQuery } from '@tanstack/react-query';
import type { PaymentAccountsResponse } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const paymentAccountsKey = ['/api/payment/accounts'] as const;
export const usePaymentAccounts = () =>
  useQuery({
    queryKey: paymentAccountsKey,
    queryFn: () => apiRequest<PaymentAccountsResponse>('GET', '/api/payment/accounts'),
  });
