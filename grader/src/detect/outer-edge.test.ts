import { describe, expect, it } from 'vitest';
import { cornersOfSides, distance, type Line, type Point } from '../geometry/homography.ts';
import { rasterOfSvg } from '../image/drawn-raster.ts';
import type { Raster } from '../image/raster.ts';
import { innerSides, outerSides } from './outer-edge.ts';

/** The outline the four fainter lines make, or null where a side shows none. */
function outerOutline(raster: Raster, quad: [Point, Point, Point, Point], fromPx: number, toPx: number) {
  const sides = outerSides(raster, quad, fromPx, toPx);
  return sides.every((line) => line !== null) ? cornersOfSides(sides as Line[]) : null;
}

const W = 700;
const H = 900;
/** A light card 63 x 88 mm at 8 px a millimetre, its printed frame 3 mm inside its edge. */
const CARD = { x: 98, y: 98, w: 504, h: 704 };
const FRAME = { x: CARD.x + 24, y: CARD.y + 24, w: CARD.w - 48, h: CARD.h - 48 };
const corners = (r: { x: number; y: number; w: number; h: number }): [Point, Point, Point, Point] => [
  { x: r.x, y: r.y },
  { x: r.x + r.w, y: r.y },
  { x: r.x + r.w, y: r.y + r.h },
  { x: r.x, y: r.y + r.h },
];

/** The card on paper ruled by `rules`, its border `border` (a few RGB from the paper's #ecebe6). */
async function drawn(border: string, rules = ''): Promise<Raster> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#ecebe6"/>${rules}` +
    `<rect x="${CARD.x}" y="${CARD.y}" width="${CARD.w}" height="${CARD.h}" rx="20" fill="${border}"/>` +
    `<rect x="${FRAME.x}" y="${FRAME.y}" width="${FRAME.w}" height="${FRAME.h}" fill="#3d7a4f" stroke="#b0202a" stroke-width="3"/></svg>`;
  return rasterOfSvg(svg, 0.7);
}

const worst = (found: Point[], truth: Point[]) => Math.max(...truth.map((t, i) => distance(found[i]!, t)));

