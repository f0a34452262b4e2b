import { Package } from 'lucide-react';
import { useSiteSettings } from '@/lib/site-settings';

/** Where to send the cards (the operator's IN_PERSON_SHIP_TO), or that the shop will write with it. */
export function ShipTo({ submissionId }: { submissionId: number }) {
  const settings = useSiteSettings();
  if (!settings.isSuccess) return null;
  const address = settings.data.inPerson?.shipTo ?? null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 text-left text-sm" data-testid="ship-to">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <Package className="size-4" aria-hidden /> Send your cards
      </p>
      {address ? (
        <>
          <p className="mt-1 text-slate-600">Pack them safely, write #{submissionId} on the parcel, and send it to:</p>
          <address className="mt-1 whitespace-pre-line not-italic font-medium text-slate-900">{address}</address>
        </>
      ) : (
        <p className="mt-1 text-slate-600">
          Write #{submissionId} on the parcel. We will write to you with the address to send it to.
        </p>
      )}
    </div>
  );
}
