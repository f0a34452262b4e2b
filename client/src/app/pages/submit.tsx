import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDollars, type InPersonCreated } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { useInPersonServices } from '@/features/in-person/api/submissions';
import { LoadFailed } from '@/components/load-failed';
import { SubmitForm } from '@/features/in-person/components/submit-form';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/page-title';
import { PageSpinner } from '../guards.tsx';
import { ShipTo } from '@/features/in-person/components/ship-to';
import { PageShell } from './page-shell.tsx';

/** /submit: send cards to be graded by a person, signed in or not. */
export function SubmitPage() {
  usePageTitle('Submit Cards');
  const { user, isLoading } = useCurrentUser();
  const services = useInPersonServices();
  const navigate = useNavigate();
  // A guest has no status page: the confirmation stays here, and the mails follow.
  const [sent, setSent] = useState<{ created: InPersonCreated; email: string } | null>(null);
  return (
    <PageShell
      title="Submit cards for in-person grading"
      description="Send us your cards and a grader looks at each one. The price is per card, for the service you choose."
    >
      {sent ? (
        <GuestConfirmation {...sent} onAnother={() => setSent(null)} />
      ) : isLoading || services.isPending ? (
        <PageSpinner />
      ) : services.isError ? (
        <LoadFailed what="the grading services" onRetry={() => void services.refetch()} />
      ) : (
        <SubmitForm
          user={user}
          services={services.data}
          onSent={(created, email) => (user ? navigate(`/submissions/${created.id}`) : setSent({ created, email }))}
        />
      )}
    </PageShell>
  );
}

function GuestConfirmation({
  created,
  email,
  onAnother,
}: {
  created: InPersonCreated;
  email: string;
  onAnother: () => void;
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-green-200 bg-green-50 p-8 text-center"
      role="status"
    >
      <CheckCircle2 className="size-10 text-green-600" aria-hidden />
      <p className="text-lg font-semibold text-slate-900">Submission #{created.id} received</p>
      <p className="text-slate-700">
        {created.totalCards} card{created.totalCards === 1 ? '' : 's'}, total {formatDollars(created.totalCost)}. The
        details go to <span className="break-all font-medium">{email}</span>, and so does a mail at each step. Write the
        submission number #{created.id} on your parcel.
      </p>
      <ShipTo submissionId={created.id} />
      <Button variant="outline" onClick={onAnother}>
        Send another submission
      </Button>
    </div>
  );
}
