import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UpdateEmailInput } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { currentUserKey } from '@/lib/current-user';

export const updateEmail = (input: UpdateEmailInput) => apiRequest<CurrentUser>('PATCH', '/api/users/email', input);

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEmail, onSuccess: (user) => queryClient.setQueryData(currentUserKey, user) });
}
