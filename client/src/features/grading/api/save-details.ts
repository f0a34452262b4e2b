import { useMutation } from '@tanstack/react-query';
import type { CardDetailsInput, CardGrading } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const saveDetails = ({ id, details }: { id: number; details: CardDetailsInput }) =>
  apiRequest<CardGrading>('PATCH', `/api/card-gradings/${id}/metadata`, details);

export const useSaveDetails = () => useMutation({ mutationFn: saveDetails });
