import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_REJECTION_NOTE, type AdminPage, type PendingPayment } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { ADMIN_PAGE_SIZE, adminUsersKey } from './admin-users.ts';

export const pendingPaymentsKey = ['/api/admin/manual-payments/pending'] as const;
export const usePendingPayments = (page: number) =>
  useQuery({
    queryKey: [...pendingPaymentsKey, page],
    queryFn: () =>
      apiRequest<AdminPage<PendingPayment>>(
        'GET',
        `/api/admin/manual-payments/pending?page=${page}&pageSize=${ADMIN_PAGE_SIZE}`,
      ),
    placeholderData: keepPreviousData,
  });

export function useDecidePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, notes }: { id: number; decision: 'approve' | 'reject'; notes?: string }) =>
      apiRequest<unknown>(
        'POST',
        `/api/admin/manual-payments/${id}/${decision}`,
        decision === 'reject' ? { notes: notes ?? DEFAULT_REJECTION_NOTE } : undefined,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pendingPaymentsKey });
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
}
