// npx tsx grader/bench/zoo-sample.ts [--count N] [--seed S] [--out DIR] [--bad]: writes design-zoo
// pairs (front.jpg, back.jpg, truth.json with the meta beside it) for a person to look at, and
// prints how long each pair took to make.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateZooBadInput, generateZooCase, ZOO_TUNING_SEEDS } from '../src/synth/zoo/index.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '8' },
    seed: { type: 'string', default: String(ZOO_TUNING_SEEDS.first) },
    out: { type: 'string', default: path.join(os.tmpdir(), 'gradelens-zoo-samples') },
    bad: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const seed0 = Number(values.seed);
const times: number[] = [];
for (let i = 0; i < count; i += 1) {
  const seed = seed0 + i;
  const start = performance.now();
  const c = values.bad ? await generateZooBadInput(seed) : await generateZooCase({ seed });
  times.push(performance.now() - start);
  const dir = path.join(
    values.out,
    `${seed}-${c.meta.family}-${c.meta.frontStyle}-${c.truth.frame}${c.truth.expectedRejection ? `-${c.truth.expectedRejection}` : ''}`,
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'front.jpg'), c.front);
  writeFileSync(path.join(dir, 'back.jpg'), c.back);
  writeFileSync(path.join(dir, 'truth.json'), `${JSON.stringify({ truth: c.truth, meta: c.meta }, null, 2)}\n`);
  console.log(
    `${dir}: ${c.meta.background}, ${c.meta.holder}, ${c.meta.damage.join(' ') || 'clean'}, ${(times.at(-1)! / 1000).toFixed(2)} s`,
  );
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `${count} pairs: median ${(sorted[Math.floor(count / 2)]! / 1000).toFixed(2)} s, slowest ${(sorted.at(-1)! / 1000).toFixed(2)} s per pair`,
);
