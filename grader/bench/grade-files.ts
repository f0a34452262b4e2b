// Child process of the benchmark: grades the photo pairs it is given and nothing else, so its
// peak memory is what one grading worker needs. Prints { peakRssMb, ms: [...], stages: { decode: [...], ... } } as JSON.
// Every grading is timed, as a pool worker's life runs: the first ones wait on the JIT.
import { readFileSync } from 'node:fs';
import { gradeCard } from '../src/index.ts';

const dirs = process.argv.slice(2);
let peak = process.memoryUsage().rss;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const ms: number[] = [];
const stages: Record<string, number[]> = {};
const read = (dir: string) => [readFileSync(`${dir}/front.jpg`), readFileSync(`${dir}/back.jpg`)] as const;
for (const dir of dirs) {
  const [front, back] = read(dir);
  const start = performance.now();
  const outcome = await gradeCard(front, back);
  ms.push(performance.now() - start);
  if (outcome.ok) for (const [stage, t] of Object.entries(outcome.report.timingsMs)) (stages[stage] ??= []).push(t);
  peak = Math.max(peak, process.memoryUsage().rss);
}
clearInterval(timer);
console.log(JSON.stringify({ peakRssMb: Math.round(peak / 1e6), ms, stages }));
