// npx tsx grader/bench/centering-tune.ts [--count N] [--seed S] [--cache DIR] [--verbose]:
// centering alone on the zoo's TUNING seeds, every face measured at the truth's corners (no
// rejection in the way), against the truth's shares and measurability.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { distance } from '../src/geometry/homography.ts';
import { decodeRegion, openPhoto } from '../src/image/decode.ts';
import { centeringOf, measureBorders } from '../src/measure/centering.ts';
import { labFace } from '../src/measure/lab-grid.ts';
import { rectify } from '../src/rectify.ts';
import { frontCenteringGrade, backCenteringGrade } from '../src/rubric.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '160' },
    seed: { type: 'string', default: '1' },
    cache: { type: 'string', default: '/tmp/tcache' },
    verbose: { type: 'boolean', default: false },
    'min-ppm': { type: 'string', default: '7.52' },
  },
});
const SIZES = { standard: { widthMm: 63, heightMm: 88 }, small: { widthMm: 59, heightMm: 86 } } as const;
const errors: number[] = [];
let exact = 0;
let both = 0;
let falselyNot = 0;
let falselyYes = 0;
let rightNot = 0;
let wide = 0;
const reasons = new Map<string, number>();
for (let s = Number(values.seed); s < Number(values.seed) + Number(values.count); s += 1) {
  const dir = `${values.cache}/zoo-${s}-v2`;
  const c = JSON.parse(await readFile(`${dir}/case.json`, 'utf8'));
  if (!c.truth.corners) continue;
  const size = SIZES[c.truth.cardSize as 'standard' | 'small'];
  for (const face of ['front', 'back'] as const) {
    const opened = await openPhoto(await readFile(`${dir}/${face}.jpg`));
    if (!opened.ok) continue;
    const photo = opened.photo;
    const decoded = await decodeRegion(photo, { left: 0, top: 0, width: photo.width, height: photo.height });
    if (!decoded.ok) continue;
    const corners = c.truth.corners[face];
    const ppm = (distance(corners[0], corners[1]) + distance(corners[3], corners[2])) / 2 / size.widthMm;
    if (ppm < Number(values['min-ppm'])) continue;
    const lab = labFace(rectify(decoded.region, corners, size, [128, 128, 128], ppm));
    const found = centeringOf(measureBorders(lab), face);
    const truth = c.truth.centering[face];
    const tag = `seed ${s} ${face} (${face === 'front' ? `${c.meta.family} ${c.meta.frontStyle}` : `${c.meta.backFamily} back`}, ${c.meta.holder}, ${c.meta.background}, ${c.truth.frame} ${ppm.toFixed(1)}/mm${c.meta.glare ? ', glare' : ''})`;
    if (!truth.measurable) {
      if (found.measurable) {
        falselyYes += 1;
        if (values.verbose)
          console.log(
            `  ${tag}: truth not measurable, found ${found.leftRight![0]}/${found.topBottom![0]} mm ${JSON.stringify(found.bordersMm)}`,
          );
      } else {
        rightNot += 1;
        const reason = `(truth not measurable) ${found.reason!.replace(/(along|Along) the [a-z, ]* edges?/, '$1 …')}`;
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
      continue;
    }
    if (!found.measurable) {
      falselyNot += 1;
      const reason = found
        .reason!.replace(/(along|Along) the [a-z, ]* edges?/, '$1 …')
        .replace(/of the \w+ border/, 'of the … border');
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      if (values.verbose)
        console.log(
          `  ${tag}: truth ${truth.leftRight[0].toFixed(1)}/${truth.topBottom[0].toFixed(1)}, found not measurable: ${found.reason}`,
        );
      continue;
    }
    both += 1;
    const grade = face === 'front' ? frontCenteringGrade : backCenteringGrade;
    const truthGrade = grade(Math.max(truth.leftRight[0], truth.topBottom[0]));
    if (truthGrade === found.grade) exact += 1;
    const e = [Math.abs(found.leftRight![0] - truth.leftRight[0]), Math.abs(found.topBottom![0] - truth.topBottom[0])];
    errors.push(...e);
    if (Math.max(...e) > 1.5) wide += 1;
    if (values.verbose && Math.max(...e) > Number(process.env.SHOW ?? 0.5))
      console.log(
        `  ${tag}: truth ${truth.leftRight[0].toFixed(1)}/${truth.topBottom[0].toFixed(1)}, found ${found.leftRight![0]}/${found.topBottom![0]} ${JSON.stringify(found.bordersMm)} grade ${truthGrade}/${found.grade}`,
      );
  }
}
errors.sort((a, b) => a - b);
const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
console.log(
  `faces both measurable ${both}: share error mean ${mean.toFixed(2)} pp, p95 ${errors[Math.floor(0.95 * (errors.length - 1))]!.toFixed(2)} pp, face grade exact ${((100 * exact) / both).toFixed(1)}%`,
);
console.log(
  `truth measurable, found not: ${falselyNot}; truth not measurable, found measurable: ${falselyYes}; both not measurable: ${rightNot}`,
);
// Both kinds of error in one line: a wrong grade reported, and a face left unmeasured.
const measurable = both + falselyNot;
const percent = (n: number) => `${((100 * n) / measurable).toFixed(1)}%`;
console.log(
  `faces the truth measures (${measurable}): right grade ${percent(exact)}, wrong grade ${percent(both - exact)}, wrong by over 1.5 pp ${percent(wide)}, not measured ${percent(falselyNot)}`,
);
for (const [r, n] of reasons) console.log(`    ${n} ${r}`);
