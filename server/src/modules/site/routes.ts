import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '@gradelens/shared';
import type { AppContext } from '../../context.ts';

/** Public settings the client needs at run time (store links, where to send cards), from the server's environment. */
export function siteRoutes(app: FastifyInstance, { env }: AppContext): void {
  app.get('/site-settings', async (): Promise<SiteSettings> => ({
    marketplace: { liveStoreUrl: env.MARKETPLACE_LIVE_URL ?? null, resaleStoreUrl: env.MARKETPLACE_RESALE_URL ?? null },
    inPerson: { shipTo: env.IN_PERSON_SHIP_TO ?? null },
  }));
}
