import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_PLANS, exampleOptions, type LandingExample } from '../bench/landing-example-plans.ts';
import { gradeCard } from './index.ts';
import { generateZooCase } from './synth/zoo/index.ts';

const examples: LandingExample[] = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../client/src/features/landing/examples.json', import.meta.url)), 'utf8'),
);

// The landing page shows these as the engine's output: they must still be what it answers.
describe('the landing page examples', () => {
  it.each(examples)(
    '$label (seed $seed) is graded as shown; if not, run npx tsx grader/bench/landing-examples.ts',
    async (example) => {
      const plan = EXAMPLE_PLANS.find((p) => p.family === example.family)!;
      const pair = await generateZooCase(exampleOptions(plan, example.seed));
      const outcome = await gradeCard(pair.front, pair.back);
      if (!outcome.ok) throw new Error(outcome.rejection.message);
      const { report } = outcome;
      expect({
        overall: report.overallGrade,
        centering: report.centeringGrade,
        corners: report.cornerGrade,
        edges: report.edgeGrade,
        surface: report.surfaceGrade,
      }).toEqual({
        overall: example.overallGrade,
        centering: example.centeringGrade,
        corners: example.cornerGrade,
        edges: example.edgeGrade,
        surface: example.surfaceGrade,
      });
      expect(Math.floor(pair.truth.expected.overall)).toBe(example.drawnGrade);
      expect(existsSync(fileURLToPath(new URL(`../../client/public${example.picture}`, import.meta.url)))).toBe(true);
    },
    60_000,
  );
});
