import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import {
  adCreateSchema,
  adminAdQuerySchema,
  adminPayoutQuerySchema,
  adPlacementQuerySchema,
  adSettingsSchema,
  adUpdateSchema,
  payoutPaySchema,
  payoutRejectSchema,
  payoutRequestSchema,
  type AdPage,
  type AdPayoutPage,
  type AdPlacement,
} from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { idParams, parseInput } from '../../http/parse.ts';
import { adminOnly, currentUser, signedIn } from '../../http/session.ts';
import { readSingleFile } from '../profile/routes.ts';
import { keptSessionSecret } from '../sessions/secret.ts';
import { mailPayoutDecision } from './mail.ts';
import { decidePayout, earningsOf, listPayouts, ownerOf, requestPayout, setAdsOptOut } from './payouts.ts';
import { presentAd, presentAdminPayout, presentPayout } from './presenter.ts';
import { createAd, findAd, listAds, recordClick, replaceAdImage, servePlacement, updateAd } from './service.ts';
import { adKeysFrom, validClickSignature, viewerKeyOf, type AdKeys } from './signing.ts';

/**
 * A view or click that counts for nothing: a known bot (or no User-Agent at all), or a request
 * no page of this site made (another site's image tag or link, an address typed in by hand).
 * Browsers say where a request comes from in Sec-Fetch-Site; a request without it is no browser's.
 */
function uncounted(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'];
  if (!agent || isbot(agent)) return true;
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin';
}

/** Sponsored placements: serving and clicks for everyone, earnings and payouts for owners, ads and payouts for admins. */
export function adRoutes(app: FastifyInstance, { db, env, images, mailer }: AppContext): void {
  let keys: Promise<AdKeys> | null = null;
  const adKeys = () =>
    (keys ??= (async () => adKeysFrom(env.SESSION_SECRET ?? (await keptSessionSecret(db))))().catch((error) => {
      keys = null;
      throw error;
    }));
  const ownerShare = env.AD_OWNER_SHARE;
  const minimumCents = env.AD_PAYOUT_MINIMUM;

  app.get('/ads/placement', async (request): Promise<AdPlacement> => {
    const query = parseInput(adPlacementQuerySchema, request.query);
    const adKeysNow = await adKeys();
    const viewerId = request.user?.id ?? null;
    return servePlacement(
      db,
      { query, viewerId, viewerKey: viewerKeyOf(adKeysNow, viewerId, request.ip), uncounted: uncounted(request) },
      { keys: adKeysNow, ownerShare },
    );
  });

  app.get<{ Querystring: { sig?: unknown } }>('/ads/click/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    if (!validClickSignature(await adKeys(), id, request.query.sig)) {
      throw new AppError('FORBIDDEN', 'This ad link is not valid. Open the ad from the page that shows it.');
    }
    const link = await recordClick(db, id, { ownerShare, uncounted: uncounted(request) });
    return reply.redirect(link, 302);
  });

  // The owner's earnings, opt-out and payouts.
  app.get('/my/ad-earnings', { preHandler: signedIn }, async (request) =>
    earningsOf(db, currentUser(request), { minimumCents, ownerShare }),
  );

  app.patch('/my/ad-settings', { preHandler: signedIn }, async (request) => {
    const { adsOptOut } = parseInput(adSettingsSchema, request.body);
    return { adsOptOut: await setAdsOptOut(db, currentUser(request).id, adsOptOut) };
  });

  app.post('/my/ad-payouts', { preHandler: signedIn }, async (request, reply) => {
    const input = parseInput(payoutRequestSchema, request.body);
    const payout = await requestPayout(db, currentUser(request).id, input, { minimumCents });
    return reply.status(201).send(presentPayout(payout));
  });

  // The admins' side: ads.
  app.get('/admin/ads', { preHandler: adminOnly }, async (request): Promise<AdPage> => {
    const query = parseInput(adminAdQuerySchema, request.query);
    const { rows, total } = await listAds(db, query);
    return { items: rows.map(presentAd), total, page: query.page, pageSize: query.pageSize };
  });

  app.post('/admin/ads', { preHandler: adminOnly }, async (request, reply) => {
    const input = parseInput(adCreateSchema, request.body);
    return reply.status(201).send(presentAd(await createAd(db, input)));
  });

  app.patch('/admin/ads/:id', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(adUpdateSchema, request.body);
    return presentAd(await updateAd(db, id, input));
  });

  app.post('/admin/ads/:id/image', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const ad = await findAd(db, id);
    const upload = await readSingleFile(request, 'image');
    return presentAd(await replaceAdImage(db, images, ad, upload));
  });

  // The admins' side: payouts.
  app.get('/admin/ad-payouts', { preHandler: adminOnly }, async (request): Promise<AdPayoutPage> => {
    const query = parseInput(adminPayoutQuerySchema, request.query);
    const { rows, total } = await listPayouts(db, query);
    return {
      items: rows.map((r) => presentAdminPayout(r.payout, r.user)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  const decide = async (request: FastifyRequest, decision: Parameters<typeof decidePayout>[3]) => {
    const { id } = parseInput(idParams, request.params);
    const payout = await decidePayout(db, id, currentUser(request).id, decision);
    const owner = await ownerOf(db, payout);
    if (owner) mailPayoutDecision({ mailer, log: request.log, publicUrl: env.PUBLIC_URL }, owner, payout);
    return presentAdminPayout(payout, owner ?? { id: payout.userId, username: '', email: '' });
  };

  app.post('/admin/ad-payouts/:id/pay', { preHandler: adminOnly }, async (request) => {
    const { reference } = parseInput(payoutPaySchema, request.body);
    return decide(request, { to: 'paid', reference });
  });

  app.post('/admin/ad-payouts/:id/reject', { preHandler: adminOnly }, async (request) => {
    const { reason } = parseInput(payoutRejectSchema, request.body);
    return decide(request, { to: 'rejected', reason });
  });
}
