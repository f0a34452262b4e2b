import { setNonce } from 'get-nonce';

// The server's Content-Security-Policy forbids inline styles without its nonce; main.tsx imports
// this file first, so the nonce is known before any module runs. (Eval is forbidden too: see
// lib/zod-jitless.ts for Zod.)

// Radix's dialog scroll lock inserts a <style> element: it carries the nonce the server wrote
// into the page (absent under Vite's dev server, which sends no policy).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);
