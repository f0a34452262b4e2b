import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AnalyzeHints, Detection, Face, Quad } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { ApiError } from '@/lib/api';
import { useAnalyzeCard } from '../api/analyze-card.ts';
import { fetchGrading, useGrading } from '../api/grading.ts';
import { useAnalysisProgress, useDetectOutline, useRetakePhoto } from '../api/outline.ts';
import { usePoints } from '../api/points.ts';
import { useSaveDetails } from '../api/save-details.ts';
import { useUploadCard } from '../api/upload-card.ts';
import { demoResult } from '../demo.ts';
import { StepIndicator, type GradingStep } from '../step-indicator.tsx';
import { AnalysisStages } from './analysis-step.tsx';
import type { Side } from './camera-capture.tsx';
import type { CardDetails } from './details-step.tsx';
import { HouseAd } from './house-ad.tsx';
import { LocalPhoto } from './local-photo.tsx';
import { outlinesFrom, outlinesReady, type Outlines } from './outlines.ts';
import type { Rejection } from './rejection-view.tsx';
import { toReportGrades, type ReportGrades } from './report-grades.ts';
import { UploadStep, type ImageSet } from './upload-step.tsx';

// The first screen is the upload step: the later steps (forms, dialogs, the report and its
// viewer) are fetched when needed, and in the background as soon as the person picks a photo or
// opens a draft, so the first download stays small and the next step is there when they get to it.
const later = {
  camera: () => import('./camera-capture.tsx'),
  details: () => import('./details-step.tsx'),
  report: () => import('./grade-report.tsx'),
  points: () => import('./insufficient-points.tsx'),
  outline: () => import('./outline-check.tsx'),
  rejection: () => import('./rejection-view.tsx'),
  actions: () => import('./result-actions.tsx'),
};
const CameraCapture = lazy(() => later.camera().then((m) => ({ default: m.CameraCapture })));
const DetailsStep = lazy(() => later.details().then((m) => ({ default: m.DetailsStep })));
const GradeReportView = lazy(() => later.report().then((m) => ({ default: m.GradeReportView })));
const InsufficientPoints = lazy(() => later.points().then((m) => ({ default: m.InsufficientPoints })));
const OutlineCheck = lazy(() => later.outline().then((m) => ({ default: m.OutlineCheck })));
const RejectionView = lazy(() => later.rejection().then((m) => ({ default: m.RejectionView })));
const ResultActions = lazy(() => later.actions().then((m) => ({ default: m.ResultActions })));

function Loading() {
  return (
    <p className="py-8 text-center text-sm text-slate-500" role="status">
      Loading…
    </p>
  );
}
import { Photo } from '@/components/photo';

const EMPTY_IMAGES: ImageSet = { frontImage: null, backImage: null, frontImageUrl: null, backImageUrl: null };

/** Refusals whose sentence says what to do: a run still going or failed, a limit, a busy engine. */
const ANALYSIS_REFUSALS = [409, 429, 503];

/**
 * Upload, Details (with the outline check), Analysis, Results: for signed-in users against the
 * engine, for guests as a demo. A draft from the history continues here (?draft=ID) with its
 * photos and details. Every failure keeps the photos and details and offers the next step.
 */
