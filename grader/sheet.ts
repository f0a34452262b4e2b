import sharp from 'sharp';
import { generateZooBadInput, generateZooCase } from './src/synth/zoo/index.ts';
const seeds = process.argv[2]!.split(',').map(Number);
const bad = process.argv[3] === 'bad';
const tiles: Buffer[] = [];
for (const seed of seeds) {
  const c = bad ? await generateZooBadInput(seed) : await generateZooCase({ seed });
  console.log(seed, c.truth.frame, JSON.stringify(c.meta), c.truth.expectedRejection ?? '', JSON.stringify(c.truth.expected));
  for (const j of [c.front, c.back]) tiles.push(await sharp(j).resize(480, 360, { fit: 'contain', background: '#000' }).toBuffer());
}
const cols = 4;
await sharp({ create: { width: 480 * cols, height: 360 * Math.ceil(tiles.length / cols), channels: 3, background: '#000' } }).composite(tiles.map((b, i) => ({ input: b, left: (i % cols) * 480, top: Math.floor(i / cols) * 360 }))).png().toFile(process.argv[4] ?? '/tmp/sheet.png');
