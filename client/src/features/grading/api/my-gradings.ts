import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardGrading } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { gradingKey } from './grading.ts';

export const myGradingsKey = ['/api/my/card-gradings'] as const;
export const fetchMyGradings = () => apiRequest<CardGrading[]>('GET', '/api/my/card-gradings');
export const useMyGradings = () => useQuery({ queryKey: myGradingsKey, queryFn: fetchMyGradings });

/** Deletes an upload that was never graded; the server refuses graded cards. */
export const deleteDraft = (id: number) => apiRequest<void>('DELETE', `/api/card-gradings/${id}`);

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: gradingKey(id) });
      return queryClient.invalidateQueries({ queryKey: myGradingsKey });
    },
  });
}
