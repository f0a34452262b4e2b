import { Download, Store } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';
import { messageOf } from '@/lib/server-errors';
import { useCorrections } from '@/features/admin/api/admin-gradings';
import { CorrectionsTrail } from '@/features/admin/components/corrections-trail';
import { EditGradeDialog } from '@/features/admin/components/edit-grade-dialog';
import { ListCardDialog } from '@/features/marketplace/components/list-card-dialog';
import { useGrading } from '@/features/grading/api/grading';
import { useCertificatePhoto, useSetCentering } from '@/features/grading/api/outline';
import { useSetShared } from '@/features/grading/api/share';
import { GradeReportView, toReportGrades } from '@/features/grading/components/grade-report';
import { galleryUrl } from '@/features/grading/components/result-actions';
import { toast } from '@/lib/toast-store';
import { PageSpinner } from '../guards.tsx';
import { Missing } from './missing.tsx';
import { usePageTitle } from '@/lib/page-title';
import { Photo } from '@/components/photo';
import { GradedInPersonMark } from '@/components/graded-in-person';
import { SponsoredPlacement } from '@/features/ads/components/sponsored-placement';

/** /card/:id and /gallery/:id: the grade report of one card. */
export function CardDetailsPage() {
  const params = useParams();
  const location = useLocation();
  const gallery = location.pathname.toLowerCase().startsWith('/gallery/');
  const id = Number(gallery ? params['*'] : params.id);
  const { user } = useCurrentUser();
  const query = useGrading(id, gallery);
  const share = useSetShared();
  const centering = useSetCentering();
  const certPhoto = useCertificatePhoto();
  const [editing, setEditing] = useState(false);
  const [listing, setListing] = useState(false);
  const isAdmin = user?.isAdmin === true;
  const corrections = useCorrections(id, isAdmin && Number.isInteger(id) && id > 0);
  const back = gallery ? { to: '/gallery', label: 'Back to Gallery' } : { to: '/profile', label: 'Back to Profile' };
  usePageTitle(
    query.data ? (query.data.cardName ?? `Card #${query.data.id}`) : query.isLoading ? 'Card' : 'Card Not Found',
  );

  if (query.isLoading) return <PageSpinner />;
  const grading = query.data;
  if (!grading) {
    return (
      <Missing
        title="Card Not Found"
        message={query.error ? messageOf(query.error) : "We couldn't find the card grading details you're looking for."}
        back={back}
      />
    );
  }
  // grading.userId is sent to its owner and admins only: a guest must not match an absent id.
  const isOwner = user !== null && grading.userId !== undefined && user.id === grading.userId;
  const graded = grading.overallGrade !== null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to={back.to} className="text-sm font-medium text-brand-600 hover:underline">
        ← {back.label}
      </Link>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{grading.cardName ?? `Card #${grading.id}`}</h1>
          <p className="text-slate-600">
            {[grading.cardSet, grading.cardNumber && `#${grading.cardNumber}`, grading.year, grading.gameBrand]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            Graded Card #{grading.id}
            {grading.gradedAt && ` · graded ${new Date(grading.gradedAt).toLocaleDateString()}`}
            {grading.ownerName && ` · by ${grading.ownerName}`}
          </p>
          <GradedInPersonMark method={grading.gradingMethod} className="mt-1" />
          {grading.certificateNumber && (
            <p className="mt-1 text-sm">
              <Link to={`/cert/${grading.certificateNumber}`} className="font-medium text-brand-600 hover:underline">
                Certificate {grading.certificateNumber}
              </Link>
            </p>
          )}
          {isOwner && graded && grading.certificatePhotoShown !== undefined && (
            <label className="mt-1 inline-flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={grading.certificatePhotoShown}
                disabled={certPhoto.isPending}
                onChange={(e) =>
                  certPhoto.mutate(
                    { id: grading.id, showPhoto: e.target.checked },
                    {
                      onError: (error) =>
                        toast({
                          title: 'Could not change the certificate',
                          description: messageOf(error),
                          variant: 'destructive',
                        }),
                    },
                  )
                }
              />
              Show the front photo on the public certificate page
            </label>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {graded && (
            <Button
              variant="outline"
              onClick={() => window.open(`/api/card-gradings/${grading.id}/label`, '_blank', 'noopener')}
            >
              <Download /> Download Grade Label
            </Button>
          )}
          {isOwner && graded && (
            <label className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 text-sm">
              <input
                type="checkbox"
                checked={grading.shared}
                disabled={share.isPending}
                onChange={(e) =>
                  share.mutate(
                    { id: grading.id, shared: e.target.checked },
                    {
                      onSuccess: (g) =>
                        toast({
                          title: g.shared ? 'Shared to the gallery' : 'Removed from the gallery',
                          description: g.shared ? galleryUrl(g.id) : undefined,
                        }),
                      onError: (error) =>
                        toast({ title: 'Sharing failed', description: messageOf(error), variant: 'destructive' }),
                    },
                  )
                }
              />
              Shared in the public gallery
            </label>
          )}
          {isOwner && graded && (
            <Button variant="outline" onClick={() => setListing(true)}>
              <Store /> List this card
            </Button>
          )}
          {isAdmin && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit Grade (Admin)
            </Button>
          )}
          <Button asChild>
            <Link to="/">Grade Another Card</Link>
          </Button>
        </div>
      </div>
      <EditGradeDialog grading={editing ? grading : null} onClose={() => setEditing(false)} />
      {isOwner && graded && <ListCardDialog gradingId={grading.id} open={listing} onClose={() => setListing(false)} />}
      <div className="mt-8 grid gap-6 lg:grid-cols-[260px_1fr]">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
          <CardImage src={grading.frontImagePath} alt="Front of the card" />
          <CardImage src={grading.backImagePath} alt="Back of the card" />
        </div>
        {graded ? (
          <GradeReportView
            grades={toReportGrades(grading)}
            savingLines={centering.isPending}
            onSaveLines={
              isOwner
                ? (lines) =>
                    centering.mutate(
                      { id: grading.id, lines },
                      {
                        onSuccess: (g) =>
                          toast({
                            title: 'Centering re-measured',
                            description: `Centering ${g.centeringGrade ?? 'not measured'}, overall ${g.overallGrade}.`,
                          }),
                        onError: (error) =>
                          toast({
                            title: 'Could not re-measure centering',
                            description: messageOf(error),
                            variant: 'destructive',
                          }),
                      },
                    )
                : undefined
            }
          />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            This card has not been graded yet.
          </p>
        )}
      </div>
      {grading.shared && <SponsoredPlacement page="grading" gradingId={grading.id} className="mt-8" />}
      {isAdmin && corrections.data && corrections.data.length > 0 && (
        <div className="mt-8">
          <CorrectionsTrail corrections={corrections.data} />
        </div>
      )}
    </div>
  );
}

function CardImage({ src, alt }: { src: string; alt: string }) {
  return (
    <Photo
      src={src}
      alt={alt}
      className="aspect-[2.5/3.5] w-full rounded-lg bg-slate-100 object-contain ring-1 ring-slate-200"
    />
  );
}
