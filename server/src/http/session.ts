import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import {
  createSession,
  deleteSession,
  extendSession,
  findSession,
  findSessionUser,
  sessionDueForRefresh,
  type SessionUser,
} from '../modules/sessions/service.ts';

export const SESSION_COOKIE = 'gradelens_session';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
}

/**
 * Loads the signed-in user of every API request from its session cookie: one query, no write.
 * A session in use is kept alive: its expiry and the cookie's move to a full lifetime from now,
 * at most every SESSION_REFRESH_MS.
 */
export function registerSessionLoading(app: FastifyInstance, db: Database, env: Env): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = readSessionToken(request);
    if (!token) return;
    const session = await findSession(db, token);
    if (!session) return;
    request.user = session.user;
    request.sessionToken = token;
    if (
      sessionDueForRefresh(session.expiresAt, env.SESSION_TTL_DAYS) &&
      (await extendSession(db, token, env.SESSION_TTL_DAYS))
    ) {
      setSessionCookie(reply, env, token);
    }
  });
}

/** The user a request's session cookie names, or null: for answers outside the API (the app shell). */
export async function sessionUserOf(db: Database, request: FastifyRequest): Promise<SessionUser | null> {
  const token = readSessionToken(request);
  return token ? findSessionUser(db, token) : null;
}

function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** Starts a fresh session (a new id at every sign-in) and ends the one the request carried. */
export async function startSession(
  db: Database,
  env: Env,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const previous = readSessionToken(request);
  if (previous) await deleteSession(db, previous);
  setSessionCookie(reply, env, await createSession(db, userId, env.SESSION_TTL_DAYS));
}

function setSessionCookie(reply: FastifyReply, env: Env, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    signed: true,
    maxAge: env.SESSION_TTL_DAYS * 24 * 60 * 60,
  });
}

export async function endSession(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = readSessionToken(request);
  if (token) await deleteSession(db, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Route guards: declared on each route, enforced here. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

export async function adminOnly(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (request.user.isAdmin !== 1) throw forbidden();
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
