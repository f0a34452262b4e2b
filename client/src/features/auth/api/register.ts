import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, RegisterInput } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { switchUser } from '@/lib/current-user';

export const register = (input: RegisterInput) => apiRequest<CurrentUser>('POST', '/api/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => switchUser(queryClient, user),
  });
}
