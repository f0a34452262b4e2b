import { Pencil, Shield, User } from 'lucide-react';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  IN_PERSON_GRADING_METHOD,
  pointsAdjustmentSchema,
  type AdminUser,
  type CardGrading,
  type PendingPayment,
} from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { cellClass, DataTable } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminGradings } from '@/features/admin/api/admin-gradings';
import { useAdjustPoints, useAdminUsers } from '@/features/admin/api/admin-users';
import { useDecidePayment, usePendingPayments } from '@/features/admin/api/pending-payments';
import { EditGradeDialog } from '@/features/admin/components/edit-grade-dialog';
import { AdminOrders } from '@/features/shop/components/admin-orders';
import { AdminProducts } from '@/features/shop/components/admin-products';
import { AdminInPerson } from '@/features/in-person/components/admin-in-person';
import { AdminAds } from '@/features/ads/components/admin-ads';
import { AdminPayouts } from '@/features/ads/components/admin-payouts';
import { GradeBadge } from '@/components/grade-badge';
import { GradedInPersonMark } from '@/components/graded-in-person';
import { LoadFailed } from '@/components/load-failed';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { PageShell } from './page-shell.tsx';
import { usePageTitle } from '@/lib/page-title';

const td = cellClass;

export function AdminPage() {
  usePageTitle('Admin Dashboard');
  return (
    <PageShell title="Admin Dashboard">
      <Tabs defaultValue="grades">
        <TabsList className="flex-wrap">
          <TabsTrigger value="grades">Grade Management</TabsTrigger>
          <TabsTrigger value="users">User Management</TabsTrigger>
          <TabsTrigger value="payments">Payment Management</TabsTrigger>
          <TabsTrigger value="products">Products</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="in-person">In-person</TabsTrigger>
          <TabsTrigger value="ads">Ads</TabsTrigger>
          <TabsTrigger value="payouts">Payouts</TabsTrigger>
          <TabsTrigger value="settings">System Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="grades">
          <GradeManagement />
        </TabsContent>
        <TabsContent value="users">
          <UserManagement />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentManagement />
        </TabsContent>
        <TabsContent value="products">
          <AdminProducts />
        </TabsContent>
        <TabsContent value="orders">
          <AdminOrders />
        </TabsContent>
        <TabsContent value="in-person">
          <AdminInPerson />
        </TabsContent>
        <TabsContent value="ads">
          <AdminAds />
        </TabsContent>
        <TabsContent value="payouts">
          <AdminPayouts />
        </TabsContent>
        <TabsContent value="settings">
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            System settings will be available in a future update.
          </p>
        </TabsContent>
      </Tabs>
    </PageShell>
  );
}

