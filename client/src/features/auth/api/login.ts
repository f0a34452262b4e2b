import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { currentUserKey } from './current-user.ts';

export const login = (input: LoginInput) => apiRequest<CurrentUser>('POST', '/api/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}