describe("the card's own faint edge outside its printed frame", () => {
  it('finds the edge of a white card on white paper, 3 mm outside the frame, within a pixel', async () => {
    const found = outerOutline(await drawn('#f7f7f4'), corners(FRAME), 8, 48);
    expect(found).not.toBeNull();
    if (found) expect(worst(found, corners(CARD))).toBeLessThan(1.5);
  });

  it("keeps to the card's edge across a notebook's faint ruled lines", async () => {
    const rules = Array.from(
      { length: 30 },
      (_, i) => `<line x1="0" x2="${W}" y1="${15 + i * 31}" y2="${15 + i * 31}" stroke="#cdd6e8" stroke-width="1"/>`,
    ).join('');
    const found = outerOutline(await drawn('#f7f7f4', rules), corners(FRAME), 8, 48);
    expect(found).not.toBeNull();
    if (found) expect(worst(found, corners(CARD))).toBeLessThan(1.5);
  });

  it('follows the edge where the border narrows along a side (a tilted photo: frame and edge are not parallel)', async () => {
    // The frame drawn as a quadrilateral: its left side 32 px (4 mm) inside the card's edge at the
    // top and 14 px at the bottom, its other sides 3 mm inside as before.
    const frame: [Point, Point, Point, Point] = [
      { x: CARD.x + 32, y: FRAME.y },
      { x: FRAME.x + FRAME.w, y: FRAME.y },
      { x: FRAME.x + FRAME.w, y: FRAME.y + FRAME.h },
      { x: CARD.x + 14, y: FRAME.y + FRAME.h },
    ];
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#ecebe6"/>` +
      `<rect x="${CARD.x}" y="${CARD.y}" width="${CARD.w}" height="${CARD.h}" rx="20" fill="#f7f7f4"/>` +
      `<polygon points="${frame.map((p) => `${p.x},${p.y}`).join(' ')}" fill="#3d7a4f" stroke="#b0202a" stroke-width="3"/></svg>`;
    const raster = await rasterOfSvg(svg, 0.7);
    const found = outerOutline(raster, frame, 8, 48);
    expect(found).not.toBeNull();
    if (found) expect(worst(found, corners(CARD))).toBeLessThan(1.5);
  });

  it('finds nothing where no edge lies outside the outline (the card itself was found)', async () => {
    expect(outerOutline(await drawn('#f7f7f4'), corners(CARD), 8, 48)).toBeNull();
  });

  it("takes no shadow's soft ramp beside the card for an edge", async () => {
    // The card itself found; a lamp to the top left casts its shadow 3 mm wide to the right and below.
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><filter id="s"><feGaussianBlur stdDeviation="9"/></filter></defs>` +
      `<rect width="${W}" height="${H}" fill="#ecebe6"/>` +
      `<rect x="${CARD.x + 12}" y="${CARD.y + 12}" width="${CARD.w}" height="${CARD.h}" fill="#6e6d6a" filter="url(#s)"/>` +
      `<rect x="${CARD.x}" y="${CARD.y}" width="${CARD.w}" height="${CARD.h}" rx="20" fill="#3d7a4f"/></svg>`;
    const raster = await rasterOfSvg(svg);
    expect(outerSides(raster, corners(CARD), 8, 48)).toEqual([null, null, null, null]);
  });
});

/** A card (CARD, its frame FRAME) in a penny sleeve 1.5 mm larger a side: by default yellow-bordered on a brown table. */
async function sleeved(
  { table, border, frame } = { table: '#7a4e30', border: '#e8c430', frame: '#1c2a5c' },
): Promise<{ raster: Raster; sleeve: [Point, Point, Point, Point] }> {
  const sleeve = { x: CARD.x - 12, y: CARD.y - 28, w: CARD.w + 24, h: CARD.h + 40 };
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${table}"/>` +
    // The clear plastic adds a little of the room's light; its open top has a lip 1 mm down.
    `<rect x="${sleeve.x}" y="${sleeve.y}" width="${sleeve.w}" height="${sleeve.h}" rx="6" fill="#ffffff" opacity="0.12"/>` +
    `<line x1="${sleeve.x + 3}" x2="${sleeve.x + sleeve.w - 3}" y1="${sleeve.y + 8}" y2="${sleeve.y + 8}" stroke="#ffffff" stroke-width="2" opacity="0.35"/>` +
    `<rect x="${CARD.x}" y="${CARD.y}" width="${CARD.w}" height="${CARD.h}" rx="20" fill="${border}"/>` +
    `<rect x="${FRAME.x}" y="${FRAME.y}" width="${FRAME.w}" height="${FRAME.h}" fill="${frame}"/></svg>`;
  return { raster: await rasterOfSvg(svg, 0.7), sleeve: corners(sleeve) };
}

describe("the card's edge inside a sleeve's outline", () => {
  it("finds the card's edge past the plastic, not the sleeve's lip nor the card's printed frame", async () => {
    const { raster, sleeve } = await sleeved();
    const sides = innerSides(raster, sleeve, 5, 48);
    expect(sides.every((line) => line !== null)).toBe(true);
    const found = cornersOfSides(sides as Line[]);
    expect(found).not.toBeNull();
    if (found) expect(worst(found, corners(CARD))).toBeLessThan(1.5);
  });

  it('finds a dark blue border on a red cloth seen through the plastic, as bright as each other', async () => {
    // The cloth through the sleeve and the border both sum to about 296 in RGB: only colour steps there.
    const { raster, sleeve } = await sleeved({ table: '#8a2a34', border: '#3a4aa4', frame: '#5a8ad0' });
    const sides = innerSides(raster, sleeve, 5, 48);
    expect(sides.every((line) => line !== null)).toBe(true);
    const found = cornersOfSides(sides as Line[]);
    expect(found).not.toBeNull();
    if (found) expect(worst(found, corners(CARD))).toBeLessThan(1.5);
  });

  it("finds the printed frame inside a card's own outline (telling it from a card is seenThroughPlastic's part)", async () => {
    const { raster } = await sleeved();
    const found = cornersOfSides(innerSides(raster, corners(CARD), 5, 48) as Line[]);
    expect(found).not.toBeNull();
    if (found) expect(worst(found, corners(FRAME))).toBeLessThan(1.5);
  });
});
