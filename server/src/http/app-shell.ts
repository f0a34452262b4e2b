import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from './security.ts';

/** A file Vite named by its content (assets/index-8yUP7Ecf.js), or its brotli or gzip copy. */
const isHashedAsset = (filePath: string) =>
  /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.\w+(\.br|\.gz)?$/.test(filePath);

/** Written into client/index.html's csp-nonce meta tag; the server puts each answer's nonce in its place. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built client: its files as they are, and for every other GET the app shell
 * (index.html), whose routes the client handles. Each shell carries a fresh nonce, named in
 * that answer's policy, for the style element the client inserts; nothing else inline runs.
 */
export async function registerAppShell(app: FastifyInstance, clientDist: string): Promise<void> {
  const shell = readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: clientDist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The shell is never sent as a plain file: it would carry the placeholder, not a nonce.
    allowedPath: (pathName) => pathName !== '/index.html',
    // The build writes .br and .gz copies (client/scripts/compress.mjs): sent to browsers that take them.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // Vite names what it builds into assets/ by content: a new build is a new name, so a year is safe.
      reply.header('cache-control', isHashedAsset(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/uploads/')) {
      const nonce = randomBytes(16).toString('base64');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', contentSecurityPolicy(nonce))
        .send(shell.replaceAll(NONCE_PLACEHOLDER, nonce));
    }
    return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
  });
}
