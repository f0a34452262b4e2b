// npm run grade -- FRONT BACK [--json] [--annotate DIR]
// npm run grade -- --batch DIR --json
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { GradeOutcome, GradeReport } from '@gradelens/shared';
import { gradeCard } from './index.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'boolean' }, annotate: { type: 'string' }, batch: { type: 'string' } },
});
// npm runs workspace scripts inside grader/: paths are relative to where the command was typed.
const cwd = process.env.INIT_CWD ?? process.cwd();
const resolve = (p: string) => path.resolve(cwd, p);

if (values.batch) {
  const dir = resolve(values.batch);
  for (const name of readdirSync(dir).sort()) {
    const folder = path.join(dir, name);
    if (!statSync(folder).isDirectory()) continue;
    const files = readdirSync(folder);
    const front = files.find((f) => /^front\./i.test(f));
    const back = files.find((f) => /^back\./i.test(f));
    if (!front || !back) continue;
    const start = performance.now();
    const outcome = await gradeCard(readFileSync(path.join(folder, front)), readFileSync(path.join(folder, back)));
    const ms = Math.round(performance.now() - start);
    console.log(
      JSON.stringify(
        outcome.ok ? { case: name, report: outcome.report, ms } : { case: name, error: outcome.rejection, ms },
      ),
    );
  }
} else {
  if (positionals.length !== 2) {
    console.error(
      'Usage: npm run grade -- FRONT BACK [--json] [--annotate DIR]\n       npm run grade -- --batch DIR --json',
    );
    process.exit(64);
  }
  const [front, back] = positionals.map((p) => readFileSync(resolve(p)));
  const outcome: GradeOutcome = await gradeCard(front!, back!, { annotate: Boolean(values.annotate) });
  if (!outcome.ok) {
    if (values.json) console.log(JSON.stringify({ error: outcome.rejection }));
    else console.error(`Not graded (${outcome.rejection.code}): ${outcome.rejection.message}`);
    process.exit(2);
  }
  if (values.annotate) {
    const dir = resolve(values.annotate);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'front-annotated.jpg'), outcome.annotated.front);
    writeFileSync(path.join(dir, 'back-annotated.jpg'), outcome.annotated.back);
  }
  console.log(values.json ? JSON.stringify(outcome.report, null, 2) : readable(outcome.report));
}

function readable(r: GradeReport): string {
  const pair = (p?: [number, number]) => (p ? `${p[0].toFixed(1)}/${p[1].toFixed(1)}` : 'not measurable');
  return [
    `Overall ${r.overallGrade} (${r.scores.overall})  confidence ${r.confidence}`,
    `  Centering ${r.centeringGrade} (${r.scores.centering})  front L/R ${pair(r.centering.front.leftRight)} T/B ${pair(r.centering.front.topBottom)}, back L/R ${pair(r.centering.back.leftRight)} T/B ${pair(r.centering.back.topBottom)}`,
    `  Corners   ${r.cornerGrade} (${r.scores.corners})`,
    `  Edges     ${r.edgeGrade} (${r.scores.edges})`,
    `  Surface   ${r.surfaceGrade} (${r.scores.surface})`,
    `  Card ${r.cardSize.kind} ${r.cardSize.widthMm} x ${r.cardSize.heightMm} mm, ${r.pxPerMm.front}/${r.pxPerMm.back} px per mm, ${r.timingsMs.total} ms`,
    '',
    r.notes,
  ].join('\n');
}
