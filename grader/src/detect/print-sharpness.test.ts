import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/homography.ts';
import { printRisePx } from './print-sharpness.ts';

/** A white card (63 x 88 mm at 8 px a millimetre) on white paper, its frame and art printed 3 mm in, blurred by `sigma` px. */
async function photo(sigma: number) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="900"><rect width="700" height="900" fill="#eeeeea"/>` +
    `<rect x="98" y="98" width="504" height="704" rx="24" fill="#f4f4f1"/>` +
    `<rect x="122" y="122" width="456" height="380" fill="#3b6ea8" stroke="#c0392b" stroke-width="4"/>` +
    `<rect x="122" y="520" width="456" height="258" fill="#e9e2cc" stroke="#333" stroke-width="2"/></svg>`;
  let image = sharp(Buffer.from(svg)).removeAlpha();
  if (sigma > 0) image = image.blur(sigma);
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return {
    raster: { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 as const },
    left: 0,
    top: 0,
  };
}

const CARD: [Point, Point, Point, Point] = [
  { x: 98, y: 98 },
  { x: 602, y: 98 },
  { x: 602, y: 802 },
  { x: 98, y: 802 },
];

describe('how sharp a photo is, from the print inside the card', () => {
  it('reads a sharp photo as sharp and a blurred one as blurred, by the width of its printed edges', async () => {
    const sharpRise = printRisePx(await photo(0), CARD, 8);
    const blurredRise = printRisePx(await photo(6), CARD, 8);
    // A 10-90% rise of a Gaussian blur is 2.56 sigma (15 px); print nearby (the frame's stroke
    // and fill) narrows what can be timed, yet the blurred photo reads several times the sharp one.
    expect(sharpRise).toBeLessThan(3);
    expect(blurredRise).toBeGreaterThan(6);
    expect(blurredRise).toBeLessThan(20);
  });

  it('says nothing where no step stands out (a blank card on blank paper)', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="900"><rect width="700" height="900" fill="#eeeeea"/><rect x="98" y="98" width="504" height="704" rx="24" fill="#f0f0ed"/></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const region = {
      raster: { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 as const },
      left: 0,
      top: 0,
    };
    expect(printRisePx(region, CARD, 8)).toBeNaN();
  });
});