function GradeManagement() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useAdminGradings({ q: search.trim() }, page);
  const [editing, setEditing] = useState<CardGrading | null>(null);
  const footer = query.isError ? (
    <LoadFailed what="gradings" onRetry={() => void query.refetch()} />
  ) : query.isPending ? (
    <p className="p-6 text-center text-slate-500">Loading…</p>
  ) : (
    query.data.items.length === 0 && <p className="p-6 text-center text-slate-600">No gradings match.</p>
  );
  return (
    <div className="space-y-4">
      <Input
        placeholder="Search by card name, set, game or ID"
        aria-label="Search gradings"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        className="max-w-md"
      />
      <DataTable headers={['ID', 'Card', 'Grade', 'Method', 'Date', 'Actions']} footer={footer}>
        {(query.isError ? [] : (query.data?.items ?? [])).map((g) => (
          <tr key={g.id} className="border-t border-slate-100" data-testid={`grading-row-${g.id}`}>
            <td className={td}>{g.id}</td>
            <td className={td}>
              <p className="font-medium text-slate-900">{g.cardName ?? `Card #${g.id}`}</p>
              <p className="text-xs text-slate-500">
                {[g.cardSet, g.gameBrand, g.ownerName && `by ${g.ownerName}`].filter(Boolean).join(' · ')}
              </p>
            </td>
            <td className={td}>
              <GradeBadge grade={g.overallGrade} />
            </td>
            <td className={td}>
              {g.gradingMethod === IN_PERSON_GRADING_METHOD ? (
                <GradedInPersonMark method={g.gradingMethod} />
              ) : (
                (g.gradingMethod ?? '-')
              )}
              {g.mlPowered === 1 && (
                <span className="ml-1 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-700">AI</span>
              )}
            </td>
            <td className={td}>{new Date(g.createdAt).toLocaleDateString()}</td>
            <td className={td}>
              <Button size="sm" variant="outline" aria-label={`Edit grading ${g.id}`} onClick={() => setEditing(g)}>
                <Pencil /> Edit
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      {query.data && !query.isError && (
        <Pager page={page} pageSize={query.data.pageSize} total={query.data.total} onPage={setPage} />
      )}
      <EditGradeDialog grading={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function UserManagement() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const users = useAdminUsers(page, q);
  return (
    <div className="space-y-3">
      <form
        className="flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setQ(search.trim());
        }}
      >
        <Input
          aria-label="Search users"
          placeholder="Name or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="max-w-xs"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {users.isError ? (
        <LoadFailed what="users" onRetry={() => void users.refetch()} />
      ) : (
        <DataTable headers={['User', 'Email', 'Points', 'Status', 'Actions']}>
          {(users.data?.items ?? []).map((u) => (
            <tr key={u.id} className="border-t border-slate-100" data-testid={`user-row-${u.id}`}>
              <td className={td}>
                <span className="flex items-center gap-2">
                  {u.isAdmin ? (
                    <Shield className="size-4 text-brand-600" aria-hidden />
                  ) : (
                    <User className="size-4 text-slate-500" aria-hidden />
                  )}
                  <span>
                    <span className="font-medium text-slate-900">{u.username}</span>
                    <span className="block text-xs text-slate-500">ID: {u.id}</span>
                  </span>
                </span>
              </td>
              <td className={`${td} break-all`}>{u.email}</td>
              <td className={td}>{u.points}</td>
              <td className={td}>{u.isAdmin ? 'Admin' : 'User'}</td>
              <td className={td}>
                <Button size="sm" variant="outline" onClick={() => setAdjusting(u)}>
                  Adjust points
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {users.data && users.data.items.length === 0 && <p className="text-sm text-slate-600">No user matches “{q}”.</p>}
      {users.data && !users.isError && (
        <Pager page={page} pageSize={users.data.pageSize} total={users.data.total} onPage={setPage} />
      )}
      <AdjustPointsDialog user={adjusting} onClose={() => setAdjusting(null)} />
    </div>
  );
}

/** Add or remove points for one user, with the reason they will see in their points history. */
function AdjustPointsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const adjust = useAdjustPoints();
  const form = useForm<{ delta: number; reason: string }>({
    resolver: zodResolver(pointsAdjustmentSchema) as never,
    defaultValues: { delta: 0, reason: '' },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset({ delta: 0, reason: '' });
    onClose();
  };
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle>Adjust points for {user?.username}</DialogTitle>
        <DialogDescription>
          Balance now: {user?.points} points. Use a negative number to remove points. The reason is shown to the user in
          their points history.
        </DialogDescription>
        <form
          noValidate
          className="mt-4 space-y-3"
          onSubmit={form.handleSubmit((values) =>
            user
              ? adjust.mutate(
                  { userId: user.id, ...values },
                  {
                    onSuccess: (answer) => {
                      toast({
                        title: 'Points adjusted',
                        description: `${user.username} now has ${answer.points} points.`,
                      });
                      close();
                    },
                    onError: (error) =>
                      toast({ title: 'Adjustment failed', description: messageOf(error), variant: 'destructive' }),
                  },
                )
              : undefined,
          )}
        >
          <div className="space-y-1.5">
            <Label htmlFor="adjust-delta">Points (+ to add, - to remove)</Label>
            <Input
              id="adjust-delta"
              type="number"
              step={1}
              aria-invalid={errors.delta ? true : undefined}
              {...form.register('delta', { valueAsNumber: true })}
            />
            <FormMessage id="adjust-delta-error" message={errors.delta?.message} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="adjust-reason">Reason</Label>
            <Input id="adjust-reason" aria-invalid={errors.reason ? true : undefined} {...form.register('reason')} />
            <FormMessage id="adjust-reason-error" message={errors.reason?.message} />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={adjust.isPending}>
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PaymentManagement() {
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<PendingPayment | null>(null);
  const [reason, setReason] = useState('');
  const pending = usePendingPayments(page);
  const decide = useDecidePayment();
  const act = (id: number, decision: 'approve' | 'reject', notes?: string) =>
    decide.mutate(
      { id, decision, notes },
      {
        onSuccess: () => {
          toast({ title: decision === 'approve' ? 'Payment Approved' : 'Payment Rejected' });
          setRejecting(null);
          setReason('');
        },
        onError: (error) =>
          toast({
            title: decision === 'approve' ? 'Approval Failed' : 'Rejection Failed',
            description:
              messageOf(error) || (decision === 'approve' ? 'Failed to approve payment' : 'Failed to reject payment'),
            variant: 'destructive',
          }),
      },
    );
  if (pending.isError) return <LoadFailed what="pending payments" onRetry={() => void pending.refetch()} />;
  if (pending.data?.total === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        No pending payments to review.
      </p>
    );
  return (
    <div className="space-y-3">
      <DataTable headers={['User', 'Package', 'Method', 'Transaction ID', 'Date', 'Actions']}>
        {(pending.data?.items ?? []).map((p) => (
          <tr key={p.id} className="border-t border-slate-100" data-testid={`payment-row-${p.id}`}>
            <td className={td}>{p.username || `User #${p.userId}`}</td>
            <td className={td}>
              {p.packageId} ({p.pointsRequested} points, ${p.amount.toFixed(2)})
            </td>
            <td className={td}>{p.paymentMethod}</td>
            <td className={`${td} break-all`}>{p.transactionId}</td>
            <td className={td}>{new Date(p.createdAt).toLocaleString()}</td>
            <td className={`${td} flex gap-2`}>
              <Button size="sm" disabled={decide.isPending} onClick={() => act(p.id, 'approve')}>
                Approve
              </Button>
              <Button size="sm" variant="destructive" disabled={decide.isPending} onClick={() => setRejecting(p)}>
                Reject
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      {pending.data && (
        <Pager page={page} pageSize={pending.data.pageSize} total={pending.data.total} onPage={setPage} />
      )}
      <Dialog open={rejecting !== null} onOpenChange={(open) => !open && setRejecting(null)}>
        <DialogContent>
          <DialogTitle>Reject this payment?</DialogTitle>
          <DialogDescription>
            {rejecting &&
              `${rejecting.username || `User #${rejecting.userId}`}: ${rejecting.pointsRequested} points by ${rejecting.paymentMethod}, reference ${rejecting.transactionId}.`}{' '}
            The user sees the reason you give.
          </DialogDescription>
          <form
            noValidate
            className="mt-4 space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (rejecting && reason.trim().length >= 3) act(rejecting.id, 'reject', reason.trim());
            }}
          >
            <Label htmlFor="reject-reason">Reason</Label>
            <Input
              id="reject-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. No payment with this reference arrived"
            />
            {reason.trim().length < 3 && <p className="text-xs text-slate-500">Give the reason in a few words.</p>}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setRejecting(null)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={decide.isPending || reason.trim().length < 3}>
                Reject payment
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
