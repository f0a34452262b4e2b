import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@gradelens/shared';
import { getOrNullOn401 } from '@/lib/api';

export const currentUserKey = ['/api/user'] as const;

/** The signed-in user, or null for a guest (a 401 is not an error here). */
export const fetchCurrentUser = () => getOrNullOn401<CurrentUser>('/api/user');

export function useCurrentUser() {
  const query = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}

/**
 * After sign-in, registration or sign-out: the new current user, and nothing cached for the
 * previous one. The user query stays in place because the header observes it.
 */
export function switchUser(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
  queryClient.setQueryData(currentUserKey, user);
}
