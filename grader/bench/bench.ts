// npm run bench:grader [-- --count N]: the engine against generated photos with known truth.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import type { GradeReport, HalfPointScores } from '@gradelens/shared';
import { GradingPool, RECYCLE_AFTER_JOBS } from '../src/pool/pool.ts';
import { toReportedGrade } from '../src/rubric.ts';
import { GENERATOR_VERSION, generateCase, type GroundTruth } from '../src/synth/index.ts';
import { badInputs } from './bad-inputs.ts';
import { GRADE_KEYS, line, mean, pct, quantile, REPORT_KEY, sameGrade, withinOneGrade } from './figures.ts';
import { benchZoo } from './zoo-eval.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1000' },
    verbose: { type: 'boolean', default: false },
    cache: { type: 'string' },
    // The design zoo's test seeds (bench/zoo-eval.ts); 0 leaves the zoo out.
    'zoo-count': { type: 'string', default: '300' },
    'zoo-bad': { type: 'string', default: '20' },
  },
});
const count = Number(values.count);
const seed0 = Number(values.seed);

// The same work runs at very different speeds on different machines: a fixed loop to compare by.
const calibration = (() => {
  const a = new Float32Array(1e7).fill(1.5);
  const start = performance.now();
  let sum = 0;
  for (let r = 0; r < 10; r += 1) for (let i = 0; i < a.length; i += 1) sum += a[i]! * 1.0001;
  return { ms: performance.now() - start, sum };
})();
console.log(
  `this machine: 100 million multiply-adds in ${calibration.ms.toFixed(0)} ms (a 2024 laptop core: about 120 ms)`,
);
console.log(
  `GradeLens engine benchmark: ${count} good cases (half 12 MP, half 1920x1080), 10 bad inputs, ${os.availableParallelism()} cores`,
);
const cases: { front: Buffer; back: Buffer; truth: GroundTruth; variant: string }[] = [];
const genStart = performance.now();
for (let i = 0; i < count; i += 1) {
  const variant = (['clean', 'worn', 'holo', 'full_art', 'clean'] as const)[i % 5]!;
  const glare = i % 10 === 4 ? ('light' as const) : undefined;
  // Three cases in twenty have a lamp to one side: the card casts a shadow on the table.
  const shadow = i % 10 === 7 || i % 20 === 6;
  // Five cases in twenty have small print in the bottom border (a credit line, a set code).
  const borderPrint = i % 10 === 0 || i % 10 === 9 || i % 20 === 1;
  // Three cases in twenty have a crease across the front: two worn cards and one full-art card.
  const crease = i % 20 === 11 || i % 20 === 13 || i % 20 === 16;
  // Two in twenty have a print line across the front: a holo card and a clean one.
  const printLine = i % 20 === 2 || i % 20 === 15;
  const options = {
    seed: seed0 + i,
    frame: i % 2 ? ('1080p' as const) : ('12mp' as const),
    variant,
    ...(glare ? { glare } : {}),
    ...(shadow ? { shadow } : {}),
    ...(borderPrint ? { borderPrint } : {}),
    ...(crease ? { crease } : {}),
    ...(printLine ? { printLine } : {}),
  };
  const c = values.cache ? await cached(values.cache, options) : await generateCase(options);
  cases.push({
    ...c,
    variant: glare
      ? 'clean_glare'
      : shadow
        ? `${variant}_shadow`
        : borderPrint
          ? `${variant}_print`
          : crease
            ? `${variant}_crease`
            : printLine
              ? `${variant}_printline`
              : variant,
  });
}
/** --cache DIR keeps generated cases between runs (they are slow to make), keyed by their options. */
async function cached(dir: string, options: Parameters<typeof generateCase>[0]) {
  const folder = path.join(
    dir,
    `${options.seed}-${options.variant}-${options.frame}-${options.glare ?? 'noglare'}${options.shadow ? '-shadow' : ''}${options.borderPrint ? '-print' : ''}${options.crease ? '-crease' : ''}${options.printLine ? '-printline' : ''}-v${GENERATOR_VERSION}`,
  );
  if (existsSync(path.join(folder, 'truth.json'))) {
    return {
      front: readFileSync(path.join(folder, 'front.jpg')),
      back: readFileSync(path.join(folder, 'back.jpg')),
      truth: JSON.parse(readFileSync(path.join(folder, 'truth.json'), 'utf8')) as GroundTruth,
    };
  }
  const c = await generateCase(options);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'front.jpg'), c.front);
  writeFileSync(path.join(folder, 'back.jpg'), c.back);
  writeFileSync(path.join(folder, 'truth.json'), JSON.stringify(c.truth));
  return c;
}
console.log(`generated in ${((performance.now() - genStart) / 1000).toFixed(0)} s`);

