import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { switchUser } from '@/lib/current-user';

export const login = (input: LoginInput) => apiRequest<CurrentUser>('POST', '/api/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => switchUser(queryClient, user),
  });
}
