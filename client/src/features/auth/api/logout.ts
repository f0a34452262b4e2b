import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { switchUser } from './current-user.ts';

export const logout = () => apiRequest<void>('POST', '/api/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => switchUser(queryClient, null),
  });
}
