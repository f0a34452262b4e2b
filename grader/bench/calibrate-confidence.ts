// npx tsx grader/bench/calibrate-confidence.ts [--count N] [--seed S] [--cache DIR] [--write]:
// fits the report's confidence (src/report/confidence.ts) to how often the overall grade is exactly
// right, on the design zoo's TUNING seeds: a logistic regression of "overall exact" on the report's
// doubts. Fits on the first two thirds of the seeds, prints the calibration on the last third, and
// with --write rewrites src/report/confidence-model.ts. The bench prints how it holds on the test seeds.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { GradeReport } from '@gradelens/shared';
import { GradingPool } from '../src/pool/pool.ts';
import {
  CONFIDENCE_FEATURES,
  confidenceFeatures,
  confidenceOf,
  type ConfidenceModel,
} from '../src/report/confidence.ts';
import { toIntegerGrade } from '../src/rubric.ts';
import { ZOO_TUNING_SEEDS } from '../src/synth/zoo/index.ts';
import { zooCase } from './zoo-eval.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '400' },
    seed: { type: 'string', default: String(ZOO_TUNING_SEEDS.first) },
    cache: { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const seed0 = Number(values.seed);
if (seed0 < ZOO_TUNING_SEEDS.first || seed0 + count - 1 > ZOO_TUNING_SEEDS.last)
  throw new Error('calibrate on tuning seeds only');

const pool = new GradingPool({ maxQueue: count + 10 });
type Sample = { report: GradeReport; exact: boolean };
// In the seeds' order, whatever order the pool finishes in: the same seeds give the same fit.
const graded = await Promise.all(
  Array.from({ length: count }, async (_, i): Promise<Sample | null> => {
    const c = await zooCase(seed0 + i, false, values.cache);
    const outcome = await pool.grade(c.front, c.back).catch(() => null);
    return outcome?.ok
      ? { report: outcome.report, exact: outcome.report.overallGrade === toIntegerGrade(c.truth.expected.overall) }
      : null;
  }),
);
await pool.close();
const samples = graded.filter((s): s is Sample => s !== null);
const split = Math.floor((samples.length * 2) / 3);
const [fitOn, checkOn] = [samples.slice(0, split), samples.slice(split)];

/** Logistic regression by projected gradient descent with a little L2 (the features are few and correlated). */
function fit(data: typeof samples): ConfidenceModel {
  const xs = data.map((s) => {
    const features = confidenceFeatures(s.report);
    return CONFIDENCE_FEATURES.map((f) => features[f]);
  });
  const ys = data.map((s) => (s.exact ? 1 : 0));
  const w = CONFIDENCE_FEATURES.map(() => 0);
  let b = 0;
  for (let step = 0; step < 20_000; step += 1) {
    const gw = w.map((wj) => 0.01 * wj);
    let gb = 0;
    xs.forEach((x, i) => {
      const p = 1 / (1 + Math.exp(-(b + x.reduce((t, xj, j) => t + w[j]! * xj, 0))));
      const e = p - ys[i]!;
      gb += e / xs.length;
      x.forEach((xj, j) => (gw[j]! += (e * xj) / xs.length));
    });
    b -= 0.5 * gb;
    // Every feature is a doubt: it may lower the confidence or not count, never raise it.
    w.forEach((_, j) => (w[j] = Math.min(0, w[j]! - 0.5 * gw[j]!)));
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    source: `zoo tuning seeds ${seed0} to ${seed0 + count - 1}, ${data.length} graded pairs, fitted ${new Date().toISOString().slice(0, 10)}`,
    bias: round(b),
    weights: Object.fromEntries(CONFIDENCE_FEATURES.map((f, j) => [f, round(w[j]!)])) as ConfidenceModel['weights'],
  };
}

const model = fit(fitOn);
console.log(`graded ${samples.length} of ${count} pairs; fitted on ${fitOn.length}, checked on ${checkOn.length}`);
console.log(`model: bias ${model.bias}, ${CONFIDENCE_FEATURES.map((f) => `${f} ${model.weights[f]}`).join(', ')}`);
const buckets = [0, 0.3, 0.5, 0.7, 0.85, 1.01];
for (const [name, data] of [
  ['fitted', fitOn],
  ['held out', checkOn],
] as const) {
  // The Brier score: the mean squared gap between the confidence and the outcome (lower is better).
  const brier = data.reduce((t, s) => t + (confidenceOf(s.report, model) - (s.exact ? 1 : 0)) ** 2, 0) / data.length;
  console.log(`${name}: overall exact by confidence (Brier score ${brier.toFixed(4)})`);
  for (let k = 0; k + 1 < buckets.length; k += 1) {
    const mine = data.filter((s) => {
      const c = confidenceOf(s.report, model);
      return c >= buckets[k]! && c < buckets[k + 1]!;
    });
    const right = mine.filter((s) => s.exact).length;
    console.log(
      `    ${buckets[k]!.toFixed(2)} to ${Math.min(1, buckets[k + 1]!).toFixed(2)}: ${String(mine.length).padStart(3)} reports, ${mine.length ? ((100 * right) / mine.length).toFixed(0) : '-'}% exact`,
    );
  }
}
if (values.write) {
  const file = new URL('../src/report/confidence-model.ts', import.meta.url);
  writeFileSync(
    file,
    `// Written by grader/bench/calibrate-confidence.ts: the confidence model fitted on the design zoo's tuning seeds.\nimport type { ConfidenceModel } from './confidence.ts';\n\nexport const CONFIDENCE_MODEL: ConfidenceModel = ${JSON.stringify(
      model,
      null,
      2,
    )
      .replace(/"(\w+)":/g, '$1:')
      .replace(/"/g, "'")};\n`,
  );
  console.log(`wrote ${file.pathname}`);
}
