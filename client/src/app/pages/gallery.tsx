import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/server-errors';
import { fetchGallery, galleryKey } from '@/features/grading/api/share';
import { PageSpinner } from '../guards.tsx';
import { PageShell } from './page-shell.tsx';
import { usePageTitle } from '@/lib/page-title';
import { Photo } from '@/components/photo';
import { SponsoredPlacement } from '@/features/ads/components/sponsored-placement';

export function GalleryPage() {
  usePageTitle('Gallery');
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: galleryKey(page), queryFn: () => fetchGallery(page) });
  const data = query.data;
  return (
    <PageShell title="Gallery" description="Gradings collectors have chosen to share.">
      {query.isLoading ? (
        <PageSpinner />
      ) : query.isError ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-8 text-center" role="alert">
          <p className="font-medium text-red-800">The gallery could not be loaded.</p>
          <p className="mt-1 text-sm text-red-700">{messageOf(query.error)}</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : !data || data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          Nothing has been shared yet.
        </p>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {data.items.map((g) => (
              <li key={g.id}>
                <Link
                  to={`/gallery/${g.id}`}
                  className="block overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:shadow-md"
                >
                  <Photo
                    src={g.frontThumbPath ?? g.frontImagePath}
                    alt={g.cardName ?? `Card #${g.id}`}
                    className="aspect-[2.5/3.5] w-full bg-slate-100 object-cover"
                  />
                  <div className="p-3">
                    <p className="truncate font-semibold text-slate-900">{g.cardName ?? `Card #${g.id}`}</p>
                    <p className="truncate text-xs text-slate-500">
                      {[g.cardSet, g.gameBrand].filter(Boolean).join(' · ')}
                    </p>
                    <p className="mt-1 text-sm font-bold text-brand-700">Grade {g.overallGrade}</p>
                    {g.centeringSetByOwner && (
                      <p className="text-xs text-slate-500">Centering lines set by the owner</p>
                    )}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex justify-center gap-3">
            <Button variant="outline" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button
              variant="outline"
              disabled={page * data.pageSize >= data.total}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </div>
        </>
      )}
      <SponsoredPlacement page="gallery" className="mt-8" />
    </PageShell>
  );
}
