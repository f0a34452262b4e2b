import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  apiRequest<MessageResponse>('POST', '/api/change-password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
