import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { distance, type Point } from '../geometry/homography.ts';
import { openPhoto } from '../image/decode.ts';
import { findCardIn } from './find.ts';
import { cardInsideHolder } from './inside-holder.ts';

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
  return { x: c.x + (p.x - c.x) * Math.cos(a) - (p.y - c.y) * Math.sin(a), y: c.y + (p.x - c.x) * Math.sin(a) + (p.y - c.y) * Math.cos(a) };
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
  for (let i = 0; i < 9; i += 1) type += `<rect x="${x + 8 * PX + i * 4.5 * PX}" y="${y + 10 * PX}" width="${3 * PX}" height="${2 * PX}" fill="#222"/>`;
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
