// npx tsx grader/bench/landing-examples.ts: the landing page's example gradings. Each is a pair
// from the design zoo (seeds 800,001 on, outside the tuning and test ranges), graded by this
// engine: the squared-up front it returned is saved as the picture, and its grades as the text,
// beside the grade the generator drew. Per family the first seed the engine grades within one
// grade of the drawn one is taken: a typical result, not its best, and the page says which.
// Nothing is typed in by hand; grader/src/landing-examples.test.ts checks the engine still
// answers what is shown, and says to run this again when it does not.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { gradeCard } from '../src/index.ts';
import { generateZooCase, type Family } from '../src/synth/zoo/index.ts';
import { EXAMPLE_PLANS, exampleOptions, type LandingExample } from './landing-example-plans.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const picturesDir = path.join(root, 'client/public/examples');
mkdirSync(picturesDir, { recursive: true });

const examples: LandingExample[] = [];
for (const plan of EXAMPLE_PLANS) {
  for (let seed = plan.firstSeed; seed < plan.firstSeed + 40; seed += 1) {
    const pair = await generateZooCase(exampleOptions(plan, seed));
    const outcome = await gradeCard(pair.front, pair.back, { annotate: 'plain' });
    if (!outcome.ok) continue;
    const { report } = outcome;
    const drawn = Math.max(1, Math.min(10, Math.floor(pair.truth.expected.overall)));
    if (Math.abs(drawn - report.overallGrade) > 1) continue;
    const file = `${plan.family}.jpg`;
    await sharp(outcome.annotated.front).resize(300).jpeg({ quality: 82 }).toFile(path.join(picturesDir, file));
    examples.push({
      family: plan.family as Family,
      label: plan.label,
      seed,
      damaged: plan.damaged,
      picture: `/examples/${file}`,
      overallGrade: report.overallGrade,
      centeringGrade: report.centeringGrade,
      cornerGrade: report.cornerGrade,
      edgeGrade: report.edgeGrade,
      surfaceGrade: report.surfaceGrade,
      confidence: Math.round(report.confidence * 100) / 100,
      drawnGrade: drawn,
    });
    console.log(`${plan.family}: seed ${seed}, overall ${report.overallGrade}, drawn ${drawn}`);
    break;
  }
}
writeFileSync(path.join(root, 'client/src/features/landing/examples.json'), `${JSON.stringify(examples, null, 2)}\n`);
