import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../guards.tsx';
import { Toaster } from '@/components/toaster';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
