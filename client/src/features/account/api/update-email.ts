import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { currentUserKey } from '@/features/auth/api/current-user';

export const updateEmail = (email: string) => apiRequest<CurrentUser>('PATCH', '/api/users/email', { email });

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEmail, onSuccess: (user) => queryClient.setQueryData(currentUserKey, user) });
}
