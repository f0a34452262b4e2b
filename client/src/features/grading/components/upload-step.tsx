import { Coins, Info } from 'lucide-react';
import { Link } from 'react-router';
import { POINTS_PER_GRADING, type CurrentUser } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import type { Side } from './camera-capture.tsx';
import { ImageSlot } from './image-slot.tsx';

export interface ImageSet {
  frontImage: File | null;
  backImage: File | null;
  frontImageUrl: string | null;
  backImageUrl: string | null;
}

export function UploadStep({
  user,
  points,
  images,
  uploading,
  onFile,
  onRemove,
  onCamera,
  onContinue,
}: {
  user: CurrentUser | null;
  points: number | undefined;
  images: ImageSet;
  uploading: boolean;
  onFile: (side: Side, file: File) => void;
  onRemove: (side: Side) => void;
  onCamera: (side: Side) => void;
  onContinue: () => void;
}) {
  return (
    <div className="space-y-6">
      {user ? (
        <div className="space-y-3">
          <div
            className="inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm text-amber-800"
            data-testid="points-badge"
          >
            <Coins className="size-4" aria-hidden /> {points ?? user.points} points · {POINTS_PER_GRADING} points per
            scan
          </div>
          {(points ?? user.points) < POINTS_PER_GRADING && (
            <div
              className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
              role="note"
              data-testid="points-short"
            >
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              <p>
                You have {points ?? user.points} points and a grading costs {POINTS_PER_GRADING}. You can upload and
                check your photos now, but you will need more points to grade them.{' '}
                <Link to="/payment" className="font-semibold underline">
                  Get points in the Point Bank
                </Link>
              </p>
            </div>
          )}
        </div>
      ) : (
        <div className="flex items-start gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <strong>Guest Mode:</strong> you can try the flow with demo grades that are not saved.{' '}
            <Link to="/auth" state={{ from: '/' }} className="font-semibold underline">
              Sign In
            </Link>{' '}
            to grade your card for real and keep your results.
          </p>
        </div>
      )}
      <div className="grid grid-cols-2 gap-4 sm:gap-8">
        {(['front', 'back'] as const).map((side) => (
          <ImageSlot
            key={side}
            side={side}
            previewUrl={side === 'front' ? images.frontImageUrl : images.backImageUrl}
            onFile={(file) => onFile(side, file)}
            onRemove={() => onRemove(side)}
            onCamera={() => onCamera(side)}
          />
        ))}
      </div>
      <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
        <p className="font-semibold text-slate-900">Photo tips</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>Line the card up with the blue guide.</li>
          <li>Use good, even lighting without glare.</li>
          <li>Lay the card on a sheet of white paper.</li>
          <li>Both sides are needed for a grade.</li>
        </ul>
      </div>
      <div className="flex justify-end">
        <Button onClick={onContinue} disabled={!images.frontImage || !images.backImage || uploading}>
          {uploading ? 'Uploading...' : 'Continue'}
        </Button>
      </div>
    </div>
  );
}
