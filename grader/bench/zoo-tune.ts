// npx tsx grader/bench/zoo-tune.ts [--count N] [--seed S] [--bad N] [--cache DIR] [--verbose] [--measure-only]:
// the zoo evaluation on TUNING seeds (1 to 99,999), for engineers improving the engine. The
// bench (npm run bench:grader) reports the test seeds, which no one tunes on.
import { parseArgs } from 'node:util';
import { GradingPool } from '../src/pool/pool.ts';
import { ZOO_TUNING_SEEDS } from '../src/synth/zoo/index.ts';
import { benchZoo } from './zoo-eval.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '120' },
    seed: { type: 'string', default: String(ZOO_TUNING_SEEDS.first) },
    bad: { type: 'string', default: '20' },
    cache: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'measure-only': { type: 'boolean', default: false },
  },
});
const pool = new GradingPool({ maxQueue: Number(values.count) + Number(values.bad) + 10 });
await benchZoo(pool, {
  count: Number(values.count),
  badCount: Number(values.bad),
  cacheDir: values.cache,
  verbose: values.verbose,
  measureOnly: values['measure-only'],
  tuning: { first: Number(values.seed) },
});
await pool.close();
