import { describe, expect, it } from 'vitest';
import { distance, type Point } from '../geometry/homography.ts';
import { rasterOfSvg } from '../image/drawn-raster.ts';
import type { Raster } from '../image/raster.ts';
import { snapSides } from './snap-sides.ts';

const W = 400;
const H = 500;
/** The card's outline in the drawings: 252 x 352 px, 4 px a millimetre. */
const CARD = { x: 74, y: 74, w: 252, h: 352 };
const truth: Point[] = [
  { x: CARD.x, y: CARD.y },
  { x: CARD.x + CARD.w, y: CARD.y },
  { x: CARD.x + CARD.w, y: CARD.y + CARD.h },
  { x: CARD.x, y: CARD.y + CARD.h },
];

async function raster(svgBody: string, table: string): Promise<Raster> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${table}"/>${svgBody}</svg>`;
  return rasterOfSvg(svg);
}

/** A card with a border `border` px wide around bright art, its corners rounded. */
const card = (borderColour: string, border = 10) =>
  `<rect x="${CARD.x}" y="${CARD.y}" width="${CARD.w}" height="${CARD.h}" rx="10" fill="${borderColour}"/>` +
  `<rect x="${CARD.x + border}" y="${CARD.y + border}" width="${CARD.w - 2 * border}" height="${CARD.h - 2 * border}" fill="#f0a040"/>`;

/** The outline moved inwards (negative: outwards) by d px on every side. */
const inset = (d: number): [Point, Point, Point, Point] => [
  { x: truth[0]!.x + d, y: truth[0]!.y + d },
  { x: truth[1]!.x - d, y: truth[1]!.y + d },
  { x: truth[2]!.x - d, y: truth[2]!.y - d },
  { x: truth[3]!.x + d, y: truth[3]!.y - d },
];

const worstError = (corners: Point[]) => Math.max(...truth.map((t, i) => distance(t, corners[i]!)));

describe('snapping a rough outline to the card edge', () => {
  it('moves a rough outline on the printed frame out to a dark border on dark cloth', async () => {
    // A brown border on navy cloth: a weaker step than the border to the bright art inside it.
    const photo = await raster(card('#4a2c18'), '#1c2a4a');
    const snapped = snapSides(photo, inset(9), 16, 4);
    expect(snapped).not.toBeNull();
    expect(worstError(snapped!.corners)).toBeLessThan(1.5);
  });

  it('takes the card inside a penny sleeve, not the sleeve edge beyond it', async () => {
    const sleeve = `<rect x="${CARD.x - 6}" y="${CARD.y - 6}" width="${CARD.w + 12}" height="${CARD.h + 12}" rx="12" fill="#c4c7ca" stroke="#e4e6e8" stroke-width="2"/>`;
    const photo = await raster(sleeve + card('#f4f4f2'), '#c0c3c6');
    const snapped = snapSides(photo, inset(-4), 16, 4);
    expect(snapped).not.toBeNull();
    expect(worstError(snapped!.corners)).toBeLessThan(1.5);
  });

  it('reads the 10-90% width of a sharp edge as under two pixels', async () => {
    const snapped = snapSides(await raster(card('#202020'), '#d8d4cc'), inset(3), 12, 4);
    expect(snapped!.edgeRisePx).toBeLessThan(2);
  });

  it('leaves the rise unknown, never sharp, where no step along the outline is clear enough to time', async () => {
    // A card barely darker than the table: its outline is found, too faint to time the rise of.
    const plain = `<rect x="${CARD.x}" y="${CARD.y}" width="${CARD.w}" height="${CARD.h}" rx="10" fill="#b8b4ac"/>`;
    const snapped = snapSides(await raster(plain, '#c2beb6'), inset(3), 12, 4);
    expect(snapped).not.toBeNull();
    expect(snapped!.edgeRisePx).toBeNaN();
  });

  it('answers null on an empty table', async () => {
    expect(snapSides(await raster('', '#6b4f33'), inset(0), 12, 4)).toBeNull();
  });
});
