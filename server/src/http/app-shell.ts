import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from './security.ts';

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
