import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app.ts';
import { createUser, signIn, unique, uniqueIp } from '../../test/support/factories.ts';
import { jpegOf, multipart } from '../../test/support/images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cards.example.test' });
});
afterAll(async () => {
  await t.close();
});

const registration = () => {
  const username = unique('csrf');
  return { username, email: `${username}@example.test`, password: 'secret-123', confirmPassword: 'secret-123' };
};

const register = (headers: Record<string, string>, payload: unknown = registration()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: uniqueIp(),
    headers,
    payload: payload as object,
  });

describe('a state-changing call from another site (cross-site request forgery)', () => {
  it.each([
    ['a cross-site page', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['a page on a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://evil.example.test' }],
    ['an older browser on another site', { origin: 'https://evil.example' }],
    ['a page that hides its origin', { origin: 'null' }],
  ])('is refused with 403 when it comes from %s, and changes nothing', async (_from, headers) => {
    const body = registration();
    const response = await register(headers, body);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/came from another site/);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { emailOrUsername: body.username, password: body.password },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it.each([
    ['the same origin, as the browser says', { 'sec-fetch-site': 'same-origin', origin: 'https://cards.example.test' }],
    ['the configured public origin', { origin: 'https://cards.example.test' }],
    ['the address the browser itself requested', { origin: 'http://192.168.1.20:5000', host: '192.168.1.20:5000' }],
    ['a program that is not a browser (no Origin)', {}],
  ])('goes through from %s', async (_from, headers) => {
    expect((await register(headers)).statusCode).toBe(201);
  });

  it('applies to every state-changing method, not only POST', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/email',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: `${unique('new')}@example.test`, currentPassword: user.password },
    });
    expect(response.statusCode).toBe(403);
  });
});

/** A card upload as a browser sends it, with these files. */
function upload(cookie: string, files: Parameters<typeof multipart>[0]) {
  const form = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/card-gradings/upload',
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
}

describe('request bodies', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['form-encoded', 'application/x-www-form-urlencoded'],
  ])('a %s body answers 415 and says to send JSON or multipart', async (_kind, type) => {
    const body = registration();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: uniqueIp(),
      headers: { 'content-type': type },
      payload: type === 'text/plain' ? JSON.stringify(body) : new URLSearchParams(body).toString(),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/application\/json.*multipart\/form-data/);
  });

  it('a JSON body over 1 MB answers 413 naming the 1 MB limit of a JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ emailOrUsername: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/larger than 1 MB, the limit for a JSON body/);
    expect(response.json().message).not.toMatch(/20 MB/);
  });

  it('a photo over 20 MB answers 413 naming the 20 MB limit of a file', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user);
    const big = Buffer.alloc(21 * 1024 * 1024, 1);
    const response = await upload(cookie, {
      frontImage: { data: big, filename: 'front.jpg', type: 'image/jpeg' },
      backImage: { data: await jpegOf(60, 84), filename: 'back.jpg', type: 'image/jpeg' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/file is larger than 20 MB/);
  });

  it('more than two files in one upload answers 413 saying two is the limit', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user);
    const photo = await jpegOf(60, 84);
    const response = await upload(cookie, {
      frontImage: { data: photo, filename: 'a.jpg', type: 'image/jpeg' },
      backImage: { data: photo, filename: 'b.jpg', type: 'image/jpeg' },
      extra: { data: photo, filename: 'c.jpg', type: 'image/jpeg' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/at most 2 files/);
  });
});

describe('addresses and inputs the database would refuse', () => {
  it.each([
    ['a NUL byte in the path', 'GET', '/api/card-gradings/1%00'],
    ['a NUL byte in the query', 'GET', '/api/gallery?page=1%00'],
    ['a NUL byte in a photo address', 'GET', '/uploads/%00.jpg'],
    ['a NUL byte in an address outside the API', 'GET', '/card/%00'],
    ['an id beyond 2^31', 'GET', '/api/card-gradings/2147483648'],
    ['an id beyond 2^31 on an admin call', 'GET', '/api/admin/card-gradings/99999999999/corrections'],
    ['an id beyond 2^31 on a payment call', 'POST', '/api/admin/manual-payments/3000000000/approve'],
  ])('%s answers 400 with a sentence', async (_what, method, url) => {
    const admin = await createUser(t.db, { isAdmin: true });
    const cookie = await signIn(t.app, admin);
    const response = await t.app.inject({ method: method as 'GET', url, headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/NUL|id in the address/);
  });

  it('a NUL byte inside a JSON field answers 400, not a database error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { emailOrUsername: 'alice\u0000', password: 'secret-123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/NUL/);
  });
});

