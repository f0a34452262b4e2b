import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Radio, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SiteSettings } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { apiRequest } from '@/lib/api';
import { PageShell } from './page-shell.tsx';
import { usePageTitle } from '@/lib/page-title';

export const siteSettingsKey = ['/api/site-settings'] as const;

export function MarketplacePage() {
  usePageTitle('Marketplace');
  const settings = useQuery({
    queryKey: siteSettingsKey,
    queryFn: () => apiRequest<SiteSettings>('GET', '/api/site-settings'),
  });
  const stores = settings.data?.marketplace;
  // A store shows only when the operator configured its address; none configured says so.
  const none = settings.isSuccess && !stores?.liveStoreUrl && !stores?.resaleStoreUrl;
  return (
    <PageShell title="Marketplace" description="Buy and sell graded cards in our stores.">
      {none ? (
        <p
          className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600"
          data-testid="no-stores"
        >
          No stores are linked on this site yet.
        </p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
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
    </PageShell>
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
