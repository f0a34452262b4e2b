import { useQuery } from '@tanstack/react-query';
import type { CardGrading, GradeReport } from '@gradelens/shared';
import { ApiError, apiRequest } from '@/lib/api';

export type GradingDetails = CardGrading & { analysis?: GradeReport | null };

export const gradingKey = (id: number) => ['/api/card-gradings', id] as const;

/** One grading. On gallery pages a visitor's 401 or 404 is simply "nothing to show". */
export async function fetchGrading(id: number, gallery: boolean): Promise<GradingDetails | null> {
  try {
    return await apiRequest<GradingDetails>('GET', `/api/card-gradings/${id}`);
  } catch (error) {
    if (gallery && error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

export const useGrading = (id: number, gallery = false) =>
  useQuery({
    queryKey: [...gradingKey(id), gallery],
    queryFn: () => fetchGrading(id, gallery),
    enabled: Number.isInteger(id) && id > 0,
  });
