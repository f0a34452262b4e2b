import { useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const siteSettingsKey = ['/api/site-settings'] as const;

/** The operator's public settings: store links, where in-person cards are sent. */
export const useSiteSettings = () =>
  useQuery({
    queryKey: siteSettingsKey,
    queryFn: () => apiRequest<SiteSettings>('GET', '/api/site-settings'),
  });