// Throughput and outcomes through the pool on every core.
const pool = new GradingPool({ maxQueue: count + 10 });
const poolStart = performance.now();
const outcomes = await Promise.all(cases.map((c) => pool.grade(c.front, c.back).catch((e: unknown) => e as Error)));
const poolSeconds = (performance.now() - poolStart) / 1000;
const bad = await badInputs(seed0 + 5000);
const badOutcomes = await Promise.all(bad.map((b) => pool.grade(b.front, b.back).catch((e: unknown) => e as Error)));
await pool.close();

// One core, in a process that does nothing else: the life of one pool worker, which grades
// RECYCLE_AFTER_JOBS pairs before it is replaced (its first gradings run code the JIT has not
// compiled yet). Median time of a 12 MP pair over that life, decoding included, and the peak
// memory that grading needs (the benchmark itself holds every case).
const scratch = mkdtempSync(path.join(os.tmpdir(), 'gradelens-bench-'));
const dirs = cases
  .filter((c) => c.truth.frame === '12mp')
  .slice(0, RECYCLE_AFTER_JOBS)
  .map((c, i) => {
    const dir = path.join(scratch, String(i));
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'front.jpg'), c.front);
    writeFileSync(path.join(dir, 'back.jpg'), c.back);
    return dir;
  });
// The engine runs as the server runs it: bundled by esbuild with server/build.mjs's options
// (tsx, which runs the TypeScript source, keeps every function's name at run time, a cost the
// bundle does not have). The bundle sits beside this file so that sharp resolves from it.
const bundleDir = mkdtempSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '.bundle-'));
const bundle = path.join(bundleDir, 'grade-files.mjs');
await build({
  entryPoints: [fileURLToPath(new URL('./grade-files.ts', import.meta.url))],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: ['sharp', '@techstark/opencv-js'],
  logLevel: 'warning',
});
// Pinned to one core where the system can (taskset): libvips would otherwise decode, and V8
// collect garbage and compile, on the other cores too.
const childArgs = [bundle, ...dirs];
const pinned = existsSync('/usr/bin/taskset');
const lastCore = String(os.availableParallelism() - 1);
const child = JSON.parse(
  (pinned
    ? execFileSync('/usr/bin/taskset', ['-c', lastCore, process.execPath, ...childArgs], { encoding: 'utf8' })
    : execFileSync(process.execPath, childArgs, { encoding: 'utf8' })
  )
    .trim()
    .split('\n')
    .pop()!,
) as { peakRssMb: number; ms: number[]; stages: Record<string, number[]> };
rmSync(scratch, { recursive: true, force: true });
rmSync(bundleDir, { recursive: true, force: true });
const single = child.ms;
const peakRss = child.peakRssMb * 1e6;

