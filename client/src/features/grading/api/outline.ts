import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyzeHints, CardGrading, CenteringLines, Detection } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { gradingKey } from './grading.ts';
import { myGradingsKey } from './my-gradings.ts';

/** The card finder on both stored photos: free, before paying. */
export const detectOutline = (id: number) => apiRequest<Detection>('POST', `/api/card-gradings/${id}/detect`, {});
export const useDetectOutline = () => useMutation({ mutationFn: detectOutline });

export interface Progress {
  stage: 'queued' | 'decode' | 'find' | 'measure' | 'report' | 'done' | null;
  graded: boolean;
  rejection: CardGrading['rejection'];
}

/** Where the running analysis is, asked every 300 ms while `running`. */
export const useAnalysisProgress = (id: number | null, running: boolean) =>
  useQuery({
    queryKey: ['/api/card-gradings', id, 'progress'],
    queryFn: () => apiRequest<Progress>('GET', `/api/card-gradings/${id}/progress`),
    enabled: running && id !== null,
    refetchInterval: running ? 300 : false,
    gcTime: 0,
  });

/** New photos in place of a draft's (a retake), keeping its details. */
export function useRetakePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, face, file }: { id: number; face: 'front' | 'back'; file: File }) => {
      const form = new FormData();
      form.append(face === 'front' ? 'frontImage' : 'backImage', file);
      return apiRequest<CardGrading>('POST', `/api/card-gradings/${id}/photos`, form);
    },
    onSuccess: (grading) => {
      void queryClient.invalidateQueries({ queryKey: gradingKey(grading.id) });
      void queryClient.invalidateQueries({ queryKey: myGradingsKey });
    },
  });
}

/** The owner's frame lines after grading: centering and the overall grade re-read, free. */
export function useSetCentering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lines }: { id: number; lines: CenteringLines }) =>
      apiRequest<CardGrading>('PATCH', `/api/card-gradings/${id}/centering`, lines),
    onSuccess: (grading) => {
      void queryClient.invalidateQueries({ queryKey: gradingKey(grading.id) });
      void queryClient.invalidateQueries({ queryKey: myGradingsKey });
    },
  });
}

export function useCertificatePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, showPhoto }: { id: number; showPhoto: boolean }) =>
      apiRequest<CardGrading>('PATCH', `/api/card-gradings/${id}/certificate`, { showPhoto }),
    onSuccess: (grading) => void queryClient.invalidateQueries({ queryKey: gradingKey(grading.id) }),
  });
}

export type { AnalyzeHints };
