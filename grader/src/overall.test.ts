import { describe, expect, it } from 'vitest';
import { overallScore, type Subgrades } from './rubric.ts';

/**
 * Real graded cards: their identifier in the source, subgrades, and the overall grade recorded
 * for them (the source does not name the grading house). Quoted from data/grades.csv of the public repository crimsonthinker/psa_pokemon_cards
 * (commit 55ac388147f08ff13138472f4ff9b41e4fa9b676, 8,979 cards; removed there since). That
 * repository states no licence, so the file itself is not copied here: these few rows stand for
 * its kinds of row, and bench/overall-agreement.ts measures the rule on the whole file for
 * whoever has it (docs/grading.md, Overall: 93.0% exact, 96.4% as integers).
 */
const AGREEING: [string, Subgrades, number][] = [
  // One subgrade at the lowest: half a point above it (4,667 cards).
  ['2135041001', { centering: 10, corners: 8.5, edges: 7.5, surface: 7 }, 7.5],
  ['2135041002', { centering: 10, corners: 8.5, edges: 8, surface: 7.5 }, 8],
  // Two, three or four at the lowest: the lowest (3,680 cards).
  ['2135041004', { centering: 9.5, corners: 9, edges: 8.5, surface: 8.5 }, 8.5],
  ['2135041009', { centering: 9.5, corners: 5, edges: 5, surface: 5.5 }, 5],
  ['2135041008', { centering: 9, corners: 8.5, edges: 8.5, surface: 8.5 }, 8.5],
  ['2135041053', { centering: 9.5, corners: 9.5, edges: 9.5, surface: 9.5 }, 9.5],
  ['3727258006', { centering: 10, corners: 10, edges: 10, surface: 10 }, 10],
];

/** Cards where the recorded overall differs (632 cards): the rule's answer, then the recorded grade. */
const DISAGREEING: [string, Subgrades, number, number][] = [
  // One at the lowest, recorded a whole point above it (616 cards, most of the disagreement).
  ['2135041022', { centering: 9, corners: 9, edges: 8.5, surface: 6.5 }, 7, 7.5],
  ['2135041039', { centering: 9, corners: 6, edges: 7.5, surface: 8.5 }, 6.5, 7],
  // Two at the lowest, recorded half a point above it (11 cards).
  ['2135041109', { centering: 8.5, corners: 9, edges: 9, surface: 8.5 }, 8.5, 9],
  ['3757817001', { centering: 9.5, corners: 10, edges: 10, surface: 9.5 }, 9.5, 10],
  // One at the lowest, recorded one and a half or two points above it (3 cards).
  ['3782548002', { centering: 8.5, corners: 9, edges: 8.5, surface: 6 }, 6.5, 8],
  // One at the lowest, recorded at it (2 cards).
  ['3756624073', { centering: 9.5, corners: 9.5, edges: 9, surface: 9.5 }, 9.5, 9],
];

describe('the overall rule on real graded cards', () => {
  it('gives the recorded overall for each kind of row the rule agrees with', () => {
    for (const [id, subgrades, recorded] of AGREEING) expect(overallScore(subgrades), id).toBe(recorded);
  });

  it('gives its own answer where the recorded overall departs from the rule', () => {
    for (const [id, subgrades, rule, recorded] of DISAGREEING) {
      expect(overallScore(subgrades), id).toBe(rule);
      expect(rule, id).not.toBe(recorded);
    }
  });
});

describe('the overall rule on every combination of half-point subgrades', () => {
  const halfPoints = Array.from({ length: 19 }, (_, i) => 1 + i / 2);

  it('is the lowest subgrade, half a point more when no other subgrade is as low (docs/grading.md)', () => {
    let checked = 0;
    for (const centering of halfPoints)
      for (const corners of halfPoints)
        for (const edges of halfPoints)
          for (const surface of halfPoints) {
            const [lowest, next] = [centering, corners, edges, surface].sort((a, b) => a - b);
            // With every subgrade at most 10, half a point above a lone lowest never passes 10.
            const expected = lowest! < next! ? lowest! + 0.5 : lowest!;
            const overall = overallScore({ centering, corners, edges, surface });
            // Compared without expect: 130,321 expect calls would make most of the test's time.
            if (overall !== expected)
              expect.fail(`${centering} ${corners} ${edges} ${surface} gives ${overall}, not ${expected}`);
            checked += 1;
          }
    expect(checked).toBe(19 ** 4);
  });
});
