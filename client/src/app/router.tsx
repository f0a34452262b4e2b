import { lazy } from 'react';
import { Route, Routes } from 'react-router';
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
const ListingPage = lazy(() => import('./pages/listing.tsx').then((m) => ({ default: m.ListingPage })));
const ShopPage = lazy(() => import('./pages/shop.tsx').then((m) => ({ default: m.ShopPage })));
const ProductPage = lazy(() => import('./pages/product.tsx').then((m) => ({ default: m.ProductPage })));
const CartPage = lazy(() => import('./pages/cart.tsx').then((m) => ({ default: m.CartPage })));
const OrderPage = lazy(() => import('./pages/order.tsx').then((m) => ({ default: m.OrderPage })));
const ProfilePage = lazy(() => import('./pages/profile.tsx').then((m) => ({ default: m.ProfilePage })));
const SubmitPage = lazy(() => import('./pages/submit.tsx').then((m) => ({ default: m.SubmitPage })));
const SubmissionPage = lazy(() => import('./pages/submission.tsx').then((m) => ({ default: m.SubmissionPage })));

// React Router matches paths case-insensitively unless a route says otherwise, as the spec wants.
// Declarative routes (no loaders or actions are used): the data router would add 15 kB
// compressed to the first download for nothing.
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<HomePage />} />
        <Route
          path="/auth"
          element={
            <GuestOnly>
              <AuthPage />
            </GuestOnly>
          }
        />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/marketplace" element={<MarketplacePage />} />
        <Route path="/marketplace/:id" element={<ListingPage />} />
        <Route path="/shop" element={<ShopPage />} />
        <Route path="/shop/:id" element={<ProductPage />} />
        <Route
          path="/cart"
          element={
            <RequireUser>
              <CartPage />
            </RequireUser>
          }
        />
        <Route
          path="/orders/:id"
          element={
            <RequireUser>
              <OrderPage />
            </RequireUser>
          }
        />
        <Route
          path="/profile"
          element={
            <RequireUser>
              <ProfilePage />
            </RequireUser>
          }
        />
        <Route
          path="/portfolio"
          element={
            <RequireUser>
              <PortfolioPage />
            </RequireUser>
          }
        />
        <Route
          path="/payment"
          element={
            <RequireUser>
              <PaymentPage />
            </RequireUser>
          }
        />
        <Route path="/submit" element={<SubmitPage />} />
        <Route
          path="/submissions/:id"
          element={
            <RequireUser>
              <SubmissionPage />
            </RequireUser>
          }
        />
        <Route path="/card/:id" element={<CardDetailsPage />} />
        <Route path="/card-gradings/:id" element={<CardGradingRedirect />} />
        <Route path="/cert/:number" element={<CertificatePage />} />
        <Route path="/gallery" element={<GalleryPage />} />
        <Route path="/gallery/*" element={<CardDetailsPage />} />
        <Route
          path="/admin"
          element={
            <RequireAdmin>
              <AdminPage />
            </RequireAdmin>
          }
        />
        <Route
          path="/card-review"
          element={
            <RequireAdmin>
              <CardReviewPage />
            </RequireAdmin>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
