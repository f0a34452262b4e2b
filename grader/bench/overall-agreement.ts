// tsx bench/overall-agreement.ts GRADES.csv: how often the overall rule (docs/grading.md, Overall)
// gives the overall recorded for real graded cards. The file is not in the repository (its
// source states no licence): data/grades.csv of github.com/crimsonthinker/psa_pokemon_cards at
// commit 55ac388147f08ff13138472f4ff9b41e4fa9b676, columns Identifier,Grade,Centering,Surface,Corners,Edges.
import { readFileSync } from 'node:fs';
import { overallScore } from '../src/rubric.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: overall-agreement.ts GRADES.csv');
  process.exit(2);
}
const [header, ...lines] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
const columns = header!.split(',');
const at = (name: string) => {
  const i = columns.indexOf(name);
  if (i < 0) throw new Error(`${file} has no column ${name}`);
  return i;
};
const [grade, centering, corners, edges, surface] = ['Grade', 'Centering', 'Corners', 'Edges', 'Surface'].map(at) as [
  number,
  number,
  number,
  number,
  number,
];
let exact = 0;
let integer = 0;
for (const line of lines) {
  const cells = line.split(',').map(Number);
  const recorded = cells[grade]!;
  const computed = overallScore({
    centering: cells[centering]!,
    corners: cells[corners]!,
    edges: cells[edges]!,
    surface: cells[surface]!,
  });
  if (computed === recorded) exact += 1;
  if (Math.floor(computed) === Math.floor(recorded)) integer += 1;
}
const percent = (n: number) => ((100 * n) / lines.length).toFixed(1);
console.log(
  `${lines.length} cards: the rule gives the recorded overall for ${exact} (${percent(exact)}%), the same integer for ${integer} (${percent(integer)}%)`,
);
