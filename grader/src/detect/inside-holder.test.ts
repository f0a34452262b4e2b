import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { distance, type Point } from '../geometry/homography.ts';
import { openPhoto } from '../image/decode.ts';
import { findCardIn } from './find.ts';
import { rgbToLab } from '../image/color.ts';
import { rasterOfSvg } from '../image/drawn-raster.ts';
import type { Raster } from '../image/raster.ts';
import { cardInsideHolder, seenThroughPlastic, tableLikeRing } from './inside-holder.ts';

const W = 1600;
const H = 1200;
/** Millimetres to pixels. */
const PX = 6;
/** A PSA-size slab (84 x 136 mm) turned by this much about its centre. */
const TURN_DEG = 4;
const SLAB = { x: 540, y: 190, w: 84 * PX, h: 136 * PX };
/** The card (63 x 88 mm) sits in a well 1.5 mm larger a side, below the label. */
const CARD = { x: SLAB.x + 10.5 * PX, y: SLAB.y + 32 * PX, w: 63 * PX, h: 88 * PX };

const turn = (p: Point): Point => {
  const c = { x: SLAB.x + SLAB.w / 2, y: SLAB.y + SLAB.h / 2 };
  const a = (TURN_DEG * Math.PI) / 180;
  return {
    x: c.x + (p.x - c.x) * Math.cos(a) - (p.y - c.y) * Math.sin(a),
    y: c.y + (p.x - c.x) * Math.sin(a) + (p.y - c.y) * Math.cos(a),
  };
};
const CARD_CORNERS = [
  { x: CARD.x, y: CARD.y },
  { x: CARD.x + CARD.w, y: CARD.y },
  { x: CARD.x + CARD.w, y: CARD.y + CARD.h },
  { x: CARD.x, y: CARD.y + CARD.h },
].map(turn);

/** A bordered card: a yellow border, an art window and a text box. */
function card({ x, y, w, h }: typeof CARD): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${3 * PX}" fill="#d8b432"/>` +
    `<rect x="${x + 3 * PX}" y="${y + 3 * PX}" width="${w - 6 * PX}" height="${h * 0.5}" fill="#3a6b4f"/>` +
    `<rect x="${x + 3 * PX}" y="${y + 6 * PX + h * 0.5}" width="${w - 6 * PX}" height="${h * 0.38}" fill="#f4efe0"/>`
  );
}

/** A graded slab on a grey desk: clear plastic with a bright rim, a white label with a red frame and type, and the card in its well. */
async function slabPhoto(): Promise<Buffer> {
  const { x, y, w, h } = SLAB;
  const well = { x: CARD.x - 1.5 * PX, y: CARD.y - 1.5 * PX, w: CARD.w + 3 * PX, h: CARD.h + 3 * PX };
  let type = '';
  for (let i = 0; i < 9; i += 1)
    type += `<rect x="${x + 8 * PX + i * 4.5 * PX}" y="${y + 10 * PX}" width="${3 * PX}" height="${2 * PX}" fill="#222"/>`;
  const slab =
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${4 * PX}" fill="#e8edf1" fill-opacity="0.3" stroke="#f4f7fa" stroke-width="${0.5 * PX}"/>` +
    `<rect x="${x + 5 * PX}" y="${y + 5 * PX}" width="${w - 10 * PX}" height="${22 * PX}" rx="${PX}" fill="#f7f7f4" stroke="#c0392b" stroke-width="${0.8 * PX}"/>${type}` +
    `<rect x="${well.x}" y="${well.y}" width="${well.w}" height="${well.h}" rx="${PX}" fill="#f4f6f7" fill-opacity="0.45" stroke="#5d6a73" stroke-width="${0.3 * PX}" stroke-opacity="0.6"/>` +
    card(CARD);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#8d8f92"/><g transform="rotate(${TURN_DEG} ${x + w / 2} ${y + h / 2})">${slab}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** The card found within half a millimetre of each virtual corner, and said to be seen through plastic. */
async function expectCardThroughPlastic(jpeg: Buffer): Promise<void> {
  const opened = await openPhoto(jpeg);
  if (!opened.ok) throw new Error(opened.rejection.message);
  const found = await findCardIn(opened.photo);
  expect(found.ok ? 'found' : found.rejection.code).toBe('found');
  if (!found.ok) return;
  CARD_CORNERS.forEach((t, i) => expect(distance(t, found.card.corners[i]!)).toBeLessThan(0.5 * PX));
  expect(found.card.throughHolder).toBe(true);
}

describe('the card inside a graded slab', () => {
  it('finds the card itself, not the slab, the well or the label and card together, and says it is seen through plastic', async () => {
    // The well is 1.5 mm out, the slab 10 mm.
    await expectCardThroughPlastic(await slabPhoto());
  });

  it('looks into no holder where there is none', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#8d8f92"/>${card(CARD)}</svg>`;
    const opened = await openPhoto(await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer());
    if (!opened.ok) throw new Error(opened.rejection.message);
    expect(await cardInsideHolder(opened.photo, opened.photo.preview, null)).toBeNull();
    const found = await findCardIn(opened.photo);
    expect(found.ok && found.card.throughHolder === true).toBe(false);
  });
});

