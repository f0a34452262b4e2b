import { Download, History, RotateCcw, Share2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast-store';
import { messageOf } from '@/lib/server-errors';
import { copyWhenReady } from '@/lib/clipboard';
import { useSetShared } from '../api/share.ts';

export const galleryUrl = (id: number) => `${window.location.origin}/gallery/${id}`;

export function ResultActions({ gradingId, onGradeAnother }: { gradingId: number | null; onGradeAnother: () => void }) {
  const navigate = useNavigate();
  const share = useSetShared();
  const shareResults = async (id: number) => {
    const link = galleryUrl(id);
    const shared = share.mutateAsync({ id, shared: true });
    const copied = copyWhenReady(shared, link);
    try {
      await shared;
    } catch (error) {
      return toast({ title: 'Sharing failed', description: messageOf(error), variant: 'destructive' });
    }
    toast({
      title: 'Shared to the gallery',
      description: (await copied) ? `Link copied: ${link}` : `Copy this link to share it: ${link}`,
    });
  };
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <h3 className="text-lg font-semibold text-slate-900">Additional Options</h3>
      <div className="mt-4 flex flex-wrap gap-3">
        {gradingId !== null && (
          <>
            <Button
              variant="outline"
              onClick={() => window.open(`/api/card-gradings/${gradingId}/label`, '_blank', 'noopener')}
            >
              <Download /> Download Report
            </Button>
            <Button variant="outline" disabled={share.isPending} onClick={() => void shareResults(gradingId)}>
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
