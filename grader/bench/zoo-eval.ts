// The engine on the design zoo's test seeds (src/synth/zoo: a generator written without reading
// the engine, with real card designs, fonts, foil, desks and holders). No one tunes on these
// seeds, so the figures cannot flatter; each line carries issue 15's target.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GradeOutcome, GradeReport, Quad } from '@gradelens/shared';
import type { Point } from '../src/geometry/homography.ts';
import type { GradingPool } from '../src/pool/pool.ts';
import { overallScore, toIntegerGrade, toReportedGrade } from '../src/rubric.ts';
import { ART_SCRATCH_MIN_PX_PER_MM } from '../src/measure/surface.ts';
import { GRADE_KEYS, line, mean, pct, quantile, REPORT_KEY, sameGrade, withinOneGrade } from './figures.ts';
import {
  generateZooBadInput,
  generateZooCase,
  ZOO_BAD_INPUTS,
  ZOO_TEST_SEEDS,
  ZOO_TUNING_SEEDS,
  ZOO_VERSION,
  type ZooCase,
} from '../src/synth/zoo/index.ts';

/** The subgrades that make up the overall. */
const SUBGRADES = ['centering', 'corners', 'edges', 'surface'] as const;

/** The subgrades a false defect can lower on a clean card. */
const WEAR = ['corners', 'edges', 'surface'] as const;

/** --cache DIR keeps generated zoo cases between runs, keyed by seed and the zoo's version. */
export async function zooCase(seed: number, bad: boolean, cacheDir?: string): Promise<ZooCase> {
  const make = () => (bad ? generateZooBadInput(seed) : generateZooCase({ seed }));
  if (!cacheDir) return make();
  const folder = path.join(cacheDir, `zoo-${bad ? 'bad-' : ''}${seed}-v${ZOO_VERSION}`);
  if (existsSync(path.join(folder, 'case.json'))) {
    const { truth, meta } = JSON.parse(readFileSync(path.join(folder, 'case.json'), 'utf8')) as Pick<
      ZooCase,
      'truth' | 'meta'
    >;
    return {
      front: readFileSync(path.join(folder, 'front.jpg')),
      back: readFileSync(path.join(folder, 'back.jpg')),
      truth,
      meta,
    };
  }
  const c = await make();
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'front.jpg'), c.front);
  writeFileSync(path.join(folder, 'back.jpg'), c.back);
  writeFileSync(path.join(folder, 'case.json'), JSON.stringify({ truth: c.truth, meta: c.meta }));
  return c;
}

export interface ZooBenchOptions {
  count: number;
  badCount: number;
  cacheDir?: string;
  verbose?: boolean;
  /** The tuning seeds instead of the test seeds: for engineers improving the engine (bench/zoo-tune.ts). */
  tuning?: { first: number };
  /** Give the engine the truth's card corners: judges the measurements apart from the card search. */
  measureOnly?: boolean;
}

/**
 * How far, in mm, the outline the engine graded lies from the card's true corners: the largest
 * corner's distance, over the four ways a found quad may start (a card graded upside down is the
 * same card). Null when the truth or the report has no outline for that face.
 */
export function outlineErrorMm(c: ZooCase, face: 'front' | 'back', found: Quad | undefined): number | null {
  const truth = c.truth.corners?.[face];
  if (!truth || !found) return null;
  let best = Infinity;
  for (let shift = 0; shift < 4; shift += 1) {
    const worst = Math.max(
      ...truth.map((t, i) => Math.hypot(found[(i + shift) % 4]![0] - t.x, found[(i + shift) % 4]![1] - t.y)),
    );
    best = Math.min(best, worst);
  }
  return best / c.truth.pxPerMm[face];
}

/** An outline farther than this (mm) from the card is another thing graded as the card... */
const WRONG_OUTLINE_MM = 5;
/** ...and one within this (mm) is on the card, as the real photo fixtures require. */
const ON_CARD_MM = 1.5;

const quad = (p: { x: number; y: number }[]) => [p[0]!, p[1]!, p[2]!, p[3]!] as [Point, Point, Point, Point];

/** The kinds of surface wear whose recall the zoo section prints. */
const SURFACE_KINDS = ['scratch', 'crease', 'print_line'] as const;

