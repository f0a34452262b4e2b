import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_ELEMENT_ID, type BootData, type CurrentUser } from '@gradelens/shared';
import { contentSecurityPolicy } from './security.ts';

/** A file Vite named by its content (assets/index-8yUP7Ecf.js), or its brotli or gzip copy. */
const isHashedAsset = (filePath: string) =>
  /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.\w+(\.br|\.gz)?$/.test(filePath);

/** Written into client/index.html's csp-nonce meta tag; the server puts each answer's nonce in its place. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export interface ShellOptions {
  /** Who is signed in, from the request's session cookie; null for a guest. */
  currentUser?: (request: FastifyRequest) => Promise<CurrentUser | null>;
}

/**
 * JSON inside a script element: '<' written as \u003c, so no value (a username such as
 * '</script><script>…') can end the element; JSON.parse reads it back unchanged.
 */
export const jsonForScriptElement = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Serves the built client: its files as they are, and for every other GET the app shell,
 * whose routes the client handles. Each shell carries a fresh nonce, named in that answer's
 * policy, for the style element the client inserts; nothing else inline runs. It also says who
 * is signed in (a JSON element, not a script), so the first render needs no call; and a guest
 * asking for '/' gets the home page already drawn at build time (home.html, from
 * client/scripts/prerender.mjs), which a phone paints before any script arrives.
 */
export async function registerAppShell(
  app: FastifyInstance,
  clientDist: string,
  options: ShellOptions = {},
): Promise<void> {
  const shell = readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  const guestHomePath = path.join(clientDist, 'home.html');
  const guestHome = existsSync(guestHomePath) ? readFileSync(guestHomePath, 'utf8') : null;
  await app.register(fastifyStatic, {
    root: clientDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The shells are never sent as plain files: they would carry the placeholder, not a nonce.
    allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/home.html',
    // The build writes .br and .gz copies (client/scripts/compress.mjs): sent to browsers that take them.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // Vite names what it builds into assets/ by content: a new build is a new name, so a year is safe.
      reply.header('cache-control', isHashedAsset(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/uploads/')) {
      const user = await visitor(request, options);
      const page = request.url === '/' && user === null && guestHome ? guestHome : shell;
      const nonce = randomBytes(16).toString('base64');
      const boot =
        user === undefined
          ? ''
          : `<script type="application/json" id="${BOOT_ELEMENT_ID}">${jsonForScriptElement({ user } satisfies BootData)}</script>`;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', contentSecurityPolicy(nonce));
      return sendCompressed(
        request,
        reply,
        page.replaceAll(NONCE_PLACEHOLDER, nonce).replace('</body>', `${boot}</body>`),
      );
    }
    return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
  });
}

/** The signed-in user, null for a guest, undefined when unknown (the client then asks /api/user). */
async function visitor(request: FastifyRequest, options: ShellOptions): Promise<CurrentUser | null | undefined> {
  if (!options.currentUser) return undefined;
  try {
    return await options.currentUser(request);
  } catch (error) {
    request.log.warn({ err: error }, 'could not read the session for the app shell; the client will ask');
    return undefined;
  }
}

/** The shell differs per answer (its nonce), so it is compressed as it is sent: brotli at a fast level, or gzip. */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}
