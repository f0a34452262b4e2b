import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/homography.ts';
import { rasterOfSvg } from '../image/drawn-raster.ts';
import type { Raster } from '../image/raster.ts';
import { ringMatchesPast, sidesRunningOn } from './runs-past.ts';

const W = 800;
const H = 1000;
const PX_PER_MM = 8;
/** A card 63 x 88 mm at 8 px a millimetre, with a dark blue border and a light art window. */
const CARD = { x: 148, y: 200, w: 504, h: 704 };
/** A slab's white label whose lower edge lies 3 mm above the card, and runs 10 mm past it either side. */
const LABEL = { x: 68, y: 40, w: 664, h: 136 };

async function raster(svgBody: string): Promise<Raster> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${svgBody}</svg>`;
  return rasterOfSvg(svg, 0.7);
}

const desk = `<rect width="${W}" height="${H}" fill="#8c9096"/>`;
const card =
  `<rect x="${CARD.x}" y="${CARD.y}" width="${CARD.w}" height="${CARD.h}" rx="24" fill="#1f3a8a"/>` +
  `<rect x="${CARD.x + 32}" y="${CARD.y + 32}" width="${CARD.w - 64}" height="${CARD.h - 64}" fill="#d9c9a3"/>`;
const label = `<rect x="${LABEL.x}" y="${LABEL.y}" width="${LABEL.w}" height="${LABEL.h}" fill="#f4f4f0"/>`;

/** The card's outline with its top moved to `top`. */
const outline = (top: number): [Point, Point, Point, Point] => [
  { x: CARD.x, y: top },
  { x: CARD.x + CARD.w, y: top },
  { x: CARD.x + CARD.w, y: CARD.y + CARD.h },
  { x: CARD.x, y: CARD.y + CARD.h },
];

describe("a side that runs on past the outline's corners", () => {
  it("is not a card's: a slab label's lower edge taken for the card's top runs on, the card's own sides do not", async () => {
    const photo = await raster(desk + label + card);
    expect(sidesRunningOn(photo, outline(LABEL.y + LABEL.h), PX_PER_MM)).toEqual([true, false, false, false]);
    expect(sidesRunningOn(photo, outline(CARD.y), PX_PER_MM)).toEqual([false, false, false, false]);
  });

  it("is the card's own where nothing runs on past it: no label, the same outline reads no side running on", async () => {
    const photo = await raster(desk + card);
    expect(sidesRunningOn(photo, outline(CARD.y), PX_PER_MM)).toEqual([false, false, false, false]);
  });

  it('runs on past one corner only where asked: a label ending over the card on one hand and past it on the other', async () => {
    // The label starts 2 mm in from the card's left side and runs 10 mm past its right.
    const oneSided = `<rect x="${CARD.x + 16}" y="${LABEL.y}" width="${CARD.w + 64}" height="${LABEL.h}" fill="#f4f4f0"/>`;
    const photo = await raster(desk + oneSided + card);
    const labelTop = outline(LABEL.y + LABEL.h);
    expect(sidesRunningOn(photo, labelTop, PX_PER_MM)).toEqual([false, false, false, false]);
    expect(sidesRunningOn(photo, labelTop, PX_PER_MM, true)).toEqual([true, false, false, false]);
    // The card's own outline: no side runs on past either of its corners.
    expect(sidesRunningOn(photo, outline(CARD.y), PX_PER_MM, true)).toEqual([false, false, false, false]);
  });

  it("has what lies past its corners inside it when it is a label's edge, and the card's printed border when it is the card's", async () => {
    const photo = await raster(desk + label + card);
    // Between the label and the card: the desk, as past the card's corners.
    expect(ringMatchesPast(photo, outline(LABEL.y + LABEL.h), 0, CARD.y - LABEL.y - LABEL.h, PX_PER_MM)).toBe(true);
    // A card pushed against a holder's pocket: 4 mm inside its top lies its blue border, not the desk.
    expect(ringMatchesPast(photo, outline(CARD.y), 0, 32, PX_PER_MM)).toBe(false);
  });
});