export function GradingFlow() {
  const { user } = useCurrentUser();
  const points = usePoints(Boolean(user));
  const [params, setParams] = useSearchParams();
  const [step, setStep] = useState<GradingStep>('upload');
  const [images, setImages] = useState<ImageSet>(EMPTY_IMAGES);
  const [gradingId, setGradingId] = useState<number | null>(null);
  const [details, setDetails] = useState<CardDetails | null>(null);
  const [result, setResult] = useState<ReportGrades | null>(null);
  const [deficit, setDeficit] = useState<number | null>(null);
  const [camera, setCamera] = useState<Side | null>(null);
  const [detection, setDetection] = useState<Detection | null>(null);
  const [outlines, setOutlines] = useState<Outlines | null>(null);
  const [rejection, setRejection] = useState<Rejection | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [retaking, setRetaking] = useState<Face | null>(null);
  /** The outline check failed (a busy or absent engine): the card may still be graded, the engine finding it itself. */
  const [checkFailed, setCheckFailed] = useState<string | null>(null);
  const upload = useUploadCard();
  const save = useSaveDetails();
  const analyze = useAnalyzeCard();
  const detect = useDetectOutline();
  const retake = useRetakePhoto();
  const grading = useGrading(user ? (gradingId ?? 0) : 0);
  const progress = useAnalysisProgress(gradingId, analyze.isPending);
  const serverPhotos = grading.data ? { front: grading.data.frontImagePath, back: grading.data.backImagePath } : null;

  const findOutlines = useCallback(
    (id: number) => {
      setCheckFailed(null);
      detect.mutate(id, {
        onSuccess: (found) => {
          setDetection(found);
          setOutlines(outlinesFrom(found));
        },
        onError: (error) => setCheckFailed(messageOf(error)),
      });
    },
    [detect],
  );

  // The person has started (a photo picked, a draft opened): fetch the later steps' code now.
  const started = Boolean(images.frontImage || images.backImage || gradingId !== null || camera);
  useEffect(() => {
    if (started) Object.values(later).forEach((load) => void load().catch(() => undefined));
  }, [started]);

  // A draft continued from the history: its photos and details come from the server.
  const draftParam = Number(params.get('draft'));
  const loadedDraft = useRef<number | null>(null);
  useEffect(() => {
    if (!user || !Number.isInteger(draftParam) || draftParam <= 0 || loadedDraft.current === draftParam) return;
    loadedDraft.current = draftParam;
    void fetchGrading(draftParam, false)
      .then((draft) => {
        if (!draft || draft.gradedAt) return;
        setGradingId(draft.id);
        setDetails(
          draft.cardName
            ? {
                cardName: draft.cardName,
                cardSet: draft.cardSet ?? '',
                cardNumber: draft.cardNumber ?? '',
                gameBrand: draft.gameBrand ?? '',
                year: draft.year ?? '',
              }
            : null,
        );
        setRejection(draft.rejection ?? null);
        setStep(draft.rejection ? 'analysis' : 'metadata');
        findOutlines(draft.id);
      })
      .catch((error: unknown) =>
        toast({ title: 'Could not open the draft', description: messageOf(error), variant: 'destructive' }),
      );
  }, [user, draftParam, findOutlines]);

  const setImage = (side: Side, file: File | null) =>
    setImages((current) => {
      const oldUrl = side === 'front' ? current.frontImageUrl : current.backImageUrl;
      if (oldUrl) URL.revokeObjectURL(oldUrl);
      const url = file ? URL.createObjectURL(file) : null;
      return side === 'front'
        ? { ...current, frontImage: file, frontImageUrl: url }
        : { ...current, backImage: file, backImageUrl: url };
    });

  const reset = () => {
    if (images.frontImageUrl) URL.revokeObjectURL(images.frontImageUrl);
    if (images.backImageUrl) URL.revokeObjectURL(images.backImageUrl);
    setImages(EMPTY_IMAGES);
    setGradingId(null);
    setDetails(null);
    setResult(null);
    setDeficit(null);
    setDetection(null);
    setOutlines(null);
    setRejection(null);
    setFailure(null);
    setCheckFailed(null);
    setStep('upload');
    if (params.has('draft')) setParams({}, { replace: true });
  };

  const continueFromUpload = () => {
    if (!images.frontImage || !images.backImage) return;
    if (!user) return setStep('metadata');
    upload.mutate(
      { front: images.frontImage, back: images.backImage },
      {
        onSuccess: ({ id }) => {
          setGradingId(id);
          setStep('metadata');
          findOutlines(id);
        },
        onError: (error) =>
          toast({
            title: 'Upload Failed',
            description: error instanceof ApiError ? error.serverMessage : 'Failed to upload images',
            variant: 'destructive',
          }),
      },
    );
  };

  const runAnalysis = (id: number) => {
    setFailure(null);
    setRejection(null);
    const hints: AnalyzeHints = {};
    for (const face of ['front', 'back'] as const) {
      const o = outlines?.[face];
      if (o?.moved && o.corners) hints[face] = { corners: o.corners };
    }
    analyze.mutate(
      { id, hints },
      {
        onSuccess: (r) => {
          setResult(toReportGrades(r));
          setStep('complete');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 402) return setDeficit(Number(error.body?.deficit ?? 10));
          if (error instanceof ApiError && error.status === 422) {
            const kept = error.body?.rejection as Rejection | undefined;
            return setRejection(
              kept ?? {
                code: String(error.body?.code ?? 'analysis_failed'),
                message: error.serverMessage,
                at: new Date().toISOString(),
              },
            );
          }
          setFailure(
            error instanceof ApiError && ANALYSIS_REFUSALS.includes(error.status)
              ? error.serverMessage
              : // No answer came back (the connection or the server went away): a queued grading may
                // still finish, so this cannot say nothing was charged. Trying again never charges twice.
                'The grade did not come back. Try again: if the analysis finished meanwhile, its grade is shown without a second charge (it is also in your Grading History); if not, nothing was charged.',
          );
        },
      },
    );
  };

  const submitDetails = (d: CardDetails) => {
    setDetails(d);
    if (!user) {
      setResult(demoResult());
      return setStep('complete');
    }
    if (gradingId === null) return toast({ title: 'Card grading ID is missing', variant: 'destructive' });
    save.mutate(
      { id: gradingId, details: d },
      {
        onSuccess: () => {
          setStep('analysis');
          runAnalysis(gradingId);
        },
        onError: (error) =>
          toast({ title: 'Failed to Save Card Details', description: messageOf(error), variant: 'destructive' }),
      },
    );
  };

  const retakePhoto = (face: Face, file: File) => {
    if (gradingId === null) return;
    setRetaking(face);
    retake.mutate(
      { id: gradingId, face, file },
      {
        onSuccess: () => {
          setRejection(null);
          setStep('metadata');
          findOutlines(gradingId);
        },
        onError: (error) => toast({ title: 'Retake failed', description: messageOf(error), variant: 'destructive' }),
        onSettled: () => setRetaking(null),
      },
    );
  };

  const placeCorners = () => {
    // Start from where the engine took the card to be, else from what the finder answered.
    setOutlines((current) => {
      if (!current) return current;
      const next = { ...current };
      for (const face of ['front', 'back'] as const) {
        if (rejection?.face && rejection.face !== face) continue;
        const looked = rejection?.outline?.[face] as Quad | undefined;
        next[face] = { corners: looked ?? current[face].corners, moved: false, mustPlace: true };
      }
      return next;
    });
    setRejection(null);
    setStep('metadata');
  };

  const blocked =
    !user || checkFailed
      ? null
      : !detection || !outlines
        ? 'Checking the card’s outline…'
        : outlinesReady(detection, outlines)
          ? null
          : 'Before grading: place the card’s corners on each photo where it was not found, or retake that photo.';

  return (
    <div className="space-y-8">
      <Suspense fallback={<Loading />}>
        <StepIndicator current={step} />
        <HouseAd step={step} />
        {step === 'upload' && (
          <UploadStep
            user={user}
            points={points.data?.points}
            images={images}
            uploading={upload.isPending}
            onFile={setImage}
            onRemove={(side) => setImage(side, null)}
            onCamera={setCamera}
            onContinue={continueFromUpload}
          />
        )}
        {step === 'metadata' && (
          <div className="space-y-6">
            {user && checkFailed && (
              <div
                className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
                role="alert"
              >
                <span>
                  The card’s outline could not be checked: {checkFailed} You can still go on; the engine will find the
                  card itself.
                </span>
                <Button size="sm" variant="outline" onClick={() => gradingId !== null && findOutlines(gradingId)}>
                  Check again
                </Button>
              </div>
            )}
            {user && serverPhotos && !checkFailed && (
              <OutlineCheck
                detection={detection}
                photos={serverPhotos}
                outlines={outlines}
                detecting={detect.isPending}
                retaking={retaking}
                onRetake={retakePhoto}
                onChange={(face, corners) =>
                  setOutlines((current) => (current ? { ...current, [face]: { corners, moved: true } } : current))
                }
              />
            )}
            <DetailsStep
              key={gradingId ?? 'guest'}
              frontUrl={user ? null : images.frontImageUrl}
              defaults={details}
              blocked={blocked}
              pending={save.isPending}
              onSubmit={submitDetails}
              onBack={() => (user && gradingId !== null && !images.frontImage ? reset() : setStep('upload'))}
            />
          </div>
        )}
        {step === 'analysis' &&
          (deficit !== null ? (
            <InsufficientPoints deficit={deficit} details={details} />
          ) : rejection && serverPhotos ? (
            <RejectionView
              rejection={rejection}
              photos={serverPhotos}
              sizes={detection?.imageSize ?? null}
              onRetake={retakePhoto}
              retaking={retaking}
              onPlace={placeCorners}
            />
          ) : failure ? (
            <div
              className="mx-auto max-w-xl space-y-4 rounded-xl border border-red-200 bg-red-50 p-6 text-center"
              role="alert"
            >
              <p className="font-semibold text-red-900">Analysis Failed</p>
              <p className="text-sm text-red-900">{failure}</p>
              <div className="flex justify-center gap-3">
                <Button variant="outline" onClick={() => setStep('metadata')}>
                  Back to the outline
                </Button>
                <Button onClick={() => gradingId !== null && runAnalysis(gradingId)}>Try again</Button>
              </div>
            </div>
          ) : (
            <AnalysisStages stage={progress.data?.stage ?? 'queued'} />
          ))}
        {step === 'complete' && result && (
          <div className="space-y-6">
            <h2 className="text-2xl font-bold text-slate-900">Your Card Grade</h2>
            {!user && (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
                <span>These are demo grades. Create an account to have your card measured and saved.</span>
                <Button asChild size="sm">
                  <Link to="/auth?tab=register">Sign Up Now</Link>
                </Button>
              </div>
            )}
            <div className="grid gap-6 lg:grid-cols-[260px_1fr]">
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
                {serverPhotos ? (
                  <>
                    <Photo
                      src={serverPhotos.front}
                      alt="Front of your card"
                      className="w-full rounded-lg ring-1 ring-slate-200"
                    />
                    <Photo
                      src={serverPhotos.back}
                      alt="Back of your card"
                      className="w-full rounded-lg ring-1 ring-slate-200"
                    />
                  </>
                ) : (
                  <>
                    {images.frontImageUrl && (
                      <LocalPhoto
                        url={images.frontImageUrl}
                        alt="Front of your card"
                        className="w-full rounded-lg ring-1 ring-slate-200"
                      />
                    )}
                    {images.backImageUrl && (
                      <LocalPhoto
                        url={images.backImageUrl}
                        alt="Back of your card"
                        className="w-full rounded-lg ring-1 ring-slate-200"
                      />
                    )}
                  </>
                )}
              </div>
              <GradeReportView grades={result} />
            </div>
            <ResultActions gradingId={user ? gradingId : null} onGradeAnother={reset} />
          </div>
        )}
        {camera && (
          <CameraCapture side={camera} onCapture={(file) => setImage(camera, file)} onClose={() => setCamera(null)} />
        )}
      </Suspense>
    </div>
  );
}
