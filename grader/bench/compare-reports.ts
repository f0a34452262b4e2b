// Whether a change to the engine changes any report, on the photos a benchmark cache keeps
// (`npm run bench:grader -- --cache DIR`):
//   tsx bench/compare-reports.ts record DIR reports.json   grades every case there with this checkout
//   tsx bench/compare-reports.ts compare before.json after.json   lists every field that differs
// Record once on each of the two builds, then compare. Timings are left out (they differ from
// run to run); the annotated images are compared by their SHA-256.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gradeCard } from '../src/index.ts';

async function record(cacheDir: string, out: string) {
  const cases = readdirSync(cacheDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const reports: Record<string, unknown> = {};
  for (const name of cases) {
    const read = (file: string) => readFileSync(path.join(cacheDir, name, file));
    const outcome = await gradeCard(read('front.jpg'), read('back.jpg'), { annotate: true });
    if (!outcome.ok) {
      reports[name] = { rejection: outcome.rejection };
      continue;
    }
    const { timingsMs: _timings, ...report } = outcome.report;
    const sha256 = (image: Buffer) => createHash('sha256').update(image).digest('hex');
    reports[name] = {
      report,
      annotated: { front: sha256(outcome.annotated.front), back: sha256(outcome.annotated.back) },
    };
  }
  writeFileSync(out, JSON.stringify(reports, null, 1));
  console.log(`recorded ${cases.length} cases in ${out}`);
}

/** Every leaf of a JSON value by its path, e.g. `report.defects.3.sizeMm`. */
function leaves(value: unknown, at: string, into: Map<string, string>): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) leaves(child, at ? `${at}.${key}` : key, into);
    // An empty array or object is a value of its own: its absence elsewhere is a difference.
    if (Object.keys(value).length === 0) into.set(at, JSON.stringify(value));
  } else into.set(at, JSON.stringify(value));
  return into;
}

function compare(beforeFile: string, afterFile: string) {
  const before = JSON.parse(readFileSync(beforeFile, 'utf8')) as Record<string, unknown>;
  const after = JSON.parse(readFileSync(afterFile, 'utf8')) as Record<string, unknown>;
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  let identical = 0;
  for (const name of names) {
    if (!(name in before) || !(name in after)) {
      console.log(`${name}: only in ${name in before ? beforeFile : afterFile}`);
      continue;
    }
    const a = leaves(before[name], '', new Map());
    const b = leaves(after[name], '', new Map());
    const fields = [...new Set([...a.keys(), ...b.keys()])].filter((field) => a.get(field) !== b.get(field));
    if (fields.length === 0) identical += 1;
    for (const field of fields)
      console.log(`${name}: ${field}: ${a.get(field) ?? '(absent)'} -> ${b.get(field) ?? '(absent)'}`);
  }
  console.log(`${identical} of ${names.length} identical`);
  if (identical !== names.length) process.exitCode = 1;
}

const [command, first, second] = process.argv.slice(2);
if (command === 'record' && first && second) await record(first, second);
else if (command === 'compare' && first && second) compare(first, second);
else {
  console.error('usage: compare-reports.ts record CACHE_DIR OUT.json | compare BEFORE.json AFTER.json');
  process.exitCode = 2;
}
