import sharp from 'sharp';
import type { RejectionCode } from '@gradelens/shared';
import { generateCase } from '../src/synth/index.ts';
import { twoCardsPhoto } from '../src/synth/two-cards.ts';

export interface BadInput {
  name: string;
  front: Buffer;
  back: Buffer;
  expected: RejectionCode;
}

/** One real bad input for every rejection code of docs/grading.md. */
export async function badInputs(seed: number): Promise<BadInput[]> {
  const good = await generateCase({ seed, frame: '1080p', variant: 'clean', size: 'standard' });
  const meta = await sharp(good.front).metadata();
  const w = meta.width!;
  const h = meta.height!;
  const small = await generateCase({ seed: seed + 1, frame: '1080p', variant: 'clean', size: 'small' });
  const glare = await generateCase({ seed: seed + 2, frame: '1080p', variant: 'clean', glare: 'heavy' });
  // Two cards side by side on one table, each whole and large enough to grade on its own.
  const { photo: twoCards } = await twoCardsPhoto(seed + 3);
  return [
    { name: 'text file', front: Buffer.from('this is not a photo'), back: good.back, expected: 'not_an_image' },
    {
      name: 'truncated JPEG',
      front: good.front.subarray(0, Math.floor(good.front.length * 0.6)),
      back: good.back,
      expected: 'corrupt_image',
    },
    {
      name: '60 megapixels',
      front: await sharp({ create: { width: 9000, height: 6700, channels: 3, background: '#888' } })
        .jpeg({ quality: 50 })
        .toBuffer(),
      back: good.back,
      expected: 'too_many_pixels',
    },
    {
      name: 'no card',
      front: await sharp({ create: { width: w, height: h, channels: 3, background: '#ecece8' } })
        .jpeg()
        .toBuffer(),
      back: good.back,
      expected: 'no_card',
    },
    { name: 'two cards', front: twoCards, back: good.back, expected: 'multiple_cards' },
    {
      name: 'cut off',
      front: await sharp(good.front)
        .extract({ left: 0, top: 0, width: w, height: Math.round(h * 0.55) })
        .jpeg()
        .toBuffer(),
      back: good.back,
      expected: 'card_cut_off',
    },
    {
      name: 'too small',
      front: await sharp(good.front).resize(440).jpeg().toBuffer(),
      back: good.back,
      expected: 'too_small',
    },
    {
      name: 'too blurry',
      front: await sharp(good.front).blur(12).jpeg().toBuffer(),
      back: good.back,
      expected: 'too_blurry',
    },
    { name: 'heavy glare', front: glare.front, back: glare.back, expected: 'heavy_glare' },
    { name: 'front and back of different sizes', front: good.front, back: small.back, expected: 'mismatched_sides' },
  ];
}