describe('headers on every answer', () => {
  it('sends a Content-Security-Policy without inline script, and no framing, sniffing or referrer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site-settings' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('sends the same headers on refusals and errors, outside the API too', async () => {
    const expected = (await t.app.inject({ method: 'GET', url: '/api/site-settings' })).headers;
    for (const url of ['/api/user', '/api/card-gradings/abc', '/api/nothing-here', '/uploads/none.jpg', '/no-page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'x-content-type-options',
        'referrer-policy',
        'strict-transport-security',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
      ]) {
        expect(response.headers[name], `${name} on ${url}`).toBe(expected[name]);
      }
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('asks browsers to insist on HTTPS only when the site is served over HTTPS', async () => {
    const plain = await createTestApp({ PUBLIC_URL: 'http://cards.example.test' }, t.database);
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/api/site-settings' });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('marks every signed-in API answer no-store, errors included', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user);
    for (const url of ['/api/user', '/api/my/card-gradings', '/api/card-gradings/2147483647']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  /** A wrong sign-in from `peer` (the socket's address) carrying that X-Forwarded-For header. */
  const signInVia = (proxied: TestApp, peer: string, forwardedFor: string) =>
    proxied.app
      .inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: peer,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { emailOrUsername: unique('nobody'), password: 'wrong-password' },
      })
      .then((response) => response.statusCode);

  it('counts a client by the address the proxy appended, so a spoofed X-Forwarded-For does not reset a limit', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '3' }, t.database);
    try {
      const client = uniqueIp();
      const statuses = [];
      // Through a different proxy each time: the limit follows the client, not the peer.
      for (let i = 0; i < 4; i += 1)
        statuses.push(await signInVia(proxied, `127.0.0.${1 + i}`, `${uniqueIp()}, ${client}`));
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await proxied.close();
    }
  });

  it('trusts only the listed proxy addresses when given a list', async () => {
    // The listed proxies lie outside 10.0.0.0/8, where uniqueIp's clients are: a client drawn inside
    // the list would be taken for a proxy (1 run in 256 failed so).
    const proxied = await createTestApp({ TRUST_PROXY: '198.51.100.0/24', AUTH_RATE_LIMIT_PER_IP: '2' }, t.database);
    try {
      const client = uniqueIp();
      const statuses = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push(await signInVia(proxied, `198.51.100.${7 + i}`, `${uniqueIp()}, ${client}`));
      expect(statuses).toEqual([401, 401, 429]);
      // A peer that is not a listed proxy is the client itself, whatever header it sends.
      expect(await signInVia(proxied, '192.0.2.44', client)).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('the log', () => {
  it('holds neither the values of a failed query nor the query string of an address', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'info' }, undefined, {
      logStream: { write: (line) => void lines.push(line) },
    });
    const marker = unique('secretmarker');
    const visit = await logged.app.inject({ method: 'GET', url: `/api/gallery?token=${marker}` });
    expect(visit.statusCode).toBe(200);
    await logged.database.close();
    const failed = await logged.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueIp(),
      payload: { emailOrUsername: marker, password: `${marker}-password` },
    });
    expect(failed.statusCode).toBe(500);
    await logged.close().catch(() => undefined);
    const log = lines.join('');
    expect(log).toMatch(/request failed/);
    expect(log).toMatch(/\/api\/gallery/);
    expect(log).not.toContain(marker);
    // One line per answered request: where it went (never the query string), the status and the time.
    const gallery = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req?.path === '/api/gallery');
    expect(gallery).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: { method: 'GET', path: '/api/gallery', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });
});
