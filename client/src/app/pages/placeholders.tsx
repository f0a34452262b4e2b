import { ComingSoon } from './page-shell.tsx';

export const ProfilePage = () => <ComingSoon title="My Account" what="Your grading history, account settings and points will appear here." />;
export const PortfolioPage = () => <ComingSoon title="My Portfolio" what="Your graded collection with prices, groups and statistics will appear here." />;
export const PaymentPage = () => <ComingSoon title="Purchase Points" what="Point packages and payment instructions will appear here." />;
export const AdminPage = () => <ComingSoon title="Admin Dashboard" what="Grade management, users and payment approval will appear here." />;
export const CardReviewPage = () => <ComingSoon title="Card Review" what="Searching and correcting graded cards will appear here." />;
export const MarketplacePage = () => <ComingSoon title="Marketplace" what="Links to our live-selling and resale stores will appear here." />;
export const ForgotPasswordPage = () => <ComingSoon title="Forgot Password" what="Password recovery by email will appear here." />;
