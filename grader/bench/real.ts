// The card finder on real photos (test/fixtures/real), against the hand annotations: per
// photo, what the finder answered, how far its corners are from the annotated ones in mm on
// the card, and whether that is what a finder should answer (the one card within 1.5 mm, or
// the annotated answer: multiple_cards, or a rejection). Also what gradeCard answers with the
// photo as both faces, as the server would run it, and for each single-card photo it grades,
// the grades and the defects it reported by kind (so a clean card graded 3 for 30 scratches
// shows). Prints tables and a total; exits 0 whatever the result: test/real-photos.test.ts is
// the gate, on the photos the finder reads today.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GradeReport } from '@gradelens/shared';
import { detectCard, gradeCard } from '../src/index.ts';
import { cornerErrorMm, readAnnotations } from '../test/real-annotations.ts';

const MAX_CORNER_ERROR_MM = 1.5;
const dir = fileURLToPath(new URL('../test/fixtures/real/', import.meta.url));
const annotations = readAnnotations(`${dir}annotations.json`);

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  for (const r of rows)
    console.log(
      r
        .map((v, c) => v.padEnd(widths[c]!))
        .join('  ')
        .trimEnd(),
    );
}

/** The front face's defects by kind, most frequent first: 'scratch 30, spot 2'. Both faces are the same photo here. */
function defectsByKind(report: GradeReport): string {
  const counts = new Map<string, number>();
  for (const d of report.defects) if (d.face === 'front') counts.set(d.kind, (counts.get(d.kind) ?? 0) + 1);
  const text = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  return text || 'none';
}

const grade = (g: number | null) => (g === null ? '-' : String(g));

const rows: string[][] = [['photo', 'cards', 'finder', 'corner err mm', 'expected', 'gradeCard', 'result']];
const gradeRows: string[][] = [
  ['photo', 'overall', 'centering', 'corners', 'edges', 'surface', 'confidence', 'warnings', 'defects (front face)'],
];
let passed = 0;
const errors: number[] = [];
for (const photo of annotations.photos) {
  const bytes = readFileSync(`${dir}${photo.file}`);
  const detection = await detectCard(bytes);
  const graded = await gradeCard(bytes, bytes);
  const card = photo.cards[0];
  const error = detection.ok && card ? cornerErrorMm(detection.card.corners, card) : undefined;
  if (error !== undefined) errors.push(error);
  const pass =
    photo.expected === 'found'
      ? error !== undefined && error <= MAX_CORNER_ERROR_MM
      : !detection.ok && detection.rejection.code === photo.expected;
  if (pass) passed += 1;
  rows.push([
    photo.file,
    String(photo.wholeCards),
    detection.ok ? 'found' : detection.rejection.code,
    error === undefined ? '-' : error.toFixed(2),
    photo.expected === 'found' ? `found <= ${MAX_CORNER_ERROR_MM} mm` : photo.expected,
    graded.ok ? 'graded' : graded.rejection.code,
    pass ? 'PASS' : 'FAIL',
  ]);
  if (photo.expected === 'found' && graded.ok) {
    const r = graded.report;
    gradeRows.push([
      photo.file,
      String(r.overallGrade),
      grade(r.centeringGrade),
      String(r.cornerGrade),
      String(r.edgeGrade),
      String(r.surfaceGrade),
      r.confidence.toFixed(2),
      [...new Set(r.warnings.map((w) => w.code))].join(' ') || '-',
      defectsByKind(r),
    ]);
  }
}
printTable(rows);
const sorted = [...errors].sort((a, b) => a - b);
const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]!.toFixed(2) : '-';
console.log(
  `total: ${passed}/${annotations.photos.length} PASS; corner error of the cards found (mm): median ${median}, max ${sorted.length ? sorted.at(-1)!.toFixed(2) : '-'}`,
);
console.log('\ngradeCard on the single-card photos it graded (the photo as both faces):');
if (gradeRows.length > 1) printTable(gradeRows);
else console.log('none');
