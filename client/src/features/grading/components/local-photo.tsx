import { ImageIcon } from 'lucide-react';
import { useState } from 'react';

/**
 * A photo chosen on this device. Browsers other than Safari cannot show HEIC: then a neutral
 * box says the photo is ready, as the server reads it all the same.
 */
export function LocalPhoto({ url, alt, className }: { url: string; alt: string; className: string }) {
  const [unviewable, setUnviewable] = useState<string | null>(null);
  if (unviewable === url) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex flex-col items-center justify-center gap-2 bg-slate-100 p-4 text-center text-sm text-slate-600 ${className}`}
      >
        <ImageIcon className="size-8 text-slate-400" aria-hidden />
        <span>Photo ready</span>
        <span className="text-xs text-slate-500">This browser cannot preview this format.</span>
      </div>
    );
  }
  return <img src={url} alt={alt} className={className} onError={() => setUnviewable(url)} />;
}
