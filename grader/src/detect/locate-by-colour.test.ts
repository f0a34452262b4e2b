import { describe, expect, it } from 'vitest';
import { distance, type Point } from '../geometry/homography.ts';
import { deltaE, rgbToLab } from '../image/color.ts';
import { rasterOfSvg } from '../image/drawn-raster.ts';
import type { Raster } from '../image/raster.ts';
import { locateCard } from './locate-by-colour.ts';

const W = 400;
const H = 300;
/** The photo is ten times the preview's size. */
const PHOTO_WIDTH = W * 10;
const TABLE = '#6b4f33';

/** A preview drawn from SVG: a plain table and cards (x, y, width, height) with an art window each. */
async function preview(cards: { x: number; y: number; w: number; h: number; fill?: string }[]): Promise<Raster> {
  const drawn = cards
    .map(
      ({ x, y, w, h, fill = '#d6cfba' }) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.05}" fill="${fill}"/>` +
        `<rect x="${x + w * 0.1}" y="${y + h * 0.12}" width="${w * 0.8}" height="${h * 0.45}" fill="#3b6ea8"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${TABLE}"/>${drawn}</svg>`;
  return rasterOfSvg(svg);
}

const rejection = (located: ReturnType<typeof locateCard>) => (located.ok ? 'found' : located.rejection.code);

describe('finding a card by its colour', () => {
  it('says several cards, not no card, when a photo holds many cards each too small to grade', async () => {
    // Twelve cards 20 x 28 preview pixels (2 px per mm of the photo): each under 3% of the frame.
    const cards = Array.from({ length: 12 }, (_, i) => ({
      x: 20 + (i % 6) * 60,
      y: 40 + Math.floor(i / 6) * 120,
      w: 20,
      h: 28,
    }));
    expect(rejection(locateCard(await preview(cards), PHOTO_WIDTH))).toBe('multiple_cards');
  });

  it('finds a card on a plain table: its rough corners in photo pixels and the table\u2019s colour', async () => {
    const located = locateCard(await preview([{ x: 140, y: 60, w: 126, h: 176 }]), PHOTO_WIDTH);
    expect(rejection(located)).toBe('found');
    if (!located.ok) return;
    const truth: Point[] = [
      { x: 1400, y: 600 },
      { x: 2660, y: 600 },
      { x: 2660, y: 2360 },
      { x: 1400, y: 2360 },
    ];
    // One rough corner near each true corner, within 5 preview pixels: the hull point nearest a
    // corner sits on its rounded arc (radius 6.3 px, so 2.6 px in from the corner), and the
    // boundary pixels count whole pixels (up to a pixel each way).
    const nearest = located.card.coarse.map((c) => truth.findIndex((t) => distance(t, c) < 50));
    expect(nearest.sort()).toEqual([0, 1, 2, 3]);
    expect(deltaE(located.card.background, rgbToLab(0x6b, 0x4f, 0x33))).toBeLessThan(1);
    // A plain table varies by nothing: the threshold's floor.
    expect(located.card.backgroundSpread).toBe(6);
  });

  it('answers multiple_cards for two cards side by side, with where each lies', async () => {
    const located = locateCard(
      await preview([
        { x: 60, y: 60, w: 110, h: 154 },
        { x: 220, y: 70, w: 110, h: 154 },
      ]),
      PHOTO_WIDTH,
    );
    expect(rejection(located)).toBe('multiple_cards');
    if (located.ok) return;
    const objects = [...(located.objects ?? [])].sort((a, b) => a.centre.x - b.centre.x);
    const centres = objects.map((o) => o.centre);
    expect(centres).toHaveLength(2);
    // Both could be whole cards: neither is passed over as a table feature.
    expect(objects.map((o) => o.cardLike)).toEqual([true, true]);
    // The centres of the outlines (boundary means: within a few preview pixels of the true centres).
    expect(distance(centres[0]!, { x: 1150, y: 1370 })).toBeLessThan(50);
    expect(distance(centres[1]!, { x: 2750, y: 1470 })).toBeLessThan(50);
  });

  it('takes a small card beside the card for a detail of the table, not a second card', async () => {
    const located = locateCard(
      await preview([
        { x: 140, y: 60, w: 126, h: 176 },
        { x: 320, y: 200, w: 40, h: 56 },
      ]),
      PHOTO_WIDTH,
    );
    expect(rejection(located)).toBe('found');
  });

  it('answers card_cut_off for a card running off the frame', async () => {
    expect(rejection(locateCard(await preview([{ x: 300, y: 60, w: 126, h: 176 }]), PHOTO_WIDTH))).toBe('card_cut_off');
  });

  it('answers card_cut_off, not multiple_cards, for a card running off the frame beside a blob of the table that is no card', async () => {
    // A round dark stain on the table, as large as the card's visible part: no whole card anywhere.
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${TABLE}"/>` +
      `<ellipse cx="120" cy="170" rx="55" ry="45" fill="#2e2218"/>` +
      `<rect x="300" y="60" width="126" height="176" rx="6" fill="#d6cfba"/><rect x="313" y="81" width="100" height="79" fill="#3b6ea8"/></svg>`;
    const raster = await rasterOfSvg(svg);
    expect(rejection(locateCard(raster, PHOTO_WIDTH))).toBe('card_cut_off');
  });

  it('answers heavy_glare for a card cut off by the frame and mostly white-grey, as a reflection spilling onto the table is', async () => {
    expect(
      rejection(locateCard(await preview([{ x: 300, y: 60, w: 126, h: 176, fill: '#fafafa' }]), PHOTO_WIDTH)),
    ).toBe('heavy_glare');
  });

  it('answers no_card on an empty table, and for a card too small to be the subject', async () => {
    expect(rejection(locateCard(await preview([]), PHOTO_WIDTH))).toBe('no_card');
    expect(rejection(locateCard(await preview([{ x: 180, y: 120, w: 30, h: 42 }]), PHOTO_WIDTH))).toBe('no_card');
  });

  it('answers card_cut_off for a card too small to be the subject that runs off the frame (cut off is said before too small)', async () => {
    // 50 x 70 preview pixels, 30 of its 50 inside the frame: under 3% of the frame, as a small card's whole is.
    expect(rejection(locateCard(await preview([{ x: 370, y: 100, w: 50, h: 70 }]), PHOTO_WIDTH))).toBe('card_cut_off');
    // Inside the frame it is a card too small to be the subject.
    expect(rejection(locateCard(await preview([{ x: 300, y: 100, w: 50, h: 70 }]), PHOTO_WIDTH))).toBe('no_card');
    // A ruled line across the table runs off the frame too, but fills no card's area.
    const ruled =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${TABLE}"/>` +
      `<line x1="0" y1="40" x2="${W}" y2="200" stroke="#2e2218" stroke-width="3"/></svg>`;
    expect(rejection(locateCard(await rasterOfSvg(ruled), PHOTO_WIDTH))).toBe('no_card');
  });
});
