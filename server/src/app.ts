import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@gradelens/shared';
import { scheduleCleanup } from './cleanup.ts';
import type { AppContext } from './context.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerSessionLoading } from './http/session.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import type { Grader } from './modules/gradings/analyze.ts';
import { gradingRoutes } from './modules/gradings/routes.ts';
import { passwordRecoveryRoutes } from './modules/password-recovery/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { portfolioRoutes } from './modules/portfolio/routes.ts';
import { ebayPriceProvider } from './modules/prices/ebay.ts';
import type { PriceProvider } from './modules/prices/provider.ts';
import { priceRoutes } from './modules/prices/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { keptSessionSecret } from './modules/sessions/secret.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { localImageStore, type ImageStore } from './storage/images.ts';
import { clientDist } from './paths.ts';

export interface BuildOptions extends Pick<AppContext, 'db' | 'env'> {
  mailer?: Mailer;
  images?: ImageStore;
  prices?: PriceProvider | null;
  grader?: Grader | null;
  /** Serve the built client when it exists (production); tests and dev leave it to Vite. */
  serveClient?: boolean;
}

/** Builds the whole app; used by the server's start and by the tests. */
export async function buildApp({ db, env, serveClient = true, ...services }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  registerErrorHandler(app);
  scheduleCleanup(app, db, env);
  await app.register(fastifyCookie, { secret: env.SESSION_SECRET ?? (await keptSessionSecret(db)) });
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 20 } });

  const uploads = path.join(env.DATA_DIR, 'uploads');
  mkdirSync(uploads, { recursive: true });
  const context: AppContext = {
    db,
    env,
    mailer: services.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: app.log }),
    images: services.images ?? localImageStore(uploads),
    prices: services.prices === undefined ? priceProviderFrom(env) : services.prices,
    grader: services.grader ?? null,
  };
  await app.register(
    async (api) => {
      registerSessionLoading(api, db);
      accountRoutes(api, context);
      profileRoutes(api, context);
      passwordRecoveryRoutes(api, context);
      paymentRoutes(api, context);
      gradingRoutes(api, context);
      adminRoutes(api, context);
      priceRoutes(api, context);
      portfolioRoutes(api, context);
      siteRoutes(api, context);
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ message: `There is no API call ${request.method} ${request.url}.`, code: 'NOT_FOUND' }),
      );
    },
    { prefix: '/api' },
  );

  await app.register(fastifyStatic, { root: uploads, prefix: '/uploads/', decorateReply: false, index: false });

  if (serveClient && existsSync(path.join(clientDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: clientDist, prefix: '/', wildcard: false, index: false });
    // The client routes its own paths: every other GET gets the app shell.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/uploads/')) {
        return reply.type('text/html').sendFile('index.html', clientDist);
      }
      return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
    });
  }
  return app;
}

function priceProviderFrom(env: BuildOptions['env']): PriceProvider | null {
  if (!env.EBAY_CLIENT_ID || !env.EBAY_CLIENT_SECRET) return null;
  return ebayPriceProvider({ clientId: env.EBAY_CLIENT_ID, clientSecret: env.EBAY_CLIENT_SECRET, apiUrl: env.EBAY_API_URL });
}
