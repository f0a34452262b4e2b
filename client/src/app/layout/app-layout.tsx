import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../guards.tsx';
import { Toaster } from '@/components/toaster';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';

export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
