import { AlertTriangle, MousePointer2 } from 'lucide-react';
import { RETAKE_ONLY, type CardGrading, type Detection, type Face, type Quad } from '@gradelens/shared';
import { Photo } from '@/components/photo';
import { Button } from '@/components/ui/button';
import { OutlineEditor } from './outline-editor.tsx';
import { RetakeButton } from './outline-check.tsx';

export type Rejection = NonNullable<CardGrading['rejection']>;

/**
 * Why the engine stopped, on the photos it stopped at: the outline it took the card to be where
 * it found one, the sentence that says what to do, and the ways on. Nothing was charged, and
 * the photos and details are kept.
 */
export function RejectionView({
  rejection,
  photos,
  sizes,
  onRetake,
  retaking,
  onPlace,
}: {
  rejection: Rejection;
  photos: Record<Face, string>;
  sizes: Detection['imageSize'] | null;
  onRetake: (face: Face, file: File) => void;
  retaking: Face | null;
  onPlace: () => void;
}) {
  // Placing the corners cannot help where the photo itself must be retaken.
  const canPlace = !(RETAKE_ONLY as readonly string[]).includes(rejection.code);
  return (
    <section className="space-y-5" aria-labelledby="rejection-heading" data-testid="rejection">
      <div className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="space-y-1">
          <h3 id="rejection-heading" className="font-semibold">
            We could not grade these photos
          </h3>
          <p className="text-sm">{rejection.message}</p>
          <p className="text-sm">
            No points were taken. Your photos and card details are kept: retake a photo
            {canPlace ? ', or place the card’s corners yourself' : ''}.
          </p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['front', 'back'] as const).map((face) => {
          const outline = rejection.outline?.[face] as Quad | undefined;
          const size = sizes?.[face];
          return (
            <figure key={face} className="space-y-2">
              {size && size.width > 0 ? (
                <OutlineEditor
                  src={photos[face]}
                  size={size}
                  corners={outline ?? null}
                  faceName={face === 'front' ? 'Front' : 'Back'}
                  className="w-full"
                />
              ) : (
                <Photo
                  src={photos[face]}
                  alt={`${face} photo`}
                  className="aspect-[3/4] w-full rounded-lg bg-slate-100"
                />
              )}
              <figcaption className="text-xs text-slate-600">
                {face === 'front' ? 'Front' : 'Back'}
                {rejection.face === face ? ': the engine stopped at this photo.' : ''}
                {outline
                  ? ' The green outline is where it took the card to be.'
                  : rejection.face === face
                    ? ' It found no card outline it could use.'
                    : ''}
              </figcaption>
            </figure>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-3">
        <RetakeButton face="front" onFile={(file) => onRetake('front', file)} busy={retaking === 'front'} />
        <RetakeButton face="back" onFile={(file) => onRetake('back', file)} busy={retaking === 'back'} />
        {canPlace && (
          <Button type="button" onClick={onPlace}>
            <MousePointer2 aria-hidden /> Place the corners myself
          </Button>
        )}
      </div>
    </section>
  );
}