export async function benchZoo(pool: GradingPool, options: ZooBenchOptions): Promise<void> {
  const seeds = options.tuning ? { first: options.tuning.first, last: ZOO_TUNING_SEEDS.last } : ZOO_TEST_SEEDS;
  const count = Math.min(options.count, seeds.last - seeds.first + 1);
  const started = performance.now();
  const cases: ZooCase[] = [];
  for (let i = 0; i < count; i += 1) cases.push(await zooCase(seeds.first + i, false, options.cacheDir));
  const bad: ZooCase[] = [];
  for (let i = 0; i < options.badCount; i += 1) bad.push(await zooCase(seeds.first + i, true, options.cacheDir));
  console.log(
    `\nThe design zoo: ${options.tuning ? 'TUNING' : 'test'} seeds ${seeds.first} to ${seeds.first + count - 1} (${count} pairs), ${bad.length} bad inputs; generated in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const at = (c: ZooCase) =>
    options.measureOnly && c.truth.corners
      ? { cardAt: { front: quad(c.truth.corners.front), back: quad(c.truth.corners.back) } }
      : {};
  const grade = (c: ZooCase) => pool.grade(c.front, c.back, at(c)).catch((e: unknown) => e as Error);
  const outcomes = await Promise.all(cases.map(grade));
  const badOutcomes = await Promise.all(bad.map(grade));

  const exact = Object.fromEntries(GRADE_KEYS.map((k) => [k, 0])) as Record<(typeof GRADE_KEYS)[number], number>;
  const withinOne = { ...exact };
  const centeringErrors: number[] = [];
  /** The same, on faces whose outline lies within ON_CARD_MM of the card: the measurement apart from the card search. */
  const centeringOnCard: number[] = [];
  const rejectedCodes = new Map<string, number>();
  const falseKinds = new Map<string, number>();
  /** Per family: clean cards graded, and per wear subgrade those a false defect lowered. */
  const families = new Map<string, { clean: number; lowered: Record<(typeof WEAR)[number], number> }>();
  const calibration = [
    { from: 0, to: 0.5, n: 0, exact: 0 },
    { from: 0.5, to: 0.7, n: 0, exact: 0 },
    { from: 0.7, to: 0.85, n: 0, exact: 0 },
    { from: 0.85, to: 1.01, n: 0, exact: 0 },
  ];
  /** Per graded pair, the squared gap between its confidence and whether its overall is exact (the Brier score's terms). */
  const brier: number[] = [];
  /** Per photo condition (background, holder, frame): pairs, and those rejected. */
  const conditions = new Map<string, { n: number; rejected: number }>();
  /** Per graded face, how far its outline lies from the card (mm); and the seeds graded on something else. */
  const outlineErrors: number[] = [];
  const wrongOutline: string[] = [];
  /**
   * Surface wear drawn on a graded face and whether the report names wear of that kind on that
   * face, by the face's resolution (the art is searched for scratches from ART_SCRATCH_MIN_PX_PER_MM).
   */
  const surfaceSeen = new Map<string, { drawn: number; reported: number }>();
  /**
   * Per subgrade, graded pairs whose overall would be exact (and within one) had that subgrade
   * been the truth's and the others as found: where the overall's misses come from.
   */
  const ifRight = Object.fromEntries(SUBGRADES.map((k) => [k, { exact: 0, withinOne: 0 }])) as Record<
    (typeof SUBGRADES)[number],
    { exact: number; withinOne: number }
  >;
  let graded = 0;
  let crashed = 0;
  let notMeasuredButTen = 0;
  outcomes.forEach((outcome: GradeOutcome | Error, i) => {
    const c = cases[i]!;
    if (outcome instanceof Error) return void (crashed += 1);
    for (const key of [`background ${c.meta.background}`, `holder ${c.meta.holder}`, `frame ${c.truth.frame}`]) {
      const tally = conditions.get(key) ?? { n: 0, rejected: 0 };
      tally.n += 1;
      if (!outcome.ok) tally.rejected += 1;
      conditions.set(key, tally);
    }
    if (!outcome.ok) {
      rejectedCodes.set(outcome.rejection.code, (rejectedCodes.get(outcome.rejection.code) ?? 0) + 1);
      if (options.verbose)
        console.log(
          `  seed ${seeds.first + i} (${c.meta.family}, ${c.meta.background}, ${c.meta.holder}) rejected: ${outcome.rejection.code}`,
        );
      return;
    }
    graded += 1;
    const r: GradeReport = outcome.report;
    const outlineError = {
      front: outlineErrorMm(c, 'front', r.outline?.front),
      back: outlineErrorMm(c, 'back', r.outline?.back),
    };
    // A face the engine left out of the grade (its outline had no card's shape) was not graded as the card.
    const leftOut = (face: 'front' | 'back') =>
      r.warnings.some((w) => w.code === 'face_not_assessed' && w.face === face);
    for (const face of ['front', 'back'] as const) {
      const error = outlineError[face];
      if (error === null || leftOut(face)) continue;
      outlineErrors.push(error);
      if (error > WRONG_OUTLINE_MM) wrongOutline.push(`${seeds.first + i} ${face} ${error.toFixed(0)} mm`);
    }
    for (const face of ['front', 'back'] as const) {
      if (leftOut(face)) continue;
      const drawn: Record<(typeof SURFACE_KINDS)[number], boolean> = {
        scratch: (c.truth.scratchMm?.[face] ?? 0) > 0,
        crease: (c.truth.creasesMm?.[face].length ?? 0) > 0,
        print_line: (c.truth.printLinesMm?.[face].length ?? 0) > 0,
      };
      const band = c.truth.pxPerMm[face] >= ART_SCRATCH_MIN_PX_PER_MM ? 'fine' : 'coarse';
      for (const kind of SURFACE_KINDS) {
        if (!drawn[kind]) continue;
        const tally = surfaceSeen.get(`${kind} ${band}`) ?? { drawn: 0, reported: 0 };
        tally.drawn += 1;
        if (r.defects.some((d) => d.face === face && d.kind === kind)) tally.reported += 1;
        surfaceSeen.set(`${kind} ${band}`, tally);
      }
    }
    for (const k of GRADE_KEYS) {
      const expected = toReportedGrade(c.truth.expected[k]);
      const got = r[REPORT_KEY[k]];
      if (sameGrade(got, expected)) exact[k] += 1;
      if (withinOneGrade(got, expected)) withinOne[k] += 1;
    }
    const expectedOverall = toIntegerGrade(c.truth.expected.overall);
    for (const k of SUBGRADES) {
      const overall = toIntegerGrade(overallScore({ ...r.scores, [k]: c.truth.expected[k] }));
      if (sameGrade(overall, expectedOverall)) ifRight[k].exact += 1;
      if (withinOneGrade(overall, expectedOverall)) ifRight[k].withinOne += 1;
    }
    for (const face of ['front', 'back'] as const) {
      const truth = c.truth.centering[face];
      const found = r.centering[face];
      if (truth.measurable && found.measurable) {
        const errors = [
          Math.abs(found.leftRight![0] - truth.leftRight![0]),
          Math.abs(found.topBottom![0] - truth.topBottom![0]),
        ];
        centeringErrors.push(...errors);
        const onCard = outlineError[face];
        if (onCard !== null && onCard <= ON_CARD_MM) centeringOnCard.push(...errors);
      }
    }
    if (!r.centering.front.measurable && !r.centering.back.measurable && r.centeringGrade === 10)
      notMeasuredButTen += 1;
    const bucket = calibration.find((b) => r.confidence >= b.from && r.confidence < b.to);
    const overallExact = r.overallGrade === expectedOverall;
    if (bucket) {
      bucket.n += 1;
      if (overallExact) bucket.exact += 1;
    }
    brier.push((r.confidence - (overallExact ? 1 : 0)) ** 2);
    if (!c.meta.damaged) {
      for (const kind of new Set(r.defects.map((d) => d.kind))) falseKinds.set(kind, (falseKinds.get(kind) ?? 0) + 1);
      const family = families.get(c.meta.family) ?? { clean: 0, lowered: { corners: 0, edges: 0, surface: 0 } };
      family.clean += 1;
      for (const k of WEAR) if (r.scores[k] < c.truth.expected[k]) family.lowered[k] += 1;
      families.set(c.meta.family, family);
    }
    if (options.verbose && !overallExact) {
      console.log(
        `  seed ${seeds.first + i} (${c.meta.family} ${c.meta.frontStyle}, ${c.meta.background}, ${c.meta.holder}, ${c.truth.frame}): truth ${GRADE_KEYS.map((k) => c.truth.expected[k]).join('/')}, found ${GRADE_KEYS.map((k) => r.scores[k]).join('/')}`,
      );
    }
  });
  const rejected = [...rejectedCodes.values()].reduce((a, b) => a + b, 0);
  const badRight = badOutcomes.filter(
    (o, i) => !(o instanceof Error) && !o.ok && o.rejection.code === bad[i]!.truth.expectedRejection,
  ).length;

  console.log('');
  for (const k of GRADE_KEYS) {
    const target = k === 'overall' ? 75 : 70;
    line(`zoo ${k}: exact integer grade`, `${pct(exact[k], graded).toFixed(1)}%`, pct(exact[k], graded) >= target);
    line(
      `zoo ${k}: within one grade`,
      `${pct(withinOne[k], graded).toFixed(1)}%`,
      k === 'overall' ? pct(withinOne[k], graded) >= 97 : undefined,
    );
  }
  for (const k of SUBGRADES)
    line(
      `    overall had ${k} been right: exact / within one`,
      `${pct(ifRight[k].exact, graded).toFixed(1)}% / ${pct(ifRight[k].withinOne, graded).toFixed(1)}%`,
    );
  line(
    'zoo centering error of the larger share, mean (pp)',
    mean(centeringErrors).toFixed(2),
    mean(centeringErrors) <= 0.3,
  );
  line(
    'zoo centering error of the larger share, p95 (pp)',
    quantile(centeringErrors, 0.95).toFixed(2),
    quantile(centeringErrors, 0.95) <= 0.8,
  );
  if (centeringOnCard.length)
    line(
      `    where the outline is within ${ON_CARD_MM} mm: mean / p95 (pp)`,
      `${mean(centeringOnCard).toFixed(2)} / ${quantile(centeringOnCard, 0.95).toFixed(2)}`,
    );
  line('zoo: no face measurable, yet centering graded 10', `${notMeasuredButTen}`, notMeasuredButTen === 0);
  if (outlineErrors.length) {
    const within = outlineErrors.filter((e) => e <= ON_CARD_MM).length;
    line(
      `zoo outline within ${ON_CARD_MM} mm of the card (graded faces)`,
      `${pct(within, outlineErrors.length).toFixed(1)}%`,
    );
    line(
      `zoo outline off by more than ${WRONG_OUTLINE_MM} mm: something else graded`,
      `${wrongOutline.length}`,
      wrongOutline.length === 0,
    );
    if (wrongOutline.length && options.verbose) console.log(`    ${wrongOutline.join(', ')}`);
  }
  line('zoo good photos rejected', `${pct(rejected, count).toFixed(1)}% (${rejected})`, pct(rejected, count) <= 1);
  if (rejected) {
    console.log(`    by code: ${[...rejectedCodes].map(([code, n]) => `${code} ${n}`).join(', ')}`);
    const worst = [...conditions]
      .filter(([, t]) => t.rejected > 0)
      .sort((a, b) => b[1].rejected / b[1].n - a[1].rejected / a[1].n);
    console.log(`    by condition: ${worst.map(([key, t]) => `${key} ${t.rejected}/${t.n}`).join(', ')}`);
  }
  line('zoo bad inputs rejected with the right code', `${badRight}/${bad.length}`, badRight === bad.length);
  ZOO_BAD_INPUTS.forEach((code) => {
    const mine = bad.map((b, i) => [b, badOutcomes[i]!] as const).filter(([b]) => b.truth.expectedRejection === code);
    const answers = mine.map(([, o]) => (o instanceof Error ? 'error' : o.ok ? 'accepted' : o.rejection.code));
    if (answers.some((a) => a !== code)) console.log(`    ${code}: answered ${answers.join(', ')}`);
  });
  line('zoo crashes or hangs', `${crashed}`, crashed === 0);
  console.log('zoo clean cards with a false defect, by kind (cards reporting at least one):');
  console.log(
    `    ${
      [...falseKinds]
        .sort((a, b) => b[1] - a[1])
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ') || 'none'
    }`,
  );
  console.log('zoo clean cards where a false defect lowered a subgrade, by family (target at most 3% each):');
  for (const [family, f] of [...families].sort()) {
    const shares = WEAR.map((k) => `${k} ${pct(f.lowered[k], f.clean).toFixed(0)}%`).join(', ');
    console.log(
      `    ${family.padEnd(10)} ${String(f.clean).padStart(3)} clean: ${shares} ${WEAR.every((k) => pct(f.lowered[k], f.clean) <= 3) ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(
    `zoo surface wear drawn on a graded face and reported there, by kind (faces under / at least ${ART_SCRATCH_MIN_PX_PER_MM} photo px per mm):`,
  );
  for (const kind of SURFACE_KINDS) {
    const of = (band: string) => {
      const t = surfaceSeen.get(`${kind} ${band}`);
      return t ? `${t.reported}/${t.drawn}` : '-';
    };
    console.log(`    ${kind.padEnd(10)} ${of('coarse')} / ${of('fine')}`);
  }
  console.log(
    `zoo calibration: overall exact by the report's confidence (higher confidence should be right more often; Brier score ${brier.length ? (brier.reduce((t, v) => t + v, 0) / brier.length).toFixed(4) : '-'}, lower is better):`,
  );
  for (const b of calibration)
    console.log(
      `    confidence ${b.from.toFixed(2)} to ${Math.min(1, b.to).toFixed(2)}: ${String(b.n).padStart(3)} reports, ${b.n ? pct(b.exact, b.n).toFixed(0) : '-'}% exact`,
    );
}