describe('the card inside a penny sleeve', () => {
  /** A silver-bordered card in a sleeve 1.5 mm wider a side (3.6 mm above, 1.4 below) on a dark desk. */
  async function sleevePhoto(): Promise<Buffer> {
    const { x, y, w, h } = CARD;
    const sleeve = { x: x - 1.5 * PX, y: y - 3.6 * PX, w: w + 3 * PX, h: h + 5 * PX };
    const drawn =
      `<rect x="${sleeve.x}" y="${sleeve.y}" width="${sleeve.w}" height="${sleeve.h}" rx="${0.8 * PX}" fill="#eef2f5" fill-opacity="0.08"/>` +
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${3 * PX}" fill="#c9ccd1"/>` +
      `<rect x="${x + 3 * PX}" y="${y + 3 * PX}" width="${w - 6 * PX}" height="${h * 0.5}" fill="#3a6b4f"/>` +
      `<rect x="${x + 3 * PX}" y="${y + 6 * PX + h * 0.5}" width="${w - 6 * PX}" height="${h * 0.38}" fill="#7fb069"/>` +
      `<rect x="${sleeve.x + 0.6}" y="${sleeve.y + 0.6}" width="${sleeve.w - 1.2}" height="${sleeve.h - 1.2}" rx="${0.8 * PX}" fill="none" stroke="#fff" stroke-width="${0.25 * PX}" stroke-opacity="0.6"/>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#2a2b2f"/><g transform="rotate(${TURN_DEG} ${SLAB.x + SLAB.w / 2} ${SLAB.y + SLAB.h / 2})">${drawn}</g></svg>`;
    return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
  }

  it("finds the card, not the sleeve's edge the colour search runs along, and says it is seen through plastic", async () => {
    // The sleeve is 1.5 to 3.6 mm out.
    await expectCardThroughPlastic(await sleevePhoto());
  });
});

