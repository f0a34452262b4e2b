// Child process of the benchmark: grades the photo pairs it is given and nothing else, so its
// peak memory is what one grading worker needs. Prints { peakRssMb, ms: [...] } as JSON.
import { readFileSync } from 'node:fs';
import { gradeCard } from '../src/index.ts';

const dirs = process.argv.slice(2);
let peak = process.memoryUsage().rss;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const ms: number[] = [];
for (const dir of dirs) {
  const front = readFileSync(`${dir}/front.jpg`);
  const back = readFileSync(`${dir}/back.jpg`);
  const start = performance.now();
  await gradeCard(front, back);
  ms.push(performance.now() - start);
  peak = Math.max(peak, process.memoryUsage().rss);
}
clearInterval(timer);
console.log(JSON.stringify({ peakRssMb: Math.round(peak / 1e6), ms }));
