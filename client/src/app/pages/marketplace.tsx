import { ExternalLink, Radio, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { useListings, type ListingFilters } from '@/features/marketplace/api/marketplace';
import { ListingCard } from '@/features/marketplace/components/listing-card';
import { useSiteSettings } from '@/lib/site-settings';
import { usePagedFilters } from '@/lib/paged-filters';
import { PageShell } from './page-shell.tsx';
import { usePageTitle } from '@/lib/page-title';
import { NativeSelect } from '@/components/ui/select';

export function MarketplacePage() {
  usePageTitle('Marketplace');
  const settings = useSiteSettings();
  const stores = settings.data?.marketplace;
  // A store shows only when the operator configured its address; none configured says so.
  const none = settings.isSuccess && !stores?.liveStoreUrl && !stores?.resaleStoreUrl;
  return (
    <PageShell
      title="Marketplace"
      description="Graded cards from collectors, each with its GradeLens report, and our stores."
    >
      {!none && (
        <div className="mb-10 grid gap-6 md:grid-cols-2">
          {(settings.isLoading || stores?.liveStoreUrl) && (
            <StoreCard
              icon={<Radio className="size-8 text-brand-600" aria-hidden />}
              title="Live-selling store"
              text="Join our live breaks and auctions."
              cta="Visit live store"
              href={stores?.liveStoreUrl}
            />
          )}
          {(settings.isLoading || stores?.resaleStoreUrl) && (
            <StoreCard
              icon={<Store className="size-8 text-brand-600" aria-hidden />}
              title="Resale store"
              text="Browse graded singles at fixed prices."
              cta="Visit resale store"
              href={stores?.resaleStoreUrl}
            />
          )}
        </div>
      )}
      {none && (
        <p className="mb-8 text-sm text-slate-600" data-testid="no-stores">
          No stores are linked on this site yet.
        </p>
      )}
      <Listings />
    </PageShell>
  );
}

const GRADE_BOUNDS = [
  { key: 'minGrade', label: 'Lowest grade', suffix: 'or more', any: 'Any lowest grade' },
  { key: 'maxGrade', label: 'Highest grade', suffix: 'or less', any: 'Any highest grade' },
] as const;

const NO_FILTERS: ListingFilters = { type: '', game: '', minGrade: '', maxGrade: '', q: '' };

/** Collectors' listings, newest first, with their filters. */
function Listings() {
  const { filters, setFilter: set, page, setPage } = usePagedFilters<ListingFilters>(NO_FILTERS);
  const listings = useListings(filters, page);
  const grades = ['', ...Array.from({ length: 10 }, (_, i) => String(i + 1))];
  return (
    <section aria-labelledby="listings-heading">
      <h2 id="listings-heading" className="text-xl font-semibold text-slate-900">
        Graded cards from collectors
      </h2>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <Input
          type="search"
          aria-label="Search listings"
          placeholder="Card, set or words"
          className="max-w-xs"
          value={filters.q}
          onChange={(e) => set({ q: e.target.value })}
        />
        <NativeSelect
          aria-label="Sale or trade"
          value={filters.type}
          onChange={(e) => set({ type: e.target.value as ListingFilters['type'] })}
        >
          <option value="">Sale and trade</option>
          <option value="sell">For sale</option>
          <option value="trade">For trade</option>
        </NativeSelect>
        <Input
          aria-label="Game"
          placeholder="Game"
          className="w-32"
          value={filters.game}
          onChange={(e) => set({ game: e.target.value })}
        />
        {GRADE_BOUNDS.map((bound) => (
          <NativeSelect
            key={bound.key}
            aria-label={bound.label}
            value={filters[bound.key]}
            onChange={(e) => set({ [bound.key]: e.target.value })}
          >
            {grades.map((g) => (
              <option key={g || 'any'} value={g}>
                {g ? `Grade ${g} ${bound.suffix}` : bound.any}
              </option>
            ))}
          </NativeSelect>
        ))}
      </div>
      <div className="mt-6">
        {listings.isError ? (
          <LoadFailed what="listings" onRetry={() => void listings.refetch()} />
        ) : listings.data && listings.data.total === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No card is listed{Object.values(filters).some(Boolean) ? ' that matches' : ' yet'}. List one of yours from
            its card page.
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {(listings.data?.items ?? []).map((l) => (
              <ListingCard key={l.id} listing={l} />
            ))}
          </ul>
        )}
        {listings.data && (
          <div className="mt-6">
            <Pager page={page} pageSize={listings.data.pageSize} total={listings.data.total} onPage={setPage} />
          </div>
        )}
      </div>
    </section>
  );
}

function StoreCard({
  icon,
  title,
  text,
  cta,
  href,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  cta: string;
  href: string | null | undefined;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      {icon}
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      {href ? (
        <Button asChild className="mt-4">
          <a href={href} target="_blank" rel="noopener noreferrer">
            {cta} <ExternalLink />
          </a>
        </Button>
      ) : (
        // Until the settings arrive there is no address to open.
        <Button className="mt-4" disabled>
          {cta} <ExternalLink />
        </Button>
      )}
    </div>
  );
}
