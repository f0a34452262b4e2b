import { Camera, ImagePlus, X } from 'lucide-react';
import { useRef } from 'react';
import { PHOTO_ACCEPT, PHOTO_FORMATS } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import type { Side } from './camera-capture.tsx';
import { LocalPhoto } from './local-photo.tsx';

/** One photo slot at the card's 2.5:3.5 shape: Camera or Upload, then a preview with remove. */
export function ImageSlot({
  side,
  previewUrl,
  onFile,
  onRemove,
  onCamera,
}: {
  side: Side;
  previewUrl: string | null;
  onFile: (file: File) => void;
  onRemove: () => void;
  onCamera: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const title = side === 'front' ? 'Front of card' : 'Back of card';
  return (
    <div className="space-y-2">
      <p className="text-sm font-semibold text-slate-800">{title}</p>
      <div className="relative aspect-[2.5/3.5] overflow-hidden rounded-xl border-2 border-dashed border-brand-500/60 bg-slate-50">
        {previewUrl ? (
          <>
            <LocalPhoto url={previewUrl} alt={`${title} preview`} className="h-full w-full object-contain" />
            <Button
              type="button"
              variant="destructive"
              size="icon"
              aria-label={`Remove ${side} image`}
              className="absolute top-2 right-2 size-8 rounded-full"
              onClick={onRemove}
            >
              <X />
            </Button>
          </>
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-3 p-4 text-center">
            <p className="rounded bg-white/80 px-2 py-1 text-xs text-slate-500">Align card within this box</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button type="button" size="sm" onClick={onCamera} aria-label={`Camera for ${side}`}>
                <Camera /> Camera
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => input.current?.click()}
                aria-label={`Upload ${side}`}
              >
                <ImagePlus /> Upload
              </Button>
            </div>
            <p className="text-xs text-slate-500">Use camera for best alignment</p>
            <p className="text-xs text-slate-500">{PHOTO_FORMATS}</p>
          </div>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        className="sr-only"
        data-testid={`${side}-file`}
        aria-label={`${title} file`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </div>
  );
}
