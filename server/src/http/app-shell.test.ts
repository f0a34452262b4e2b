import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@gradelens/shared';
import { NONCE_PLACEHOLDER, registerAppShell, type ShellOptions } from './app-shell.ts';
import { registerSecurityHeaders } from './security.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'gradelens-shell-'));
writeFileSync(
  path.join(dist, 'index.html'),
  `<html><head><meta name="csp-nonce" content="${NONCE_PLACEHOLDER}" /></head><body><div id="root"></div></body></html>`,
);
writeFileSync(
  path.join(dist, 'home.html'),
  `<html><head><meta name="csp-nonce" content="${NONCE_PLACEHOLDER}" /></head><body><div id="root"><h1>Drawn at build time</h1></div></body></html>`,
);
writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
mkdirSync(path.join(dist, 'assets'));
const bundle = 'console.log("a hashed bundle");'.repeat(40);
writeFileSync(path.join(dist, 'assets', 'index-8yUP7Ecf.js'), bundle);
writeFileSync(path.join(dist, 'assets', 'index-8yUP7Ecf.js.br'), brotliCompressSync(bundle));
writeFileSync(path.join(dist, 'assets', 'index-8yUP7Ecf.js.gz'), gzipSync(bundle));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function shellApp(options: ShellOptions = {}) {
  const app = Fastify();
  await registerSecurityHeaders(app, { PUBLIC_URL: 'http://localhost:5000' });
  await registerAppShell(app, dist, options);
  return app;
}

const member: CurrentUser = {
  id: 7,
  username: 'ash</script><script>alert(1)</script>',
  email: 'ash@example.com',
  isAdmin: false,
  points: 20,
  createdAt: '2026-11-25T00:00:00.000Z',
};
/** Stands in for the session lookup: the cookie 'who' names the visitor. */
const byCookie: ShellOptions = {
  currentUser: async (request) => {
    const who = /who=(\w+)/.exec(String(request.headers.cookie ?? ''))?.[1];
    if (who === 'broken') throw new Error('database down');
    return who === 'member' ? member : null;
  },
};
const bootIn = (html: string) =>
  /<script type="application\/json" id="gl-boot">(.*?)<\/script>/.exec(html)?.[1] ?? null;

const nonceIn = (html: string) => /content="([^"]+)"/.exec(html)?.[1];

describe('the built client files', () => {
  it('sends hashed bundles brotli- or gzip-compressed as the browser accepts, kept a year; other files and the shell are checked each time', async () => {
    const app = await shellApp();
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-8yUP7Ecf.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(String(br.headers.vary)).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-8yUP7Ecf.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-8yUP7Ecf.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
    expect((await app.inject({ method: 'GET', url: '/app.js' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/gallery' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('the app shell', () => {
  it('carries a fresh nonce in each page, allowed for styles by that answer’s policy only', async () => {
    const app = await shellApp();
    const first = await app.inject({ method: 'GET', url: '/portfolio' });
    const second = await app.inject({ method: 'GET', url: '/' });
    const nonce = nonceIn(first.body);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceIn(second.body)).not.toBe(nonce);
    const policy = String(first.headers['content-security-policy']);
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toMatch(/script-src 'self';/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const head = await app.inject({ method: 'HEAD', url: '/portfolio' });
    expect([head.statusCode, String(head.headers['content-security-policy'])]).toEqual([
      200,
      expect.stringMatching(/style-src 'self' 'nonce-/),
    ]);
    await app.close();
  });

  it('never sends the shell as a plain file, and other files without a nonce', async () => {
    const app = await shellApp();
    const direct = await app.inject({ method: 'GET', url: '/index.html' });
    expect(direct.body).not.toContain(NONCE_PLACEHOLDER);
    const script = await app.inject({ method: 'GET', url: '/app.js' });
    expect(script.body).toBe('console.log(1)');
    expect(String(script.headers['content-security-policy'])).toMatch(/style-src 'self';/);
    await app.close();
  });

  it('says who is signed in, in a JSON element no username can break out of', async () => {
    const app = await shellApp(byCookie);
    const guest = await app.inject({ method: 'GET', url: '/gallery' });
    expect(JSON.parse(bootIn(guest.body)!)).toEqual({ user: null });
    const signedIn = await app.inject({ method: 'GET', url: '/gallery', headers: { cookie: 'who=member' } });
    const boot = bootIn(signedIn.body)!;
    expect(boot).not.toContain('</script>');
    expect(JSON.parse(boot)).toEqual({ user: member });
    expect(signedIn.body.match(/<script/g)).toHaveLength(1);
    // A failed lookup sends the page without it: the client then asks /api/user.
    const broken = await app.inject({ method: 'GET', url: '/gallery', headers: { cookie: 'who=broken' } });
    expect([broken.statusCode, bootIn(broken.body)]).toEqual([200, null]);
    await app.close();
  });

  it('sends the prerendered home page to a guest at / only; a user, another page or a query gets the empty shell', async () => {
    const app = await shellApp(byCookie);
    const drawn = (response: { body: string }) => response.body.includes('Drawn at build time');
    expect(drawn(await app.inject({ method: 'GET', url: '/' }))).toBe(true);
    expect(drawn(await app.inject({ method: 'GET', url: '/', headers: { cookie: 'who=member' } }))).toBe(false);
    expect(drawn(await app.inject({ method: 'GET', url: '/?draft=4' }))).toBe(false);
    expect(drawn(await app.inject({ method: 'GET', url: '/gallery' }))).toBe(false);
    const direct = await app.inject({ method: 'GET', url: '/home.html' });
    expect(direct.body).not.toContain(NONCE_PLACEHOLDER);
    await app.close();
  });

  it('compresses the shell as the browser accepts', async () => {
    const app = await shellApp(byCookie);
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Drawn at build time');
    const gz = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Drawn at build time');
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    await app.close();
  });
});
