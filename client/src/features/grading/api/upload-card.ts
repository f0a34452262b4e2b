import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export function uploadCard(images: { front: File; back: File }) {
  const form = new FormData();
  form.append('frontImage', images.front);
  form.append('backImage', images.back);
  return apiRequest<{ id: number }>('POST', '/api/card-gradings/upload', form);
}

export const useUploadCard = () => useMutation({ mutationFn: uploadCard });
