import { useQuery } from '@tanstack/react-query';
import type { AdPlacement, AdPlacementQuery } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

/** The ad a public page shows; asking records its impression, so it is asked once per page shown. */
export const usePlacement = (query: AdPlacementQuery) =>
  useQuery({
    queryKey: ['/api/ads/placement', query.page, query.page === 'grading' ? query.gradingId : null],
    queryFn: () => {
      const params = new URLSearchParams({ page: query.page });
      if (query.page === 'grading') params.set('gradingId', String(query.gradingId));
      return apiRequest<AdPlacement>('GET', `/api/ads/placement?${params}`);
    },
  });
