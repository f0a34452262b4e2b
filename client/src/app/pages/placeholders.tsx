import { ComingSoon } from './page-shell.tsx';

export const PortfolioPage = () => <ComingSoon title="My Portfolio" what="Your graded collection with prices, groups and statistics will appear here." />;
