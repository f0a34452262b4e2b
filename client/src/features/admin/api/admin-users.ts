import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const adminUsersKey = ['/api/admin/users'] as const;
export const useAdminUsers = () =>
  useQuery({ queryKey: adminUsersKey, queryFn: () => apiRequest<AdminUser[]>('GET', '/api/admin/users') });
