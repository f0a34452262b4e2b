import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Radio, Store } from 'lucide-react';
import type { SiteSettings } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { apiRequest } from '@/lib/api';
import { PageShell } from './page-shell.tsx';

export const siteSettingsKey = ['/api/site-settings'] as const;

export function MarketplacePage() {
  const settings = useQuery({ queryKey: siteSettingsKey, queryFn: () => apiRequest<SiteSettings>('GET', '/api/site-settings') });
  const stores = settings.data?.marketplace;
  return (
    <PageShell title="Marketplace" description="Buy and sell graded cards in our stores.">
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-6">
          <Radio className="size-8 text-brand-600" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">Live-selling store</h2>
          <p className="mt-1 text-sm text-slate-600">Join our live breaks and auctions.</p>
          <Button asChild className="mt-4" disabled={!stores}>
            <a href={stores?.liveStoreUrl ?? '#'} target="_blank" rel="noopener noreferrer">
              Visit live store <ExternalLink />
            </a>
          </Button>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6">
          <Store className="size-8 text-brand-600" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">Resale store</h2>
          <p className="mt-1 text-sm text-slate-600">Browse graded singles at fixed prices.</p>
          <Button asChild className="mt-4" disabled={!stores}>
            <a href={stores?.resaleStoreUrl ?? '#'} target="_blank" rel="noopener noreferrer">
              Visit resale store <ExternalLink />
            </a>
          </Button>
        </div>
      </div>
    </PageShell>
  );
}
