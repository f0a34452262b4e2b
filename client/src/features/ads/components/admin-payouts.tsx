import { useState } from 'react';
import {
  AD_PAYOUT_STATUS_LABELS,
  AD_PAYOUT_STATUSES,
  formatDollars,
  type AdminAdPayout,
  type AdPayoutStatus,
} from '@gradelens/shared';
import { LoadFailed } from '@/components/load-failed';
import { usePagedFilters } from '@/lib/paged-filters';
import { Button } from '@/components/ui/button';
import { cellClass as td, DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useAdminPayouts, usePayoutDecision, type PayoutDecision, type PayoutFilters } from '../api/admin.ts';
import { METHOD_NAMES, PayoutStatusBadge } from './ad-earnings.tsx';
import { NativeSelect } from '@/components/ui/select';

type Asking = { payout: AdminAdPayout; kind: 'pay' | 'reject' };

/** The admin's Payouts tab: owners' payout requests by status, searched and paged; pay or reject each waiting one. */
export function AdminPayouts() {
  const { filters, setFilter: filter, page, setPage } = usePagedFilters<PayoutFilters>({ status: 'pending', q: '' });
  const [asking, setAsking] = useState<Asking | null>(null);
  const payouts = useAdminPayouts({ status: filters.status, q: filters.q.trim() }, page);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          aria-label="Search payouts"
          placeholder="Request number, owner name or email"
          className="max-w-xs"
          value={filters.q}
          onChange={(e) => filter({ q: e.target.value })}
        />
        <NativeSelect
          aria-label="Payout status"
          value={filters.status}
          onChange={(e) => filter({ status: e.target.value as AdPayoutStatus | '' })}
        >
          <option value="">Every status</option>
          {AD_PAYOUT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {AD_PAYOUT_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {payouts.isError ? (
        <LoadFailed what="payout requests" onRetry={() => void payouts.refetch()} />
      ) : (
        <DataTable headers={['Request', 'Owner', 'Amount', 'Pay to', 'Status', '']}>
          {(payouts.data?.items ?? []).map((p) => (
            <tr key={p.id} className="border-t border-slate-100" data-testid={`payout-row-${p.id}`}>
              <td className={td}>
                #{p.id}
                <span className="block text-xs text-slate-500">{new Date(p.requestedAt).toLocaleString()}</span>
              </td>
              <td className={`${td} break-all`}>
                {p.user.username}
                <span className="block text-xs text-slate-500">{p.user.email}</span>
              </td>
              <td className={td}>{formatDollars(p.amount)}</td>
              <td className={`${td} break-all`}>
                {METHOD_NAMES[p.paymentMethod]} {p.account}
              </td>
              <td className={td}>
                <PayoutStatusBadge status={p.status} />
                {p.paymentReference && <span className="block text-xs">Reference {p.paymentReference}</span>}
                {p.status === 'rejected' && p.note && <span className="block text-xs">{p.note}</span>}
              </td>
              <td className={`${td} flex flex-wrap gap-2`}>
                {p.status === 'pending' && (
                  <>
                    <Button size="sm" onClick={() => setAsking({ payout: p, kind: 'pay' })}>
                      Pay
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setAsking({ payout: p, kind: 'reject' })}>
                      Reject
                    </Button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {payouts.data && !payouts.isError && payouts.data.total === 0 && (
        <p className="text-sm text-slate-600">No payout request matches.</p>
      )}
      {payouts.data && !payouts.isError && (
        <Pager page={page} pageSize={payouts.data.pageSize} total={payouts.data.total} onPage={setPage} />
      )}
      <DecisionDialog
        key={asking ? `${asking.payout.id}-${asking.kind}` : 'none'}
        asking={asking}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}

const ASK = {
  pay: {
    title: 'Pay',
    label: 'Reference of the payment you sent',
    button: 'Mark paid',
    help: 'Send the amount to the account first. The owner is mailed the reference.',
    done: 'Payout marked paid',
  },
  reject: {
    title: 'Reject',
    label: 'Reason',
    button: 'Reject request',
    help: 'The owner sees the reason and the amount is back in their balance.',
    done: 'Payout request rejected',
  },
} as const;

function DecisionDialog({ asking, onClose }: { asking: Asking | null; onClose: () => void }) {
  const [text, setText] = useState('');
  const decide = usePayoutDecision();
  const copy = asking ? ASK[asking.kind] : null;
  const submit = () => {
    if (!asking || !copy) return;
    const value = text.trim();
    const decision: PayoutDecision =
      asking.kind === 'pay' ? { kind: 'pay', reference: value } : { kind: 'reject', reason: value };
    decide.mutate(
      { id: asking.payout.id, decision },
      {
        onSuccess: () => {
          toast({ title: copy.done });
          onClose();
        },
        onError: (error) => toast({ title: 'Not changed', description: messageOf(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <Dialog open={asking !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>
          {copy?.title} request #{asking?.payout.id}
        </DialogTitle>
        <DialogDescription>
          {asking &&
            `${formatDollars(asking.payout.amount)} to ${asking.payout.user.username} by ${METHOD_NAMES[asking.payout.paymentMethod]} ${asking.payout.account}. `}
          {copy?.help}
        </DialogDescription>
        <form
          noValidate
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Label htmlFor="payout-decision-text">{copy?.label}</Label>
          <Input id="payout-decision-text" value={text} onChange={(e) => setText(e.target.value)} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Back
            </Button>
            <Button
              type="submit"
              variant={asking?.kind === 'reject' ? 'destructive' : 'default'}
              disabled={decide.isPending || text.trim().length < (asking?.kind === 'reject' ? 3 : 1)}
            >
              {copy?.button}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
