import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { registerUser } from '../../src/modules/accounts/service.ts';

let counter = 0;
/** A name no other test (or earlier run on a shared database) has used. */
export function unique(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${randomBytes(4).toString('hex')}${counter}`;
}

/** A different client address per call, so rate limits of one test never touch another. */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface UserFixture {
  id: number;
  username: string;
  email: string;
  password: string;
  isAdmin: boolean;
}

export async function createUser(db: Database, overrides: Partial<Omit<UserFixture, 'id'>> = {}): Promise<UserFixture> {
  const username = overrides.username ?? unique();
  const fixture = {
    username,
    email: overrides.email ?? `${username}@example.test`,
    password: overrides.password ?? 'correct horse',
    isAdmin: overrides.isAdmin ?? false,
  };
  const row = await registerUser(db, { ...fixture, confirmPassword: fixture.password }, { isAdmin: fixture.isAdmin });
  return { ...fixture, id: row.id };
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'gradelens_session');
  if (!cookie) throw new Error(`no session cookie in the response (status ${response.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}

/** Signs a user in through the real login call and returns the cookie header to send. */
export async function signIn(app: FastifyInstance, user: UserFixture): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: uniqueIp(),
    payload: { emailOrUsername: user.username, password: user.password },
  });
  return sessionCookie(response);
}
