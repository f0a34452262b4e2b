import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManualPaymentInput, ManualPaymentResponse, MyPayment } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const myPaymentsKey = ['/api/my/manual-payments'] as const;
export const useMyPayments = () =>
  useQuery({ queryKey: myPaymentsKey, queryFn: () => apiRequest<MyPayment[]>('GET', '/api/my/manual-payments') });

export const submitPayment = (input: ManualPaymentInput) =>
  apiRequest<ManualPaymentResponse>('POST', '/api/manual-payment', input);

export function useSubmitPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myPaymentsKey }),
  });
}
