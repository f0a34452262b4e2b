import { GradingFlow } from '@/features/grading/components/grading-flow';
import { Landing } from '@/features/landing/landing';
import { usePageTitle } from '@/lib/page-title';

export function HomePage() {
  usePageTitle(null);
  return (
    <>
      <Landing />
      <section id="grade" aria-labelledby="grade-heading" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h2 id="grade-heading" className="text-2xl font-bold text-slate-900">
          Grade your card
        </h2>
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <GradingFlow />
        </div>
      </section>
    </>
  );
}
