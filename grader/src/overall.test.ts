import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { overallScore } from './rubric.ts';

// The real subgrade sets live beside the checkout in ../shared/data (GRADING.md, Overall).
const csv = fileURLToPath(new URL('../../../shared/data/subgrades-overall.csv', import.meta.url));

describe('the overall rule on 8,979 real graded cards', () => {
  it('matches the recorded overall for at least 93.0%, and 96.4% as integers', () => {
    const [header, ...lines] = readFileSync(csv, 'utf8').trim().split(/\r?\n/);
    const columns = header!.split(',');
    const at = (name: string) => columns.indexOf(name);
    let exact = 0;
    let integer = 0;
    for (const line of lines) {
      const cells = line.split(',').map(Number);
      const recorded = cells[at('Grade')]!;
      const computed = overallScore({
        centering: cells[at('Centering')]!,
        corners: cells[at('Corners')]!,
        edges: cells[at('Edges')]!,
        surface: cells[at('Surface')]!,
      });
      if (computed === recorded) exact += 1;
      if (Math.floor(computed) === Math.floor(recorded)) integer += 1;
    }
    expect(lines.length).toBe(8979);
    // GRADING.md quotes the agreement as percentages to one decimal.
    const percent = (n: number) => Math.round((n / lines.length) * 1000) / 10;
    expect(percent(exact)).toBeGreaterThanOrEqual(93.0);
    expect(percent(integer)).toBeGreaterThanOrEqual(96.4);
  });
});
