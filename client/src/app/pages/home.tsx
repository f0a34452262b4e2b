import { Landing } from '@/features/landing/landing';
import { StepIndicator } from '@/features/grading/step-indicator';

export function HomePage() {
  return (
    <>
      <Landing />
      <section id="grade" aria-labelledby="grade-heading" className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <h2 id="grade-heading" className="text-2xl font-bold text-slate-900">Grade your card</h2>
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <StepIndicator current="upload" />
          <div className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center">
            <p className="font-medium text-slate-900">The grading flow is coming soon.</p>
            <p className="mt-1 text-sm text-slate-600">Uploading photos and getting your measured grade will open here shortly.</p>
          </div>
        </div>
      </section>
    </>
  );
}
