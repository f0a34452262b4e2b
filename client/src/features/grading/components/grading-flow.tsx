import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { messageOf } from '@/features/auth/components/server-errors';
import { toast } from '@/features/toasts/toast-store';
import { ApiError } from '@/lib/api';
import { useAnalyzeCard } from '../api/analyze-card.ts';
import { usePoints } from '../api/points.ts';
import { useSaveDetails } from '../api/save-details.ts';
import { useUploadCard } from '../api/upload-card.ts';
import { demoResult } from '../demo.ts';
import { StepIndicator, type GradingStep } from '../step-indicator.tsx';
import { AnalysisProgress, useAnalysisProgress } from './analysis-step.tsx';
import { CameraCapture, type Side } from './camera-capture.tsx';
import { DetailsStep, type CardDetails } from './details-step.tsx';
import { GradeReportView, toReportGrades, type ReportGrades } from './grade-report.tsx';
import { HouseAd } from './house-ad.tsx';
import { InsufficientPoints } from './insufficient-points.tsx';
import { LocalPhoto } from './local-photo.tsx';
import { ResultActions } from './result-actions.tsx';
import { UploadStep, type ImageSet } from './upload-step.tsx';

const EMPTY_IMAGES: ImageSet = { frontImage: null, backImage: null, frontImageUrl: null, backImageUrl: null };

/** Refusals whose sentence says what to do: a rejected photo, a run still going or failed, a limit, a busy engine. */
const ANALYSIS_REFUSALS = [409, 422, 429, 503];

/** Upload, Details, Analysis, Results: for signed-in users against the engine, for guests as a demo. */
export function GradingFlow() {
  const { user } = useCurrentUser();
  const points = usePoints(Boolean(user));
  const [step, setStep] = useState<GradingStep>('upload');
  const [images, setImages] = useState<ImageSet>(EMPTY_IMAGES);
  const [gradingId, setGradingId] = useState<number | null>(null);
  const [details, setDetails] = useState<CardDetails | null>(null);
  const [result, setResult] = useState<ReportGrades | null>(null);
  const [deficit, setDeficit] = useState<number | null>(null);
  const [camera, setCamera] = useState<Side | null>(null);
  const upload = useUploadCard();
  const save = useSaveDetails();
  const analyze = useAnalyzeCard();

  const setImage = (side: Side, file: File | null) =>
    setImages((current) => {
      const oldUrl = side === 'front' ? current.frontImageUrl : current.backImageUrl;
      if (oldUrl) URL.revokeObjectURL(oldUrl);
      const url = file ? URL.createObjectURL(file) : null;
      return side === 'front' ? { ...current, frontImage: file, frontImageUrl: url } : { ...current, backImage: file, backImageUrl: url };
    });

  const reset = () => {
    if (images.frontImageUrl) URL.revokeObjectURL(images.frontImageUrl);
    if (images.backImageUrl) URL.revokeObjectURL(images.backImageUrl);
    setImages(EMPTY_IMAGES);
    setGradingId(null);
    setDetails(null);
    setResult(null);
    setDeficit(null);
    setStep('upload');
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
        },
        onError: (error) => toast({ title: 'Upload Failed', description: error instanceof ApiError ? error.serverMessage : 'Failed to upload images', variant: 'destructive' }),
      },
    );
  };

  const submitDetails = (d: CardDetails) => {
    setDetails(d);
    if (!user) return setStep('analysis');
    if (gradingId === null) return toast({ title: 'Card grading ID is missing', variant: 'destructive' });
    save.mutate(
      { id: gradingId, details: d },
      {
        onSuccess: () => setStep('analysis'),
        onError: (error) => toast({ title: 'Failed to Save Card Details', description: messageOf(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="space-y-8">
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
      {step === 'metadata' && <DetailsStep frontUrl={images.frontImageUrl} pending={save.isPending} onSubmit={submitDetails} onBack={() => setStep('upload')} />}
      {step === 'analysis' &&
        (deficit !== null ? (
          <InsufficientPoints deficit={deficit} details={details} />
        ) : (
          <AnalysisRun
            busy={analyze.isPending}
            run={() => {
              if (!user) {
                setResult(demoResult());
                return setStep('complete');
              }
              if (gradingId === null) return toast({ title: 'Card grading ID is missing', variant: 'destructive' });
              analyze.mutate(gradingId, {
                onSuccess: (r) => {
                  setResult(toReportGrades(r));
                  setStep('complete');
                },
                onError: (error) => {
                  if (error instanceof ApiError && error.status === 402) {
                    setDeficit(Number(error.body?.deficit ?? 10));
                    return;
                  }
                  toast({ title: 'Analysis Failed', description: error instanceof ApiError && ANALYSIS_REFUSALS.includes(error.status) ? error.serverMessage : 'Failed to analyze card images', variant: 'destructive' });
                  reset();
                },
              });
            }}
          />
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
              {images.frontImageUrl && <LocalPhoto url={images.frontImageUrl} alt="Front of your card" className="w-full rounded-lg ring-1 ring-slate-200" />}
              {images.backImageUrl && <LocalPhoto url={images.backImageUrl} alt="Back of your card" className="w-full rounded-lg ring-1 ring-slate-200" />}
            </div>
            <GradeReportView grades={result} />
          </div>
          <ResultActions gradingId={user ? gradingId : null} onGradeAnother={reset} />
        </div>
      )}
      {camera && <CameraCapture side={camera} onCapture={(file) => setImage(camera, file)} onClose={() => setCamera(null)} />}
    </div>
  );
}

/** The analysis screen: runs the progress animation, then the call, once. */
function AnalysisRun({ run, busy }: { run: () => void; busy: boolean }) {
  const started = useRef(false);
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);
  const progress = useAnalysisProgress(start);
  return <AnalysisProgress progress={progress} busy={busy} onViewResults={start} />;
}
