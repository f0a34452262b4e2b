import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { IN_PERSON_GRADING_METHOD, overallLabel, subgradeText, type HalfPointScores } from '@gradelens/shared';
import { messageOf } from '@/lib/server-errors';
import { useCertificatePhoto } from '@/features/grading/api/outline';
import { apiRequest } from '@/lib/api';
import { PageSpinner } from '../guards.tsx';
import { Missing } from './missing.tsx';
import { usePageTitle } from '@/lib/page-title';
import { Photo } from '@/components/photo';
import { GradedInPersonMark } from '@/components/graded-in-person';

interface Certificate {
  certificateNumber: string;
  cardName: string | null;
  cardSet: string | null;
  cardNumber: string | null;
  gameBrand: string | null;
  year: string | null;
  overallGrade: number | null;
  centeringGrade: number | null;
  cornerGrade: number | null;
  edgeGrade: number | null;
  surfaceGrade: number | null;
  gradedAt: string | null;
  gradingMethod: string | null;
  correctedByGrader: boolean;
  /** The engine's half point behind each whole grade, where it measured one. */
  measured: Record<keyof HalfPointScores, number | null>;
  centeringSetByOwner: boolean;
  photoPath: string | null;
  sharedGradingId: number | null;
  /** Present for the card's owner only. */
  owner?: { gradingId: number; photoShown: boolean };
}

/** /cert/:number: what the label's QR code opens, for anyone, shared in the gallery or not. */
export function CertificatePage() {
  const { number = '' } = useParams();
  const query = useQuery({
    queryKey: ['/api/certificates', number],
    queryFn: () => apiRequest<Certificate>('GET', `/api/certificates/${encodeURIComponent(number)}`),
    retry: false,
  });
  const photo = useCertificatePhoto();
  usePageTitle(`Certificate ${number}`);
  if (query.isLoading) return <PageSpinner />;
  const cert = query.data;
  if (!cert) {
    const why = query.error ? messageOf(query.error) : 'No graded card has this certificate number.';
    return (
      <Missing
        title="Certificate not found"
        message={`${why} Check the number on the label.`}
        back={{ to: '/', label: 'Back to Home' }}
      />
    );
  }
  const graded = cert.overallGrade !== null;
  const rows: [string, number | null, number | null][] = [
    ['Centering', cert.centeringGrade, cert.measured.centering],
    ['Corners', cert.cornerGrade, cert.measured.corners],
    ['Edges', cert.edgeGrade, cert.measured.edges],
    ['Surface', cert.surfaceGrade, cert.measured.surface],
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
        <ShieldCheck className="size-5" aria-hidden /> GradeLens certificate
      </p>
      <h1 className="mt-1 break-all text-2xl font-bold text-slate-900" data-testid="certificate-number">
        {cert.certificateNumber}
      </h1>
      <div className="mt-6 grid gap-6 sm:grid-cols-[200px_1fr]">
        {cert.photoPath ? (
          <Photo
            src={cert.photoPath}
            alt={`Front of ${cert.cardName ?? 'the card'}`}
            className="aspect-[2.5/3.5] w-full rounded-lg bg-slate-100 object-contain ring-1 ring-slate-200"
          />
        ) : (
          <div className="flex aspect-[2.5/3.5] items-center justify-center rounded-lg bg-slate-100 p-4 text-center text-sm text-slate-500">
            The owner has not made the photo public.
          </div>
        )}
        <div className="space-y-3">
          <div>
            <p className="text-xl font-semibold text-slate-900">{cert.cardName ?? 'Unnamed card'}</p>
            <p className="text-slate-600">
              {[cert.cardSet, cert.cardNumber && `#${cert.cardNumber}`, cert.year, cert.gameBrand]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <p className="text-4xl font-extrabold text-slate-900" data-testid="certificate-grade">
            {cert.overallGrade ?? '-'}{' '}
            <span className="text-lg font-semibold text-slate-600">
              {graded ? overallLabel(cert.overallGrade!) : ''}
            </span>
            {cert.measured.overall !== null && (
              <span className="block text-sm font-medium text-slate-600">measured {cert.measured.overall}</span>
            )}
          </p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {rows.map(([name, value, half]) => (
              <div key={name} className="contents">
                <dt className="text-slate-600">{name}</dt>
                <dd className="font-semibold text-slate-900">
                  {subgradeText(value, graded)}
                  {half !== null && <span className="ml-1 font-normal text-slate-600">(measured {half})</span>}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-600">
            Graded {cert.gradedAt ? new Date(cert.gradedAt).toLocaleDateString() : '-'}
            {cert.gradingMethod && cert.gradingMethod !== IN_PERSON_GRADING_METHOD ? ` · ${cert.gradingMethod}` : ''}
          </p>
          <GradedInPersonMark method={cert.gradingMethod} />
          {cert.correctedByGrader && (
            <p className="text-sm text-slate-700">These grades were corrected by a GradeLens grader.</p>
          )}
          {cert.centeringSetByOwner && <p className="text-sm text-slate-700">Centering lines set by the owner.</p>}
          <p className="text-xs text-slate-500">
            {cert.gradingMethod === IN_PERSON_GRADING_METHOD
              ? 'Graded by a person with the card in hand.'
              : 'Graded from the owner’s photos, not from the card in hand.'}
          </p>
          {cert.owner && (
            <label className="flex items-center gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={cert.owner.photoShown}
                disabled={photo.isPending}
                onChange={(e) =>
                  photo.mutate(
                    { id: cert.owner!.gradingId, showPhoto: e.target.checked },
                    { onSettled: () => void query.refetch() },
                  )
                }
              />
              This is your card: show its front photo on this page
            </label>
          )}
          {cert.sharedGradingId !== null && (
            <Link
              to={`/gallery/${cert.sharedGradingId}`}
              className="text-sm font-medium text-brand-600 hover:underline"
            >
              See the full report in the gallery
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