const centeringErrors: number[] = [];
let unmeasurableTruth = 0;
let unmeasurableFound = 0;
let falselyUnmeasurable = 0;
const exact = Object.fromEntries(GRADE_KEYS.map((k) => [k, 0])) as Record<(typeof GRADE_KEYS)[number], number>;
const withinOne = { ...exact };
let graded = 0;
let rejectedGood = 0;
let crashed = 0;
let cleanCases = 0;
let cleanChanged = 0;
let creasedCards = 0;
let creasesFound = 0;
let falseCreases = 0;
let printLineCards = 0;
let printLinesFound = 0;
let falsePrintLines = 0;
outcomes.forEach((o, i) => {
  const c = cases[i]!;
  if (o instanceof Error) {
    crashed += 1;
    return;
  }
  if (!o.ok) {
    rejectedGood += 1;
    if (values.verbose)
      console.log(
        `case ${i} (seed ${seed0 + i}, ${c.variant}, ${c.truth.frame}) rejected: ${o.rejection.code}: ${o.rejection.message}`,
      );
    return;
  }
  graded += 1;
  const r: GradeReport = o.report;
  for (const face of ['front', 'back'] as const) {
    const truth = c.truth.centering[face];
    const found = r.centering[face];
    if (!truth.measurable) {
      unmeasurableTruth += 1;
      if (!found.measurable) unmeasurableFound += 1;
      continue;
    }
    if (!found.measurable) {
      falselyUnmeasurable += 1;
      continue;
    }
    centeringErrors.push(
      Math.abs(found.leftRight![0] - truth.leftRight![0]),
      Math.abs(found.topBottom![0] - truth.topBottom![0]),
    );
  }
  for (const k of GRADE_KEYS) {
    const expected = toReportedGrade(c.truth.expected[k]);
    const got = r[REPORT_KEY[k]];
    if (sameGrade(got, expected)) exact[k] += 1;
    if (withinOneGrade(got, expected)) withinOne[k] += 1;
  }
  const creased = [...(c.truth.creasesMm?.front ?? []), ...(c.truth.creasesMm?.back ?? [])].length > 0;
  const creaseReported = r.defects.some((d) => d.kind === 'crease');
  if (creased) {
    creasedCards += 1;
    if (creaseReported) creasesFound += 1;
  } else if (creaseReported) falseCreases += 1;
  const printed = [...(c.truth.printLinesMm?.front ?? []), ...(c.truth.printLinesMm?.back ?? [])].length > 0;
  const printLineReported = r.defects.some((d) => d.kind === 'print_line');
  if (printed) {
    printLineCards += 1;
    if (printLineReported) printLinesFound += 1;
  } else if (printLineReported) falsePrintLines += 1;
  if (['clean', 'clean_glare', 'clean_print', 'holo', 'holo_shadow'].includes(c.variant)) {
    cleanCases += 1;
    if (
      r.scores.corners < c.truth.expected.corners ||
      r.scores.edges < c.truth.expected.edges ||
      r.scores.surface < c.truth.expected.surface
    )
      cleanChanged += 1;
  }
  if (values.verbose && GRADE_KEYS.some((k) => r[REPORT_KEY[k]] !== toReportedGrade(c.truth.expected[k]))) {
    const scores = (s: HalfPointScores) => GRADE_KEYS.map((k) => `${k.slice(0, 4)} ${s[k]}`).join(', ');
    console.log(
      `case ${i} (seed ${seed0 + i}, ${c.variant}, ${c.truth.frame}, ${c.truth.cardSize}, ${c.truth.pxPerMm.front.toFixed(1)} px/mm)`,
    );
    console.log(`  truth: ${scores(c.truth.expected)}; found: ${scores(r.scores)}`);
    for (const face of ['front', 'back'] as const) {
      const t = c.truth.centering[face];
      const f = r.centering[face];
      console.log(
        `  ${face} centering: truth ${t.measurable ? `${t.leftRight![0].toFixed(1)} / ${t.topBottom![0].toFixed(1)}` : 'n/m'}, found ${f.measurable ? `${f.leftRight![0].toFixed(1)} / ${f.topBottom![0].toFixed(1)}` : `n/m (${f.reason})`}`,
      );
    }
    for (const d of r.defects)
      console.log(`  ${d.face} ${d.kind} at ${d.location}: ${d.sizeMm} mm -> ${d.impliedGrade}`);
  }
});
const badRight = badOutcomes.filter(
  (o, i) => !(o instanceof Error) && !o.ok && o.rejection.code === bad[i]!.expected,
).length;

