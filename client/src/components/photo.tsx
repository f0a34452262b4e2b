import { ImageOff } from 'lucide-react';
import { useCallback, useState, type ImgHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/**
 * A stored photo that may be missing (deleted, not shared any more, a failed load): in its
 * place a placeholder of the same box says so, instead of a broken image or its alt text.
 */
export function Photo({
  src,
  alt,
  className,
  placeholder = 'No image available',
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string; placeholder?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  // A page drawn by the server (the guest home page) may have failed to load an image before
  // the app took it over, so its error event was never heard: look when the element is attached.
  const brokenAlready = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailed(src);
    },
    [src],
  );
  if (failed === src) {
    return (
      <div
        role="img"
        aria-label={`${alt}: ${placeholder}`}
        className={cn(
          'flex flex-col items-center justify-center gap-1 bg-slate-100 p-2 text-center text-xs text-slate-500',
          className,
        )}
      >
        <ImageOff className="size-5" aria-hidden />
        {placeholder}
      </div>
    );
  }
  return <img ref={brokenAlready} src={src} alt={alt} className={className} onError={() => setFailed(src)} {...rest} />;
}
