import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const pointsKey = ['/api/user/points'] as const;
export const fetchPoints = () => apiRequest<{ points: number }>('GET', '/api/user/points');
export const usePoints = (enabled: boolean) =>
  useQuery({ queryKey: pointsKey, queryFn: fetchPoints, enabled, retry: false });