console.log(`\nThe first generator (src/synth, made alongside the engine): ${count} cases from seed ${seed0}`);
line('centering error of the larger share, mean (pp)', mean(centeringErrors).toFixed(2), mean(centeringErrors) <= 0.5);
line(
  'centering error of the larger share, p95 (pp)',
  quantile(centeringErrors, 0.95).toFixed(2),
  quantile(centeringErrors, 0.95) <= 1.5,
);
line(
  'not-measurable faces recognised',
  `${unmeasurableFound}/${unmeasurableTruth}`,
  unmeasurableFound === unmeasurableTruth,
);
line('measurable faces called not measurable', `${falselyUnmeasurable}`);
for (const k of GRADE_KEYS) {
  line(`${k}: exact integer grade`, `${pct(exact[k], graded).toFixed(1)}%`, pct(exact[k], graded) >= 70);
  line(`${k}: within one grade`, `${pct(withinOne[k], graded).toFixed(1)}%`, pct(withinOne[k], graded) >= 95);
}
line(
  'clean cards: a false defect changed a grade',
  `${pct(cleanChanged, cleanCases).toFixed(1)}% of ${cleanCases}`,
  pct(cleanChanged, cleanCases) <= 5,
);
line('creased cards: the crease found', `${creasesFound}/${creasedCards}`);
line('cards without a crease: a crease reported', `${falseCreases}/${graded - creasedCards}`);
line('cards with a print line: the line found', `${printLinesFound}/${printLineCards}`);
line('cards without a print line: a print line reported', `${falsePrintLines}/${graded - printLineCards}`);
line(
  'good photos rejected',
  `${pct(rejectedGood, count).toFixed(1)}% (${rejectedGood})`,
  pct(rejectedGood, count) <= 2,
);
line('bad inputs rejected with the right code', `${badRight}/${bad.length}`, badRight === bad.length);
bad.forEach((b, i) => {
  const o = badOutcomes[i]!;
  const got = o instanceof Error ? `error ${o.message}` : o.ok ? 'accepted' : o.rejection.code;
  if (got !== b.expected) console.log(`    ${b.name}: expected ${b.expected}, got ${got}`);
});
line('crashes or hangs', `${crashed}`, crashed === 0);
line(
  `median ms per 12 MP pair over a worker's ${single.length} jobs, one core${pinned ? ' (taskset)' : ' (not pinned)'}, decoding included`,
  `${quantile(single, 0.5).toFixed(0)} ms`,
  quantile(single, 0.5) <= 500,
);
console.log(
  `    median per stage: ${Object.entries(child.stages)
    .filter(([stage]) => stage !== 'total')
    .map(([stage, t]) => `${stage} ${quantile(t, 0.5).toFixed(0)} ms`)
    .join(', ')}`,
);
line('peak RSS of a process that only grades (MB)', `${(peakRss / 1e6).toFixed(0)}`, peakRss / 1e6 <= 500);
line(`throughput with the pool on ${os.availableParallelism()} cores`, `${(count / poolSeconds).toFixed(2)} pairs/s`);

const zooCount = Number(values['zoo-count']);
if (zooCount > 0) {
  const zooPool = new GradingPool({ maxQueue: zooCount + Number(values['zoo-bad']) + 10 });
  await benchZoo(zooPool, {
    count: zooCount,
    badCount: Number(values['zoo-bad']),
    cacheDir: values.cache,
    verbose: values.verbose,
  });
  await zooPool.close();
}
