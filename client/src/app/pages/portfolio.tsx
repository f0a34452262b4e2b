import { Download, LayoutGrid, List } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatAverageGrade, PORTFOLIO_LOAD_MORE_DELAY_MS, PORTFOLIO_PAGE_SIZE } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/current-user';
import { useAllMyGradings } from '@/features/grading/api/my-gradings';
import { downloadPortfolio } from '@/features/portfolio/api/download-portfolio';
import { CardThumb, PortfolioCard } from '@/features/portfolio/components/portfolio-card';
import {
  filterAndSort,
  gamesOf,
  groupByGameAndSet,
  portfolioStatistics,
  setsOf,
  type SortOrder,
} from '@/features/portfolio/portfolio-logic';
import { cn } from '@/lib/utils';
import { PageSpinner } from '../guards.tsx';
import { PageShell } from './page-shell.tsx';
import { usePageTitle } from '@/lib/page-title';
import { NativeSelect } from '@/components/ui/select';

export function PortfolioPage() {
  usePageTitle('Portfolio');
  const { user } = useCurrentUser();
  const query = useAllMyGradings();
  const [search, setSearch] = useState('');
  const [game, setGame] = useState('');
  const [set, setSet] = useState('');
  const [sort, setSort] = useState<SortOrder>('newest');
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [shown, setShown] = useState(PORTFOLIO_PAGE_SIZE);
  const [loadingMore, setLoadingMore] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const all = useMemo(() => query.data ?? [], [query.data]);
  const visible = useMemo(() => filterAndSort(all, { search, game, set, sort }), [all, search, game, set, sort]);

  if (query.isLoading) return <PageSpinner />;
  if (!query.data && query.isError) {
    return (
      <PageShell title="My Portfolio">
        <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-medium text-red-800">Failed to load your portfolio</p>
          <Button variant="outline" className="mt-3" disabled={query.isFetching} onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      </PageShell>
    );
  }
  if (!all.length) {
    return (
      <PageShell title="My Portfolio">
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-slate-600">Your graded cards will appear here.</p>
          <Button asChild className="mt-4">
            <Link to="/">Grade Your First Card</Link>
          </Button>
        </div>
      </PageShell>
    );
  }
  const stats = portfolioStatistics(visible);
  const remaining = visible.length - shown;
  const resetPaging = () => setShown(PORTFOLIO_PAGE_SIZE);

  return (
    <PageShell title="My Portfolio" description={`${all.length} graded card${all.length === 1 ? '' : 's'}`}>
      <div className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="min-w-48 flex-1 space-y-1">
          <Label htmlFor="portfolio-search">Search</Label>
          <Input
            id="portfolio-search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              resetPaging();
            }}
            placeholder="Name, set, number…"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="portfolio-game">Game</Label>
          <NativeSelect
            id="portfolio-game"
            value={game}
            onChange={(e) => {
              setGame(e.target.value);
              setSet('');
              resetPaging();
            }}
          >
            <option value="">All games</option>
            {gamesOf(all).map((g) => (
              <option key={g}>{g}</option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="portfolio-set">Set</Label>
          <NativeSelect
            id="portfolio-set"
            value={set}
            onChange={(e) => {
              setSet(e.target.value);
              resetPaging();
            }}
          >
            <option value="">All sets</option>
            {setsOf(all, game).map((s) => (
              <option key={s}>{s}</option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="portfolio-sort">Sort</Label>
          <NativeSelect id="portfolio-sort" value={sort} onChange={(e) => setSort(e.target.value as SortOrder)}>
            <option value="newest">Newest First</option>
            <option value="oldest">Oldest First</option>
            <option value="grade">Highest Grade</option>
            <option value="name">Card Name</option>
          </NativeSelect>
        </div>
        <div className="flex gap-1" role="group" aria-label="Layout">
          <Button
            variant={layout === 'grid' ? 'default' : 'outline'}
            size="icon"
            aria-label="Grid view"
            aria-pressed={layout === 'grid'}
            onClick={() => setLayout('grid')}
          >
            <LayoutGrid />
          </Button>
          <Button
            variant={layout === 'list' ? 'default' : 'outline'}
            size="icon"
            aria-label="List view"
            aria-pressed={layout === 'list'}
            onClick={() => setLayout('list')}
          >
            <List />
          </Button>
        </div>
        <Button
          variant="outline"
          disabled={downloading}
          onClick={async () => {
            setDownloading(true);
            try {
              await downloadPortfolio(visible, user?.username ?? 'My');
            } catch {
              alert('Failed to download portfolio. Please try again.');
            } finally {
              setDownloading(false);
            }
          }}
        >
          <Download /> Download Portfolio
        </Button>
      </div>

      <Tabs defaultValue="collection" className="mt-6">
        <TabsList>
          <TabsTrigger value="collection">Collection</TabsTrigger>
          <TabsTrigger value="groups">By Game &amp; Set</TabsTrigger>
          <TabsTrigger value="stats">Statistics</TabsTrigger>
        </TabsList>
        <TabsContent value="collection">
          <ul
            className={cn(layout === 'grid' ? 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4' : 'space-y-3')}
            data-layout={layout}
          >
            {visible.slice(0, shown).map((card) => (
              <PortfolioCard key={card.id} card={card} layout={layout} />
            ))}
          </ul>
          {remaining > 0 && (
            <div className="mt-6 flex justify-center">
              <Button
                variant="outline"
                disabled={loadingMore}
                onClick={() => {
                  setLoadingMore(true);
                  setTimeout(() => {
                    setShown((n) => n + PORTFOLIO_PAGE_SIZE);
                    setLoadingMore(false);
                  }, PORTFOLIO_LOAD_MORE_DELAY_MS);
                }}
              >
                {loadingMore ? 'Loading...' : `Load More Cards (${remaining} remaining)`}
              </Button>
            </div>
          )}
        </TabsContent>
        <TabsContent value="groups">
          <div className="space-y-6">
            {groupByGameAndSet(visible).map((g) => (
              <section key={g.game} aria-label={g.game} className="rounded-xl border border-slate-200 bg-white p-4">
                <h3 className="text-lg font-semibold text-slate-900">
                  {g.game} <span className="text-sm font-normal text-slate-500">({g.count} cards)</span>
                </h3>
                <ul className="mt-3 grid gap-4 md:grid-cols-2">
                  {g.sets.map((s) => (
                    <li key={s.set} className="rounded-lg bg-slate-50 p-3" data-testid={`set-${g.game}-${s.set}`}>
                      <p className="font-medium text-slate-900">{s.set}</p>
                      <p className="text-xs text-slate-600">
                        {s.count} card{s.count === 1 ? '' : 's'} · average grade {formatAverageGrade(s.averageGrade)}
                      </p>
                      <div className="mt-2 grid grid-cols-4 gap-2">
                        {s.thumbnails.map((c) => (
                          <CardThumb key={c.id} card={c} className="rounded" />
                        ))}
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </TabsContent>
        <TabsContent value="stats">
          <div className="grid gap-4 sm:grid-cols-4" data-testid="portfolio-stats">
            {[
              ['Total cards', stats.totalCards],
              ['Average grade', formatAverageGrade(stats.averageGrade)],
              ['Highest grade', stats.highestGrade ?? 'N/A'],
              ['Games', stats.games],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="text-xs text-slate-500">{label}</p>
                <p className="text-2xl font-bold text-slate-900">{value}</p>
              </div>
            ))}
          </div>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="font-semibold text-slate-900">By game</h3>
              <ul className="mt-2 space-y-1 text-sm">
                {stats.perGame.map((g) => (
                  <li key={g.game} data-testid={`game-stats-${g.game}`}>
                    {g.game}: {g.count} cards, average {formatAverageGrade(g.averageGrade)}, top {g.topGrade ?? 'N/A'}
                  </li>
                ))}
              </ul>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="font-semibold text-slate-900">Recent activity</h3>
              <ul className="mt-2 space-y-1 text-sm" data-testid="recent-activity">
                {stats.recent.map((c) => (
                  <li key={c.id}>
                    {c.cardName ?? `Card #${c.id}`} · grade {c.overallGrade ?? 'N/A'} ·{' '}
                    {new Date(c.createdAt).toLocaleDateString()}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </TabsContent>
      </Tabs>
    </PageShell>
  );
}
