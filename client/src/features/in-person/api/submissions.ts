import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InPersonCreated,
  InPersonService,
  InPersonSubmission,
  InPersonSubmissionData,
  InPersonSummary,
} from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const servicesKey = ['/api/in-person-submissions/services'] as const;
export const mySubmissionsKey = ['/api/in-person-submissions'] as const;
export const submissionKey = (id: number) => ['/api/in-person-submissions', id] as const;

/** The services with this site's price per card, for the form's total before sending. */
export const useInPersonServices = () =>
  useQuery({
    queryKey: servicesKey,
    queryFn: () => apiRequest<InPersonService[]>('GET', '/api/in-person-submissions/services'),
  });

export const useMySubmissions = () =>
  useQuery({
    queryKey: mySubmissionsKey,
    queryFn: () => apiRequest<InPersonSummary[]>('GET', '/api/in-person-submissions'),
  });

/** One submission with its timeline; a 404 (not there, or not this user's) is an error, not a retry. */
export const useSubmission = (id: number) =>
  useQuery({
    queryKey: submissionKey(id),
    queryFn: () => apiRequest<InPersonSubmission>('GET', `/api/in-person-submissions/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export function useSubmitInPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: InPersonSubmissionData) =>
      apiRequest<InPersonCreated>('POST', '/api/in-person-submissions', form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySubmissionsKey }),
  });
}
