import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPage, AdminUser, PointsAdjustment } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { ledgerKey } from '@/lib/query-keys';

export const adminUsersKey = ['/api/admin/users'] as const;
export const ADMIN_PAGE_SIZE = 25;

/** One page of users, optionally those whose name or email holds `q`. */
export const useAdminUsers = (page: number, q: string) =>
  useQuery({
    queryKey: [...adminUsersKey, page, q],
    queryFn: () =>
      apiRequest<AdminPage<AdminUser>>(
        'GET',
        `/api/admin/users?${new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PAGE_SIZE), ...(q ? { q } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** Adds or removes points for a user, with the reason the user sees. */
export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...change }: PointsAdjustment & { userId: number }) =>
      apiRequest<{ userId: number; points: number }>('POST', `/api/admin/users/${userId}/points`, change),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
      void queryClient.invalidateQueries({ queryKey: ledgerKey });
    },
  });
}
