import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CardGrading,
  InPersonGradeInput,
  InPersonMoveInput,
  InPersonPage,
  InPersonStatus,
  InPersonSubmission,
} from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { mySubmissionsKey } from './submissions.ts';

export const adminSubmissionsKey = ['/api/admin/in-person-submissions'] as const;
export const ADMIN_SUBMISSIONS_PAGE_SIZE = 20;

/** One page of submissions, optionally of one status and matching a search. */
export const useAdminSubmissions = (filters: { status: InPersonStatus | ''; q: string }, page: number) =>
  useQuery({
    queryKey: [...adminSubmissionsKey, filters.status, filters.q, page],
    queryFn: () =>
      apiRequest<InPersonPage>(
        'GET',
        `/api/admin/in-person-submissions?${new URLSearchParams({
          page: String(page),
          pageSize: String(ADMIN_SUBMISSIONS_PAGE_SIZE),
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.q ? { q: filters.q } : {}),
        })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** What changed after a move or a grade: the lists and the submission's page. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminSubmissionsKey });
    void queryClient.invalidateQueries({ queryKey: mySubmissionsKey });
  };
}

export function useMoveSubmission() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...move }: InPersonMoveInput & { id: number }) =>
      apiRequest<InPersonSubmission>('PATCH', `/api/admin/in-person-submissions/${id}`, move),
    onSuccess: refresh,
  });
}

export function useGradeCard() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      id,
      index,
      grades,
      photos,
    }: {
      id: number;
      index: number;
      grades: InPersonGradeInput;
      photos: { front: File; back: File };
    }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(grades))
        if (value !== undefined && value !== null) form.append(name, String(value));
      form.append('frontImage', photos.front);
      form.append('backImage', photos.back);
      return apiRequest<CardGrading>('POST', `/api/admin/in-person-submissions/${id}/cards/${index}/grade`, form);
    },
    onSuccess: refresh,
  });
}
