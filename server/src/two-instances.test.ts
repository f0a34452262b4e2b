import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/support/app.ts';
import { createUser, uniqueIp } from '../test/support/factories.ts';

// Two API instances on one database behave as one (docs/ARCHITECTURE.md): a session made on one
// works on the other, and a rate limit is counted once, not once per instance. On PostgreSQL
// (npm run test:pg, .ci/run) these are two servers as an operator would run them behind one address.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3' });
  b = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3' }, a.database);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const login = (app: TestApp, body: object, remoteAddress: string) =>
  app.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: body });

describe('two instances on one database', () => {
  it('share sessions: signed in on one, known on the other; signed out on the other, gone on both', async () => {
    const user = await createUser(a.db);
    const signedIn = await login(a, { emailOrUsername: user.username, password: user.password }, uniqueIp());
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.headers['set-cookie']!.toString().split(';')[0]!;
    const onB = await b.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect([onB.statusCode, onB.json().username]).toEqual([200, user.username]);
    expect((await b.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(204);
    expect((await a.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('count one rate limit: three sign-ins from one address across both, then both refuse', async () => {
    const address = uniqueIp();
    const wrong = { emailOrUsername: 'nobody_here', password: 'wrong-password' };
    const codes = [];
    for (const app of [a, b, a]) codes.push((await login(app, wrong, address)).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    expect((await login(b, wrong, address)).statusCode).toBe(429);
    expect((await login(a, wrong, address)).statusCode).toBe(429);
  });
});
