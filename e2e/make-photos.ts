// Writes generated card photos for the browser tests: front.jpg, back.jpg (one card, with
// known truth), worn-front.jpg and worn-back.jpg (a worn card graded in half points), front-12mp.jpg and back-12mp.jpg (the same card at 12 megapixels), small-back.jpg (the back of a smaller card: the pair is refused as mismatched),
// two-cards.jpg with two-cards.json (two copies of a card side by side, which the finder will
// not choose between, and the left one's corners) and camera.y4m, a one-frame I420 video the
// fake camera plays. camera.y4m is written last: its presence means the set is complete.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { generateCase } from '../grader/src/synth/index.ts';
import { twoCardsPhoto } from '../grader/src/synth/two-cards.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx e2e/make-photos.ts DIR');
mkdirSync(dir, { recursive: true });
const card = await generateCase({ seed: 11, frame: '1080p', variant: 'clean', blurSigma: 0 });
writeFileSync(path.join(dir, 'front.jpg'), card.front);
writeFileSync(path.join(dir, 'back.jpg'), card.back);
// A 12-megapixel pair for the analysis screen's benchmark (e2e/bench).
const large = await generateCase({ seed: 11, frame: '12mp', variant: 'clean', blurSigma: 0 });
writeFileSync(path.join(dir, 'front-12mp.jpg'), large.front);
writeFileSync(path.join(dir, 'back-12mp.jpg'), large.back);
// A worn card the engine grades 7 overall (7.5 measured) with edges 8 (8.5 measured): the half points on screen.
const worn = await generateCase({ seed: 24, frame: '1080p', variant: 'worn', blurSigma: 0 });
writeFileSync(path.join(dir, 'worn-front.jpg'), worn.front);
writeFileSync(path.join(dir, 'worn-back.jpg'), worn.back);
const small = await generateCase({ seed: 12, frame: '1080p', variant: 'clean', size: 'small', blurSigma: 0 });
writeFileSync(path.join(dir, 'small-back.jpg'), small.back);

const twoCards = await twoCardsPhoto(3);
writeFileSync(path.join(dir, 'two-cards.jpg'), twoCards.photo);
writeFileSync(path.join(dir, 'two-cards.json'), JSON.stringify(twoCards.leftCard));

const { data, info } = await sharp(card.front).raw().toBuffer({ resolveWithObject: true });
const { width: w, height: h } = info;
const y = Buffer.alloc(w * h);
const u = Buffer.alloc((w / 2) * (h / 2));
const v = Buffer.alloc((w / 2) * (h / 2));
for (let row = 0; row < h; row += 1) {
  for (let col = 0; col < w; col += 1) {
    const i = (row * w + col) * 3;
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    y[row * w + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    if (row % 2 === 0 && col % 2 === 0) {
      const j = (row / 2) * (w / 2) + col / 2;
      u[j] = Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[j] = Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
}
writeFileSync(
  path.join(dir, 'camera.y4m'),
  Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F30:1 Ip A1:1 C420jpeg\nFRAME\n`), y, u, v]),
);
