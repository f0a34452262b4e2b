import { Pencil, Shield, User } from 'lucide-react';
import { useState } from 'react';
import type { CardGrading } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { cellClass, DataTable } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminGradings } from '@/features/admin/api/admin-gradings';
import { useAdminUsers } from '@/features/admin/api/admin-users';
import { useDecidePayment, usePendingPayments } from '@/features/admin/api/pending-payments';
import { EditGradeDialog } from '@/features/admin/components/edit-grade-dialog';
import { GradeBadge } from '@/components/grade-badge';
import { LoadFailed } from '@/features/admin/components/load-failed';
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
              {g.gradingMethod ?? '-'}
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
  const users = useAdminUsers();
  return (
    <div className="space-y-3">
      <DataTable headers={['User', 'Email', 'Points', 'Status', 'Actions']}>
        {(users.data ?? []).map((u) => (
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
            <td className={td}>{u.email}</td>
            <td className={td}>{u.points}</td>
            <td className={td}>{u.isAdmin ? 'Admin' : 'User'}</td>
            <td className={td}>
              <Button size="sm" variant="outline" disabled>
                Manage
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      <p className="text-xs text-slate-500">More user management features are coming soon.</p>
    </div>
  );
}

function PaymentManagement() {
  const pending = usePendingPayments();
  const decide = useDecidePayment();
  const act = (id: number, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => toast({ title: decision === 'approve' ? 'Payment Approved' : 'Payment Rejected' }),
        onError: (error) =>
          toast({
            title: decision === 'approve' ? 'Approval Failed' : 'Rejection Failed',
            description:
              messageOf(error) || (decision === 'approve' ? 'Failed to approve payment' : 'Failed to reject payment'),
            variant: 'destructive',
          }),
      },
    );
  if (pending.data?.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        No pending payments to review.
      </p>
    );
  return (
    <DataTable headers={['User', 'Package', 'Method', 'Transaction ID', 'Date', 'Actions']}>
      {(pending.data ?? []).map((p) => (
        <tr key={p.id} className="border-t border-slate-100" data-testid={`payment-row-${p.id}`}>
          <td className={td}>{p.username || `User #${p.userId}`}</td>
          <td className={td}>
            {p.packageId} ({p.pointsRequested} points, ${p.amount.toFixed(2)})
          </td>
          <td className={td}>{p.paymentMethod}</td>
          <td className={td}>{p.transactionId}</td>
          <td className={td}>{new Date(p.createdAt).toLocaleString()}</td>
          <td className={`${td} flex gap-2`}>
            <Button size="sm" disabled={decide.isPending} onClick={() => act(p.id, 'approve')}>
              Approve
            </Button>
            <Button size="sm" variant="destructive" disabled={decide.isPending} onClick={() => act(p.id, 'reject')}>
              Reject
            </Button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
