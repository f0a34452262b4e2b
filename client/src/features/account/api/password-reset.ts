import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordResponse, MessageResponse } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const requestReset = (email: string) =>
  apiRequest<ForgotPasswordResponse>('POST', '/api/forgot-password', { email });
export const resetPassword = (input: { token: string; password: string }) =>
  apiRequest<MessageResponse>('POST', '/api/reset-password', input);

export const useRequestReset = () => useMutation({ mutationFn: requestReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
