import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalyzeHints, CardGrading, GradeReport } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { ledgerKey } from '@/lib/query-keys';
import { currentUserKey } from '@/lib/current-user';
import { gradingKey } from './grading.ts';
import { myGradingsKey } from './my-gradings.ts';
import { pointsKey } from './points.ts';

export type AnalysisResult = CardGrading & {
  aiPowered: boolean;
  charged: number;
  balance: number;
  analysis: GradeReport | null;
};

/** Grades the card; `hints` are the corners (and frame lines) the owner set, per face. */
export const analyzeCard = ({ id, hints = {} }: { id: number; hints?: AnalyzeHints }) =>
  apiRequest<AnalysisResult>('POST', `/api/card-gradings/${id}/analyze`, hints);

export function useAnalyzeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeCard,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: gradingKey(result.id) });
      void queryClient.invalidateQueries({ queryKey: pointsKey });
      void queryClient.invalidateQueries({ queryKey: ledgerKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: myGradingsKey });
    },
  });
}
