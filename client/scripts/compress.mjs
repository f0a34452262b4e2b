// After vite build: a brotli (.br) and a gzip (.gz) copy beside every text file of dist/, which
// the server sends to browsers that accept them (@fastify/static preCompressed), so no CPU is
// spent compressing per request. Prints each file's sizes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|css|svg|json|txt|webmanifest)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let raw = 0;
let brotli = 0;
for (const file of files(dist)) {
  if (!TEXT.test(file)) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  raw += data.length;
  brotli += br.length;
}
console.log(`compressed client files: ${(raw / 1024).toFixed(0)} kB raw, ${(brotli / 1024).toFixed(0)} kB brotli`);
