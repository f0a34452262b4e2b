// Bundles the server (and the engine's worker thread, its own entry) for `npm start`, and the
// grading worker process for `npm run worker`. Workspace packages are TypeScript source, so
// they are bundled in; npm packages stay external.
import { build } from 'esbuild';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const grader = JSON.parse(readFileSync(new URL('../grader/package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies), ...Object.keys(grader.dependencies)].filter(
  (name) => !name.startsWith('@gradelens/'),
);

const entryPoints = { main: 'src/main.ts', 'worker-main': 'src/worker-main.ts' };
if (existsSync('../grader/src/pool/worker.ts')) entryPoints['grading-worker'] = '../grader/src/pool/worker.ts';

await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
// The HEIC decoder's worker is plain JavaScript, loaded from beside the bundle.
copyFileSync('src/storage/heic-worker.mjs', 'dist/heic-worker.mjs');
