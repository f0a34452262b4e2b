import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MY_GRADINGS_MAX_PAGE_SIZE, type GradingListItem, type GradingListPage } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { gradingKey } from './grading.ts';

/** Every query of the user's cards starts with this key: invalidating it refreshes the history and the portfolio. */
export const myGradingsKey = ['/api/my/card-gradings'] as const;

/** One page, newest first; pass the page before's nextCursor for the next. */
export const fetchMyGradingsPage = (cursor?: string | null, limit?: number) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  if (limit) query.set('limit', String(limit));
  const search = query.toString();
  return apiRequest<GradingListPage>('GET', `/api/my/card-gradings${search ? `?${search}` : ''}`);
};

/** The history: a page at a time, the next one when the user asks for more. */
export const useMyGradingPages = () =>
  useInfiniteQuery({
    queryKey: [...myGradingsKey, 'pages'],
    queryFn: ({ pageParam }) => fetchMyGradingsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** Every card, page after page: the portfolio's filters, groups and statistics cover the whole collection. */
export async function fetchAllMyGradings(): Promise<GradingListItem[]> {
  const all: GradingListItem[] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchMyGradingsPage(cursor, MY_GRADINGS_MAX_PAGE_SIZE);
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

export const useAllMyGradings = () => useQuery({ queryKey: [...myGradingsKey, 'all'], queryFn: fetchAllMyGradings });

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
