import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@gradelens/shared';
import { scheduleCleanup } from './cleanup.ts';
import type { AppContext } from './context.ts';
import type { Env } from './env.ts';
import { registerAppShell } from './http/app-shell.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { loggableRequest, OneLinePerRequest } from './http/log.ts';
import { idParams, parseInput } from './http/parse.ts';
import {
  acceptOnlyJsonAndMultipart,
  registerNoStoreForApi,
  registerSameOriginCheck,
  registerSecurityHeaders,
  rejectNulInAddress,
} from './http/security.ts';
import { registerSessionLoading, sessionUserOf } from './http/session.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { adRoutes } from './modules/ads/routes.ts';
import type { Grader } from './modules/gradings/analyze.ts';
import { gradingRoutes } from './modules/gradings/routes.ts';
import type { GradingQueue } from './modules/gradings/queued-analysis.ts';
import { inPersonRoutes } from './modules/in-person/routes.ts';
import { passwordRecoveryRoutes } from './modules/password-recovery/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { photoRoutes } from './modules/photos/routes.ts';
import { portfolioRoutes } from './modules/portfolio/routes.ts';
import { ebayPriceProvider } from './modules/prices/ebay.ts';
import type { PriceProvider } from './modules/prices/provider.ts';
import { priceRoutes } from './modules/prices/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { keptSessionSecret } from './modules/sessions/secret.ts';
import { presentCurrentUser } from './modules/accounts/presenter.ts';
import { shopRoutes } from './modules/shop/routes.ts';
import { marketplaceRoutes } from './modules/marketplace/routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import type { ImageStore } from './storage/images.ts';
import { openImageStore } from './storage/store.ts';
import { clientDist } from './paths.ts';

export interface BuildOptions extends Pick<AppContext, 'db' | 'env'> {
  mailer?: Mailer;
  images?: ImageStore;
  prices?: PriceProvider | null;
  grader?: Grader | null;
  /** The grading queue on PostgreSQL (main.ts opens it when DATABASE_URL is set); without it the API grades in its own pool. */
  gradingQueue?: GradingQueue | null;
  /** Where the log goes (standard output by default); tests read it to check what is never logged. */
  logStream?: { write(line: string): void };
  /** Serve the built client when it exists (production); tests and dev leave it to Vite. */
  serveClient?: boolean;
}

/** Builds the whole app; used by the server's start and by the tests. */
export async function buildApp({
  db,
  env,
  serveClient = true,
  logStream,
  ...services
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : { level: env.LOG_LEVEL, serializers: { req: loggableRequest }, ...(logStream ? { stream: logStream } : {}) },
    trustProxy: trustedProxies(env.TRUST_PROXY),
    bodyLimit: JSON_BODY_MAX_BYTES,
    logController: new OneLinePerRequest(),
  });
  registerErrorHandler(app);
  rejectNulInAddress(app);
  registerSameOriginCheck(app, env);
  acceptOnlyJsonAndMultipart(app);
  registerSecurityHeaders(app, env);
  await app.register(fastifyCookie, { secret: env.SESSION_SECRET ?? (await keptSessionSecret(db)) });
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 20 } });

  const context: AppContext = {
    db,
    env,
    mailer: services.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: app.log }),
    images: services.images ?? (await openImageStore(env)),
    prices: services.prices === undefined ? priceProviderFrom(env) : services.prices,
    grader: services.grader ?? null,
    gradingQueue: services.gradingQueue ?? null,
  };
  scheduleCleanup(app, context);
  // The session is read where who asks matters: the API and the photos. The client's files never need it.
  await app.register(async (withSession) => {
    registerSessionLoading(withSession, db, env);
    await withSession.register(
      async (api) => {
        registerNoStoreForApi(api);
        // Every `:id` in an address is checked once, here, before any handler or query sees it.
        api.addHook('preValidation', async (request) => {
          const params = request.params as Record<string, unknown> | undefined;
          if (params && 'id' in params) parseInput(idParams, { id: params.id });
        });
        accountRoutes(api, context);
        profileRoutes(api, context);
        passwordRecoveryRoutes(api, context);
        paymentRoutes(api, context);
        gradingRoutes(api, context);
        adminRoutes(api, context);
        priceRoutes(api, context);
        portfolioRoutes(api, context);
        siteRoutes(api, context);
        inPersonRoutes(api, context);
        shopRoutes(api, context);
        marketplaceRoutes(api, context);
        adRoutes(api, context);
        api.setNotFoundHandler((request, reply) =>
          reply
            .status(404)
            .send({ message: `There is no API call ${request.method} ${request.url}.`, code: 'NOT_FOUND' }),
        );
      },
      { prefix: '/api' },
    );
    photoRoutes(withSession, context);
  });

  if (serveClient && existsSync(path.join(clientDist, 'index.html'))) {
    await registerAppShell(app, clientDist, {
      currentUser: async (request) => {
        const user = await sessionUserOf(db, request);
        return user ? presentCurrentUser(user) : null;
      },
    });
  }
  return app;
}

/**
 * A hop count trusts the closest that many addresses (the peer, then X-Forwarded-For from the
 * right), so the client is the address the outermost trusted proxy appended, never a value the
 * client wrote itself. Fastify takes address lists as they are but no hop count, hence the function.
 */
function trustedProxies(setting: Env['TRUST_PROXY']): string | false | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

function priceProviderFrom(env: BuildOptions['env']): PriceProvider | null {
  if (!env.EBAY_CLIENT_ID || !env.EBAY_CLIENT_SECRET) return null;
  return ebayPriceProvider({
    clientId: env.EBAY_CLIENT_ID,
    clientSecret: env.EBAY_CLIENT_SECRET,
    apiUrl: env.EBAY_API_URL,
  });
}
