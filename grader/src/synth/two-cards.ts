import sharp from 'sharp';
import { generateCase } from './index.ts';

/**
 * Two copies of one generated card side by side on a grey table, each whole and large enough to
 * grade on its own: a photo the finder must refuse as multiple_cards. Also answers the left
 * card's virtual corners (TL, TR, BR, BL, photo pixels) from the generator's truth, for tests
 * where the owner places them by hand.
 */
export async function twoCardsPhoto(seed: number): Promise<{ photo: Buffer; leftCard: [number, number][] }> {
  const big = await generateCase({ seed, frame: '12mp', variant: 'clean', size: 'standard', background: 'grey_table' });
  const halfSize = await sharp(big.front).resize(2000, 1500).toBuffer();
  const crop = await sharp(halfSize).extract({ left: 420, top: 0, width: 1160, height: 1500 }).toBuffer();
  const photo = await sharp({ create: { width: 2320, height: 1500, channels: 3, background: '#808286' } })
    .composite([
      { input: crop, left: 0, top: 0 },
      { input: crop, left: 1160, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { photo, leftCard: big.truth.corners!.front.map((p) => [p.x / 2 - 420, p.y / 2]) };
}
