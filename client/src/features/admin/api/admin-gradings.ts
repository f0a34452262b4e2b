import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardGrading, GalleryPage, GradeCorrectionEntry, GradeCorrectionInput } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export interface GradingFilters {
  grade?: string;
  cardName?: string;
  userId?: string;
  q?: string;
}

/** Rows per page on /admin's Grade Management and on /card-review. */
export const ADMIN_PAGE_SIZE = 25;

export const adminGradingsKey = (filters: GradingFilters, page: number) =>
  ['/api/admin/card-gradings', filters, page] as const;

export function fetchAdminGradings(filters: GradingFilters, page: number) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return apiRequest<GalleryPage>('GET', `/api/admin/card-gradings?${query}`);
}

export const useAdminGradings = (filters: GradingFilters, page: number) =>
  useQuery({
    queryKey: adminGradingsKey(filters, page),
    queryFn: () => fetchAdminGradings(filters, page),
    placeholderData: keepPreviousData,
  });

export const correctionsKey = (id: number) => ['/api/admin/card-gradings', id, 'corrections'] as const;
export const useCorrections = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: correctionsKey(id),
    queryFn: () => apiRequest<GradeCorrectionEntry[]>('GET', `/api/admin/card-gradings/${id}/corrections`),
    enabled,
  });

export const correctGrade = ({ id, correction }: { id: number; correction: GradeCorrectionInput }) =>
  apiRequest<CardGrading>('PATCH', `/api/admin/card-gradings/${id}/correct-grade`, correction);

export function useCorrectGrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctGrade,
    onSuccess: (grading) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/card-gradings'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/card-gradings', grading.id] });
      void queryClient.invalidateQueries({ queryKey: ['/api/my/card-gradings'] });
    },
  });
}
