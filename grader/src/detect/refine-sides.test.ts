import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { distance, type Point } from '../geometry/homography.ts';
import { rgbToLab } from '../image/color.ts';
import { rasterOfSvg } from '../image/drawn-raster.ts';
import { createRaster, type PhotoRegion, type Raster } from '../image/raster.ts';
import type { LocatedCard } from './card-types.ts';
import { refineCard, regionToRefine } from './refine-sides.ts';

const W = 600;
const H = 800;
/** The card's outline in the drawings: 63 x 88 mm at 4 px a millimetre. */
const CARD = { x: 174, y: 224, w: 252, h: 352 };
const TABLE: [number, number, number] = [0xd8, 0xd4, 0xcc];
const truth: Point[] = [
  { x: CARD.x, y: CARD.y },
  { x: CARD.x + CARD.w, y: CARD.y },
  { x: CARD.x + CARD.w, y: CARD.y + CARD.h },
  { x: CARD.x, y: CARD.y + CARD.h },
];

async function photo(svgBody: string): Promise<Raster> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="rgb(${TABLE.join(',')})"/>${svgBody}</svg>`;
  return rasterOfSvg(svg);
}

/** A card with a dark border around bright art, its corners rounded. */
const card = `<rect x="${CARD.x}" y="${CARD.y}" width="${CARD.w}" height="${CARD.h}" rx="12" fill="#2a2a30"/><rect x="${CARD.x + 12}" y="${CARD.y + 12}" width="${CARD.w - 24}" height="${CARD.h - 24}" fill="#f0a040"/>`;

/** The card as the colour search leaves it: corners on the rounded arcs, a few pixels in, one further. */
const located: LocatedCard = {
  coarse: [
    { x: CARD.x + 4, y: CARD.y + 3 },
    { x: CARD.x + CARD.w - 3, y: CARD.y + 5 },
    { x: CARD.x + CARD.w - 4, y: CARD.y + CARD.h - 3 },
    { x: CARD.x + 9, y: CARD.y + CARD.h - 4 },
  ],
  background: rgbToLab(...TABLE),
  backgroundSpread: 6,
};

const whole = (raster: Raster): PhotoRegion => ({ raster, left: 0, top: 0 });

/** The pixels of `region` of a photo, as decodeRegion gives them. */
function cut(raster: Raster, region: { left: number; top: number; width: number; height: number }): PhotoRegion {
  const out = createRaster(region.width, region.height);
  for (let y = 0; y < region.height; y += 1) {
    const from = ((region.top + y) * raster.width + region.left) * 3;
    out.data.set(raster.data.subarray(from, from + region.width * 3), y * region.width * 3);
  }
  return { raster: out, left: region.left, top: region.top };
}

const worstError = (corners: Point[]) => Math.max(...truth.map((t, i) => distance(t, corners[i]!)));

describe('fitting the card\u2019s sides at full resolution', () => {
  it('fits all four sides within a pixel of the drawn card, from a rough outline up to 9 px off', async () => {
    const refined = refineCard(whole(await photo(card)), located, W, H);
    expect(refined.ok).toBe(true);
    if (!refined.ok) return;
    expect(refined.sidesFitted).toBe(4);
    expect(worstError(refined.card.corners)).toBeLessThan(1);
    // A drawn edge is as sharp as pixels go: well under two pixels from 10% to 90%.
    expect(refined.card.edgeRisePx).toBeLessThan(2);
  });

  it('takes the card, not its soft shadow on the table', async () => {
    const shadow = `<defs><filter id="s"><feGaussianBlur stdDeviation="4"/></filter></defs><rect x="${CARD.x + 10}" y="${CARD.y + 10}" width="${CARD.w}" height="${CARD.h}" rx="12" fill="#8a867f" filter="url(#s)"/>`;
    const refined = refineCard(whole(await photo(shadow + card)), located, W, H);
    expect(refined.ok && worstError(refined.card.corners)).toBeLessThan(1);
  });

  it('answers in photo pixels from the region cut around the card, as from the whole photo', async () => {
    const drawn = await photo(card);
    const region = regionToRefine(located, W, H);
    const fromRegion = refineCard(cut(drawn, region), located, W, H);
    const fromWhole = refineCard(whole(drawn), located, W, H);
    expect(fromRegion.ok && fromWhole.ok).toBe(true);
    if (!fromRegion.ok || !fromWhole.ok) return;
    fromRegion.card.corners.forEach((c, i) => expect(distance(c, fromWhole.card.corners[i]!)).toBeLessThan(1e-9));
  });

  it('keeps the rough outline\u2019s sides where no edge shows, and refuses an outline of no card\u2019s shape', async () => {
    const empty = await photo('');
    const kept = refineCard(whole(empty), located, W, H);
    expect(kept.ok && kept.sidesFitted).toBe(0);
    // The rough corners, moved to pixel centres at i + 0.5.
    if (kept.ok)
      kept.card.corners.forEach((c, i) =>
        expect(distance(c, { x: located.coarse[i]!.x + 0.5, y: located.coarse[i]!.y + 0.5 })).toBeLessThan(1e-9),
      );
    const square: LocatedCard = {
      ...located,
      coarse: [
        { x: 150, y: 250 },
        { x: 450, y: 250 },
        { x: 450, y: 550 },
        { x: 150, y: 550 },
      ],
    };
    const refused = refineCard(whole(empty), square, W, H);
    // Code no_card, with the sentence about edges not found.
    expect(refused.ok ? 'found' : refused.rejection.message).toMatch(/edges of the card could not be found/);
  });
});

describe('the region the side fit reads', () => {
  it('reaches 11% of the long side beyond the rough outline and a few millimetres more', () => {
    const region = regionToRefine(located, W, H);
    // The outline spans x 178 to 423, y 227 to 573. Its long side (345 px) reaches 38 px; 3 mm at
    // 4.05 px a millimetre (its short side, 239 px, over 59 mm) add 12 px, and 8 px more: 59 px.
    expect(region).toEqual({ left: 178 - 59, top: 227 - 59, width: 423 - 178 + 118, height: 573 - 227 + 118 });
  });

  it('stays within the photo', () => {
    const nearCorner: LocatedCard = {
      ...located,
      coarse: located.coarse.map((p) => ({ x: p.x - 150, y: p.y - 200 })) as LocatedCard['coarse'],
    };
    const region = regionToRefine(nearCorner, W, H);
    expect(region.left).toBe(0);
    expect(region.top).toBe(0);
    expect(region.width).toBe(423 - 150 + 59);
  });

  it("reads the photo's focus from the sharper half of the outline where plastic or a shadow softens two sides", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="rgb(${TABLE.join(',')})"/>${card}</svg>`;
    const render = async (sigma: number) => {
      const { data } = await sharp(Buffer.from(svg))
        .removeAlpha()
        .blur(sigma)
        .raw()
        .toBuffer({ resolveWithObject: true });
      return new Uint8Array(data);
    };
    const [focused, soft] = [await render(0.8), await render(3)];
    // The left and right sides lie under something that softens them; the top and bottom do not.
    const mixed = new Uint8Array(focused);
    for (let y = 0; y < H; y += 1) {
      for (let x = 0; x < W; x += 1) {
        if (Math.abs(x - CARD.x) > 20 && Math.abs(x - CARD.x - CARD.w) > 20) continue;
        for (let c = 0; c < 3; c += 1) mixed[(y * W + x) * 3 + c] = soft[(y * W + x) * 3 + c]!;
      }
    }
    const raster = (data: Uint8Array): Raster => ({ data, width: W, height: H, channels: 3 });
    const [sharpRead, mixedRead] = [
      refineCard(whole(raster(focused)), located, W, H),
      refineCard(whole(raster(mixed)), located, W, H),
    ];
    expect(sharpRead.ok && mixedRead.ok).toBe(true);
    if (sharpRead.ok && mixedRead.ok) expect(mixedRead.card.edgeRisePx).toBeLessThan(sharpRead.card.edgeRisePx * 1.25);
  });

  const darkCard = `<rect x="${CARD.x}" y="${CARD.y}" width="${CARD.w}" height="${CARD.h}" rx="12" fill="#2a2a30"/>`;

  it('times a blurred dark card on a light table by its whole ramp, not where it stops passing for shade', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="rgb(${TABLE.join(',')})"/>${darkCard}</svg>`;
    const sigma = 6;
    const { data } = await sharp(Buffer.from(svg))
      .removeAlpha()
      .blur(sigma)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const refined = refineCard(whole({ data: new Uint8Array(data), width: W, height: H, channels: 3 }), located, W, H);
    expect(refined.ok).toBe(true);
    if (!refined.ok) return;
    // A Gaussian blur's step rises from 10% to 90% over 2.56 sigma; levels read within 20 px of it
    // (this drawing's reach) still lie on its tails, and show about three quarters of that. On the
    // table's shade-tolerant distance it leapt from near zero to the full distance where the ramp
    // grew darker than the deepest shadow, and read half of it (8.2 px).
    expect(refined.card.edgeRisePx).toBeGreaterThan(0.65 * 2.56 * sigma);
    expect(refined.card.edgeRisePx).toBeLessThan(1.25 * 2.56 * sigma);
  });

  it('times a sharp card ringed by its soft shadow as sharp: the shadow is not the edge’s ramp', async () => {
    const halo = `<defs><filter id="h"><feGaussianBlur stdDeviation="5"/></filter></defs><rect x="${CARD.x - 6}" y="${CARD.y - 6}" width="${CARD.w + 12}" height="${CARD.h + 12}" rx="16" fill="#7a766f" filter="url(#h)"/>`;
    const refined = refineCard(whole(await photo(halo + darkCard)), located, W, H);
    expect(refined.ok).toBe(true);
    if (refined.ok) expect(refined.card.edgeRisePx).toBeLessThan(2.5);
  });
});
