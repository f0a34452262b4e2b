import { AlertTriangle, Camera, CheckCircle2, Loader2, RotateCcw } from 'lucide-react';
import { useRef } from 'react';
import type { Detection, Face, Quad } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { OutlineEditor } from './outline-editor.tsx';
import type { FaceOutline, Outlines } from './outlines.ts';

const FACE_NAME: Record<Face, string> = { front: 'Front', back: 'Back' };

/**
 * The outline check before paying: both photos with the card's outline the finder drew, which
 * the owner confirms or corrects; where nothing was found, the owner places the corners; where
 * the photo cannot be used, the owner retakes it.
 */
export function OutlineCheck({
  detection,
  photos,
  outlines,
  onChange,
  onRetake,
  retaking,
  detecting,
}: {
  detection: Detection | null;
  photos: Record<Face, string>;
  outlines: Outlines | null;
  onChange: (face: Face, corners: Quad) => void;
  onRetake: (face: Face, file: File) => void;
  retaking: Face | null;
  detecting: boolean;
}) {
  return (
    <section
      aria-labelledby="outline-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div>
        <h3 id="outline-heading" className="text-lg font-semibold text-slate-900">
          Check the card’s outline
        </h3>
        <p className="text-sm text-slate-600">
          The green outline is where we found your card. If a corner is off, drag it onto the card’s corner (a loupe
          shows the spot under your finger), or tap it and use the arrow keys. Checking is free; points are only taken
          when the card is graded.
        </p>
      </div>
      {detecting || !detection || !outlines ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Finding the card in your photos…
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {(['front', 'back'] as const).map((face) => (
            <FaceCheck
              key={face}
              face={face}
              detection={detection}
              src={photos[face]}
              outline={outlines[face]}
              onChange={(corners) => onChange(face, corners)}
              onRetake={(file) => onRetake(face, file)}
              retaking={retaking === face}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function FaceCheck({
  face,
  detection,
  src,
  outline,
  onChange,
  onRetake,
  retaking,
}: {
  face: Face;
  detection: Detection;
  src: string;
  outline: FaceOutline;
  onChange: (corners: Quad) => void;
  onRetake: (file: File) => void;
  retaking: boolean;
}) {
  const d = detection[face];
  const name = FACE_NAME[face];
  return (
    <div className="space-y-2" data-testid={`outline-${face}`}>
      <p className="text-sm font-semibold text-slate-900">{name}</p>
      {d.retake ? (
        <div
          className="flex aspect-[3/4] flex-col items-center justify-center gap-3 rounded-lg bg-red-50 p-4 text-center text-sm text-red-900 ring-1 ring-red-200"
          role="alert"
        >
          <AlertTriangle className="size-6" aria-hidden />
          <p>{d.message}</p>
          <RetakeButton face={face} onFile={onRetake} busy={retaking} />
        </div>
      ) : (
        <>
          <OutlineEditor
            src={src}
            size={detection.imageSize[face]}
            corners={outline.corners}
            onChange={onChange}
            faceName={name}
            className="w-full"
          />
          {d.found && !outline.mustPlace ? (
            <p className="flex items-center gap-1.5 text-xs text-slate-600">
              <CheckCircle2 className="size-4 shrink-0 text-green-600" aria-hidden />
              {outline.moved
                ? 'You moved the corners: they will be graded as you placed them.'
                : 'Found. Drag a corner if the outline is off the card.'}
            </p>
          ) : (
            <p className="flex items-start gap-1.5 text-xs text-amber-900" role="alert">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                {outline.mustPlace ? 'The outline we found could not be graded.' : d.message}{' '}
                {outline.moved
                  ? 'Your corners will be used.'
                  : 'Drag the four green corners onto the corners of the card, or retake the photo.'}
              </span>
            </p>
          )}
          <RetakeButton face={face} onFile={onRetake} busy={retaking} variant="link" />
        </>
      )}
    </div>
  );
}

export function RetakeButton({
  face,
  onFile,
  busy,
  variant = 'outline',
}: {
  face: Face;
  onFile: (file: File) => void;
  busy: boolean;
  variant?: 'outline' | 'link';
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        className="hidden"
        data-testid={`retake-${face}-input`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        type="button"
        size="sm"
        variant={variant}
        className={variant === 'link' ? 'h-auto p-0' : undefined}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {busy ? (
          <Loader2 className="animate-spin" aria-hidden />
        ) : variant === 'link' ? (
          <RotateCcw aria-hidden />
        ) : (
          <Camera aria-hidden />
        )}
        Retake {face}
      </Button>
    </>
  );
}
