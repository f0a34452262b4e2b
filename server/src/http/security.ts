import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Env } from '../env.ts';
import { AppError } from '../errors.ts';

/**
 * The Content-Security-Policy of every answer: scripts and styles only from this origin (no
 * inline script, no eval), no plugins, no framing. The app shell adds a per-request nonce for
 * the one <style> element the client inserts (Radix's dialog scroll lock).
 */
const POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // Previews of chosen photos are data: URLs; camera frames and downloads are blobs.
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The policy as a header value; with a nonce, style elements carrying it are allowed too. */
export function contentSecurityPolicy(styleNonce?: string): string {
  return Object.entries(POLICY)
    .map(([name, values]) =>
      [name, ...values, ...(name === 'style-src' && styleNonce ? [`'nonce-${styleNonce}'`] : [])].join(' '),
    )
    .join('; ');
}

/**
 * Headers on every answer: the policy above, no framing, no MIME sniffing, no referrer (a reset
 * link carries its token in the address), and the rest of helmet's defaults. Helmet works them
 * out once, at start, and every answer gets the same list: the Fastify plugin ran helmet afresh
 * on each request (parsing the policy again), a sixth of what an API call allocated.
 */
export function registerSecurityHeaders(app: FastifyInstance, env: Pick<Env, 'PUBLIC_URL'>): void {
  const headers = securityHeaders(env);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** What helmet sets with our settings, recorded from one run on a stand-in answer. */
export function securityHeaders(env: Pick<Env, 'PUBLIC_URL'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Only a site served over HTTPS may ask browsers to insist on it.
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** No cache, shared or private, keeps an API answer: they carry accounts, balances and private gradings. */
export function registerNoStoreForApi(api: FastifyInstance): void {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a call that changes anything must come from a page of this site.
 * Browsers say where a request comes from: Sec-Fetch-Site (all current browsers) or else Origin
 * (sent with every request whose method is not GET or HEAD). A request carrying neither did
 * not come from a browser page, so no forged browser request reaches a handler. The same rule
 * as Go's net/http CrossOriginProtection.
 */
export function registerSameOriginCheck(app: FastifyInstance, env: Pick<Env, 'PUBLIC_URL'>): void {
  const trusted = new URL(env.PUBLIC_URL).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOrigin(request, trusted)) {
      throw new AppError(
        'FORBIDDEN',
        `This request came from another site, so it was refused. Open GradeLens at ${env.PUBLIC_URL} and try again.`,
      );
    }
  });
}

function isSameOrigin(request: FastifyRequest, trusted: string): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none' || origin === trusted;
  if (origin === undefined) return true;
  if (origin === trusted) return true;
  try {
    // The page's own address: what the browser sent as Host, which a page cannot forge.
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * Bodies are JSON or multipart/form-data, nothing else: a text/plain or form-encoded body is
 * what a cross-site form can send without asking. Fastify answers 415 for a type without parser.
 */
export function acceptOnlyJsonAndMultipart(app: FastifyInstance): void {
  app.removeContentTypeParser(['text/plain']);
}

/**
 * A NUL byte can reach no handler: PostgreSQL refuses it in text, and file paths end at it.
 * Checked once on the raw address here and in every parsed input (http/parse.ts).
 */
export function rejectNulInAddress(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00|\0/.test(request.url)) throw nulRefused();
  });
}

export const nulRefused = () =>
  new AppError(
    'VALIDATION',
    'The request contains a NUL character (\\0), which no field accepts. Remove it and try again.',
  );
