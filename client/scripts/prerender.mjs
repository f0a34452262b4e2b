// After vite build: draws the home page a guest sees (client/src/prerender.tsx, built for Node
// into a temporary folder) into dist/home.html, a copy of index.html with the markup inside
// #root. The server sends it to guests asking for '/' (server/src/http/app-shell.ts); every
// other page keeps the empty index.html and is drawn in the browser.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const client = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(client, 'dist');
// Inside the project, so the built file finds react and the rest in node_modules.
const out = mkdtempSync(path.join(client, '.prerender-'));
try {
  await build({
    root: client,
    configFile: path.join(client, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, minify: false },
    // The shared package is TypeScript source: bundled, like the browser build; libraries load from node_modules.
    ssr: { noExternal: ['@gradelens/shared'] },
  });
  const { renderGuestHome } = await import(pathToFileURL(path.join(out, 'prerender.js')).href);
  const markup = renderGuestHome();
  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const empty = '<div id="root"></div>';
  if (!shell.includes(empty)) throw new Error(`dist/index.html has no ${empty} to fill`);
  // The page is drawn before any script runs. Its stylesheet is written into it (a style element
  // carrying the answer's nonce, which the policy allows), so the first paint waits for no other
  // file; the scripts take the page over when they arrive (main.tsx hydrates it).
  const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(shell);
  if (!stylesheet) throw new Error('dist/index.html links no stylesheet to write in');
  const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');
  const page = shell
    .replace(stylesheet[0], () => `<style nonce="__CSP_NONCE__">${css}</style>`)
    .replace(empty, `<div id="root">${markup}</div>`);
  writeFileSync(path.join(dist, 'home.html'), page);
  console.log(`prerendered the guest home page: ${(markup.length / 1024).toFixed(1)} kB of markup in dist/home.html`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
