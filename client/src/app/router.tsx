import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { CardGradingRedirect } from './pages/card-grading-redirect.tsx';
import { HomePage } from './pages/home.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { GuestOnly, RequireAdmin, RequireUser } from './guards.tsx';

// The home page (landing and grading flow) is in the first download; every other page is
// fetched when first opened, so the admin, portfolio and payment code load only where used.
const AdminPage = lazy(() => import('./pages/admin.tsx').then((m) => ({ default: m.AdminPage })));
const AuthPage = lazy(() => import('./pages/auth.tsx').then((m) => ({ default: m.AuthPage })));
const CardDetailsPage = lazy(() => import('./pages/card-details.tsx').then((m) => ({ default: m.CardDetailsPage })));
const CardReviewPage = lazy(() => import('./pages/card-review.tsx').then((m) => ({ default: m.CardReviewPage })));
const CertificatePage = lazy(() => import('./pages/certificate.tsx').then((m) => ({ default: m.CertificatePage })));
const ForgotPasswordPage = lazy(() =>
  import('./pages/forgot-password.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const GalleryPage = lazy(() => import('./pages/gallery.tsx').then((m) => ({ default: m.GalleryPage })));
const MarketplacePage = lazy(() => import('./pages/marketplace.tsx').then((m) => ({ default: m.MarketplacePage })));
const PaymentPage = lazy(() => import('./pages/payment.tsx').then((m) => ({ default: m.PaymentPage })));
const PortfolioPage = lazy(() => import('./pages/portfolio.tsx').then((m) => ({ default: m.PortfolioPage })));
const ProfilePage = lazy(() => import('./pages/profile.tsx').then((m) => ({ default: m.ProfilePage })));

// React Router matches paths case-insensitively unless a route says otherwise, as the spec wants.
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        path: '/auth',
        element: (
          <GuestOnly>
            <AuthPage />
          </GuestOnly>
        ),
      },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/marketplace', element: <MarketplacePage /> },
      {
        path: '/profile',
        element: (
          <RequireUser>
            <ProfilePage />
          </RequireUser>
        ),
      },
      {
        path: '/portfolio',
        element: (
          <RequireUser>
            <PortfolioPage />
          </RequireUser>
        ),
      },
      {
        path: '/payment',
        element: (
          <RequireUser>
            <PaymentPage />
          </RequireUser>
        ),
      },
      { path: '/card/:id', element: <CardDetailsPage /> },
      { path: '/card-gradings/:id', element: <CardGradingRedirect /> },
      { path: '/cert/:number', element: <CertificatePage /> },
      { path: '/gallery', element: <GalleryPage /> },
      { path: '/gallery/*', element: <CardDetailsPage /> },
      {
        path: '/admin',
        element: (
          <RequireAdmin>
            <AdminPage />
          </RequireAdmin>
        ),
      },
      {
        path: '/card-review',
        element: (
          <RequireAdmin>
            <CardReviewPage />
          </RequireAdmin>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
