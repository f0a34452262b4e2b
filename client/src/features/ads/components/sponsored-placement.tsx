import { useState } from 'react';
import type { AdPlacementQuery } from '@gradelens/shared';
import { cn } from '@/lib/utils';
import { usePlacement } from '../api/placement.ts';

/**
 * A sponsored placement on a public page (the gallery, a shared grading's page), labelled as
 * such. The server picks the ad and records its impression; the link goes through the server,
 * which records the click and sends the visitor on. Nothing when there is no ad for the page.
 */
export function SponsoredPlacement({ className, ...query }: AdPlacementQuery & { className?: string }) {
  const placement = usePlacement(query);
  const [imageFailed, setImageFailed] = useState(false);
  const ad = placement.data?.ad;
  if (!ad) return null;
  return (
    <aside
      aria-label="Sponsored"
      data-testid="sponsored-placement"
      className={cn('rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm', className)}
    >
      <p className="text-xs font-medium uppercase tracking-wide text-slate-400">Sponsored</p>
      <a
        href={ad.clickUrl}
        target="_blank"
        rel="sponsored noopener"
        className="mt-1 flex min-w-0 flex-wrap items-center gap-3 text-slate-900 hover:underline"
      >
        {ad.imageUrl && !imageFailed && (
          <img
            src={ad.imageUrl}
            alt=""
            className="max-h-28 w-full rounded-md bg-slate-50 object-contain sm:w-auto sm:max-w-xs"
            onError={() => setImageFailed(true)}
          />
        )}
        <span className="min-w-0 break-words font-semibold">{ad.name}</span>
      </a>
    </aside>
  );
}
