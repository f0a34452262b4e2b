import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { NONCE_PLACEHOLDER, registerAppShell } from './app-shell.ts';
import { registerSecurityHeaders } from './security.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'gradelens-shell-'));
writeFileSync(
  path.join(dist, 'index.html'),
  `<html><head><meta name="csp-nonce" content="${NONCE_PLACEHOLDER}" /></head><body></body></html>`,
);
writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
mkdirSync(path.join(dist, 'assets'));
const bundle = 'console.log("a hashed bundle");'.repeat(40);
writeFileSync(path.join(dist, 'assets', 'index-8yUP7Ecf.js'), bundle);
writeFileSync(path.join(dist, 'assets', 'index-8yUP7Ecf.js.br'), brotliCompressSync(bundle));
writeFileSync(path.join(dist, 'assets', 'index-8yUP7Ecf.js.gz'), gzipSync(bundle));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function shellApp() {
  const app = Fastify();
  await registerSecurityHeaders(app, { PUBLIC_URL: 'http://localhost:5000' });
  await registerAppShell(app, dist);
  return app;
}

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
});
