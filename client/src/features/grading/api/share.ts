import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardGrading, GalleryPage } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { gradingKey } from './grading.ts';

export const galleryKey = (page: number) => ['/api/gallery', page] as const;
export const fetchGallery = (page: number) => apiRequest<GalleryPage>('GET', `/api/gallery?page=${page}&pageSize=24`);

export const setShared = ({ id, shared }: { id: number; shared: boolean }) =>
  apiRequest<CardGrading>('PATCH', `/api/card-gradings/${id}/share`, { shared });

export function useSetShared() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShared,
    onSuccess: (grading) => {
      void queryClient.invalidateQueries({ queryKey: gradingKey(grading.id) });
      void queryClient.invalidateQueries({ queryKey: ['/api/gallery'] });
    },
  });
}
