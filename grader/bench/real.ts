// The card finder on real photos (test/fixtures/real), against the hand annotations: per
// photo, what the finder answered, how far its corners are from the annotated ones in mm on
// the card, and whether that is what a finder should answer (the one card within 1.5 mm, or
// multiple_cards). Also what gradeCard answers with the photo as both faces, as the server
// would run it. Prints a table and a total; exits 0 whatever the result: test/real-photos.test.ts
// is the gate, on the photos the finder reads today.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { detectCard, gradeCard } from '../src/index.ts';
import { cornerErrorMm, readAnnotations } from '../test/real-annotations.ts';

const MAX_CORNER_ERROR_MM = 1.5;
const dir = fileURLToPath(new URL('../test/fixtures/real/', import.meta.url));
const annotations = readAnnotations(`${dir}annotations.json`);

const rows: string[][] = [['photo', 'cards', 'finder', 'corner err mm', 'expected', 'gradeCard', 'result']];
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
      : !detection.ok && detection.rejection.code === 'multiple_cards';
  if (pass) passed += 1;
  rows.push([
    photo.file,
    String(photo.wholeCards),
    detection.ok ? 'found' : detection.rejection.code,
    error === undefined ? '-' : error.toFixed(2),
    photo.expected === 'found' ? `found <= ${MAX_CORNER_ERROR_MM} mm` : 'multiple_cards',
    graded.ok ? 'graded' : graded.rejection.code,
    pass ? 'PASS' : 'FAIL',
  ]);
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const r of rows) console.log(r.map((v, c) => v.padEnd(widths[c]!)).join('  '));
const sorted = [...errors].sort((a, b) => a - b);
const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]!.toFixed(2) : '-';
console.log(
  `total: ${passed}/${annotations.photos.length} PASS; corner error of the cards found (mm): median ${median}, max ${sorted.length ? sorted.at(-1)!.toFixed(2) : '-'}`,
);
