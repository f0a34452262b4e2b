import { createBrowserRouter } from 'react-router';
import { AdminPage } from './pages/admin.tsx';
import { AuthPage } from './pages/auth.tsx';
import { CardDetailsPage } from './pages/card-details.tsx';
import { CardGradingRedirect } from './pages/card-grading-redirect.tsx';
import { CardReviewPage } from './pages/card-review.tsx';
import { CertificatePage } from './pages/certificate.tsx';
import { ForgotPasswordPage } from './pages/forgot-password.tsx';
import { GalleryPage } from './pages/gallery.tsx';
import { MarketplacePage } from './pages/marketplace.tsx';
import { PaymentPage } from './pages/payment.tsx';
import { PortfolioPage } from './pages/portfolio.tsx';
import { ProfilePage } from './pages/profile.tsx';
import { HomePage } from './pages/home.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { GuestOnly, RequireAdmin, RequireUser } from './guards.tsx';

// React Router matches paths case-insensitively unless a route says otherwise, as the spec wants.
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <GuestOnly><AuthPage /></GuestOnly> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/marketplace', element: <MarketplacePage /> },
      { path: '/profile', element: <RequireUser><ProfilePage /></RequireUser> },
      { path: '/portfolio', element: <RequireUser><PortfolioPage /></RequireUser> },
      { path: '/payment', element: <RequireUser><PaymentPage /></RequireUser> },
      { path: '/card/:id', element: <CardDetailsPage /> },
      { path: '/card-gradings/:id', element: <CardGradingRedirect /> },
      { path: '/cert/:number', element: <CertificatePage /> },
      { path: '/gallery', element: <GalleryPage /> },
      { path: '/gallery/*', element: <CardDetailsPage /> },
      { path: '/admin', element: <RequireAdmin><AdminPage /></RequireAdmin> },
      { path: '/card-review', element: <RequireAdmin><CardReviewPage /></RequireAdmin> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