describe('telling clear plastic over the table from a printed border', () => {
  const box = (x: number, y: number, w: number, h: number): [Point, Point, Point, Point] => [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ];
  /** The card (63 x 88 mm at PX a millimetre) with a 3 mm border and its sleeve 1.5 mm larger a side. */
  const at = { x: 120, y: 100 };
  const cardBox = box(at.x, at.y, 63 * PX, 88 * PX);
  const frameBox = box(at.x + 3 * PX, at.y + 3 * PX, 57 * PX, 82 * PX);
  const sleeveBox = box(at.x - 1.5 * PX, at.y - 1.5 * PX, 66 * PX, 91 * PX);
  async function scene(table: string, border: string, sleeve: boolean): Promise<Raster> {
    const [x, y] = [at.x, at.y];
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="660" height="800"><rect width="660" height="800" fill="${table}"/>` +
      (sleeve
        ? `<rect x="${x - 1.5 * PX}" y="${y - 1.5 * PX}" width="${66 * PX}" height="${91 * PX}" rx="${0.8 * PX}" fill="#ffffff" opacity="0.1"/>`
        : '') +
      `<rect x="${x}" y="${y}" width="${63 * PX}" height="${88 * PX}" rx="${3 * PX}" fill="${border}"/>` +
      `<rect x="${x + 3 * PX}" y="${y + 3 * PX}" width="${57 * PX}" height="${82 * PX}" fill="#3a6b4f"/></svg>`;
    return rasterOfSvg(svg);
  }
  const lab = (hex: string) =>
    rgbToLab(...([1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]));

  it('reads the ring between a card and its sleeve as the table seen through plastic', async () => {
    const raster = await scene('#7a4e30', '#d8b432', true);
    expect(seenThroughPlastic({ raster, left: 0, top: 0 }, cardBox, sleeveBox, lab('#7a4e30'))).toBe(true);
  });

  it("does not read a card's printed border around its frame as plastic, on a brown table or a dark desk", async () => {
    // The frame taken for the card, the card's own outline for a sleeve's.
    const onWood = await scene('#7a4e30', '#d8b432', false);
    expect(seenThroughPlastic({ raster: onWood, left: 0, top: 0 }, frameBox, cardBox, lab('#7a4e30'))).toBe(false);
    // A black border on a dark desk: the border is the table's colour, with no light added.
    const onDark = await scene('#1e1f22', '#1b1b1d', false);
    expect(seenThroughPlastic({ raster: onDark, left: 0, top: 0 }, frameBox, cardBox, lab('#1e1f22'))).toBe(false);
  });

  it("reads a sleeve's margin that looks like the table beside it as the table, where the plastic tints it off the line to white", async () => {
    // Cloth under a sleeve that tints it bluish (its haze, the card's blue in the plastic): not
    // light added to the table, yet far nearer the table than the card's blue border.
    const [x, y] = [at.x, at.y];
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="660" height="800"><rect width="660" height="800" fill="#6a1e26"/>` +
      `<rect x="${x - 1.5 * PX}" y="${y - 1.5 * PX}" width="${66 * PX}" height="${91 * PX}" rx="${0.8 * PX}" fill="#5a2c3a"/>` +
      `<rect x="${x}" y="${y}" width="${63 * PX}" height="${88 * PX}" rx="${3 * PX}" fill="#1f3f9a"/>` +
      `<rect x="${x + 3 * PX}" y="${y + 3 * PX}" width="${57 * PX}" height="${82 * PX}" fill="#5b8fd6"/></svg>`;
    const raster = await rasterOfSvg(svg);
    expect(seenThroughPlastic({ raster, left: 0, top: 0 }, cardBox, sleeveBox, lab('#6a1e26'))).toBe(false);
    expect(tableLikeRing({ raster, left: 0, top: 0 }, cardBox, sleeveBox)).toBe(true);
  });

  it("does not take a card's printed border for the table, on a table of another colour", async () => {
    const onWood = await scene('#7a4e30', '#d8b432', false);
    expect(tableLikeRing({ raster: onWood, left: 0, top: 0 }, frameBox, cardBox)).toBe(false);
  });

  it("does not call a ring plastic where what lies outside is not the table (a frame's outline inside the card's border)", async () => {
    // A green border 3 mm wide, then inside the frame a band of the same green lightened (print
    // often tints its own colours), then art: found on the frame, the band is the border with
    // light added, as plastic over a green table would be; but the green ends 3 mm out.
    const [x, y] = [at.x, at.y];
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="660" height="800"><rect width="660" height="800" fill="#7a4e30"/>` +
      `<rect x="${x}" y="${y}" width="${63 * PX}" height="${88 * PX}" rx="${3 * PX}" fill="#2f6b4a"/>` +
      `<rect x="${x + 3 * PX}" y="${y + 3 * PX}" width="${57 * PX}" height="${82 * PX}" fill="#4d8264"/>` +
      `<rect x="${x + 5 * PX}" y="${y + 5 * PX}" width="${53 * PX}" height="${78 * PX}" fill="#8a2f3c"/></svg>`;
    const raster = await rasterOfSvg(svg);
    const art = box(x + 5 * PX, y + 5 * PX, 53 * PX, 78 * PX);
    expect(seenThroughPlastic({ raster, left: 0, top: 0 }, art, frameBox, lab('#7a4e30'))).toBe(false);
  });
});
