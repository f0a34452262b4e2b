import { ComingSoon } from './page-shell.tsx';

export const PortfolioPage = () => <ComingSoon title="My Portfolio" what="Your graded collection with prices, groups and statistics will appear here." />;
export const AdminPage = () => <ComingSoon title="Admin Dashboard" what="Grade management, users and payment approval will appear here." />;
export const CardReviewPage = () => <ComingSoon title="Card Review" what="Searching and correcting graded cards will appear here." />;
