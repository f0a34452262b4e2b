import { useQuery } from '@tanstack/react-query';
import type { CardGrading } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const myGradingsKey = ['/api/my/card-gradings'] as const;
export const fetchMyGradings = () => apiRequest<CardGrading[]>('GET', '/api/my/card-gradings');
export const useMyGradings = () => useQuery({ queryKey: myGradingsKey, queryFn: fetchMyGradings });
