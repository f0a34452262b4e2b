import { setNonce } from 'get-nonce';
import { config } from 'zod';

// The server's Content-Security-Policy forbids eval and inline styles without its nonce; main.tsx
// imports this file first, so both hold before any module runs.

// Zod compiles its object parsers with new Function when it may, and probes for it when a
// schema is built.
config({ jitless: true });

// Radix's dialog scroll lock inserts a <style> element: it carries the nonce the server wrote
// into the page (absent under Vite's dev server, which sends no policy).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);
