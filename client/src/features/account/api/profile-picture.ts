import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { currentUserKey } from '@/lib/current-user';

export function uploadProfilePicture(file: File) {
  const form = new FormData();
  form.append('profileImage', file);
  return apiRequest<CurrentUser>('POST', '/api/users/profile-picture', form);
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
