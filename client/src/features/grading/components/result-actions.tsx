import { Download, History, RotateCcw, Share2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/features/toasts/toast-store';
import { messageOf } from '@/features/auth/components/server-errors';
import { useSetShared } from '../api/share.ts';

export const galleryUrl = (id: number) => `${window.location.origin}/gallery/${id}`;

export function ResultActions({ gradingId, onGradeAnother }: { gradingId: number | null; onGradeAnother: () => void }) {
  const navigate = useNavigate();
  const share = useSetShared();
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <h3 className="text-lg font-semibold text-slate-900">Additional Options</h3>
      <div className="mt-4 flex flex-wrap gap-3">
        {gradingId !== null && (
          <>
            <Button variant="outline" onClick={() => window.open(`/api/card-gradings/${gradingId}/label`, '_blank', 'noopener')}>
              <Download /> Download Report
            </Button>
            <Button
              variant="outline"
              disabled={share.isPending}
              onClick={() =>
                share.mutate(
                  { id: gradingId, shared: true },
                  {
                    onSuccess: async () => {
                      await navigator.clipboard?.writeText(galleryUrl(gradingId)).catch(() => undefined);
                      toast({ title: 'Shared to the gallery', description: `Link copied: ${galleryUrl(gradingId)}` });
                    },
                    onError: (error) => toast({ title: 'Sharing failed', description: messageOf(error), variant: 'destructive' }),
                  },
                )
              }
            >
              <Share2 /> Share Results
            </Button>
            <Button variant="outline" onClick={() => navigate('/profile')}>
              <History /> View History
            </Button>
          </>
        )}
        <Button onClick={onGradeAnother}>
          <RotateCcw /> Grade Another Card
        </Button>
      </div>
    </div>
  );
}
