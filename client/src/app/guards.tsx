import { Loader2, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { returnPath, returnState } from '@/features/auth/return-path';

export function PageSpinner() {
  return (
    <div className="flex justify-center py-24" role="status" aria-label="Loading">
      <Loader2 className="size-8 animate-spin text-brand-600" />
    </div>
  );
}

/** Guests who open a signed-in page go to /auth. The server enforces the same rule on every call. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/auth" replace state={returnState(location)} />;
  return children;
}

export function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-24 text-center">
      <ShieldAlert className="size-12 text-red-500" aria-hidden />
      <h1 className="text-2xl font-bold text-slate-900">Access Denied</h1>
      <p className="text-slate-600">You don't have permission to access this page.</p>
    </div>
  );
}

/** Admin pages show Access Denied to everyone else. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user?.isAdmin) return <AccessDenied />;
  return children;
}

/** Signed-in visitors of /auth go back where they came from, else home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={returnPath(location.state)} replace />;
  return children;
}
