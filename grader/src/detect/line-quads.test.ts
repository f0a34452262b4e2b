import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { distance, type Point } from '../geometry/homography.ts';
import { openCv } from '../image/opencv.ts';
import { lineQuads } from './line-quads.ts';

/** The quadrilaterals lineQuads finds in the Canny edges of an SVG drawing, 400 x 300. */
async function quadsIn(body: string): Promise<[Point, Point, Point, Point][]> {
  const { cv } = await openCv();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#7b8088"/>${body}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const grey = cv.matFromArray(info.height, info.width, cv.CV_8UC1, new Uint8Array(data));
  const edges = new cv.Mat();
  try {
    cv.Canny(grey, edges, 40, 120);
    return lineQuads(cv, edges, 400 * 300 * 0.001);
  } finally {
    grey.delete();
    edges.delete();
  }
}

/** The largest distance from a true corner to the nearest corner of a quadrilateral. */
const worstCorner = (quad: Point[], truth: Point[]) =>
  Math.max(...truth.map((t) => Math.min(...quad.map((p) => distance(p, t)))));

describe('quadrilaterals from straight edges', () => {
  const tilted: Point[] = [
    { x: 150, y: 50 },
    { x: 271, y: 62 },
    { x: 254, y: 231 },
    { x: 133, y: 219 },
  ];
  const card = `<polygon points="${tilted.map((p) => `${p.x},${p.y}`).join(' ')}" fill="#e8dcc0"/>`;

  it('finds a tilted card with its corners where its sides meet, within a pixel and a half', async () => {
    const quads = await quadsIn(card);
    expect(Math.min(...quads.map((q) => worstCorner(q, tilted)))).toBeLessThan(1.5);
  });

  it('still finds it where lines on the table run into its sides', async () => {
    const lines = `<line x1="0" y1="120" x2="400" y2="140" stroke="#20242a" stroke-width="3"/><line x1="60" y1="0" x2="90" y2="300" stroke="#20242a" stroke-width="2"/>`;
    const quads = await quadsIn(lines + card);
    expect(Math.min(...quads.map((q) => worstCorner(q, tilted)))).toBeLessThan(1.5);
  });

  it('answers a bounded number from grid paper, the card among them', async () => {
    // A grid ruled every 12 px beside the card: hundreds of card-shaped quadrilaterals cross there,
    // each costing a score along its outline afterwards (a 25 s photo before the bound).
    const across = Array.from(
      { length: 25 },
      (_, i) => `<line x1="0" y1="${i * 12 + 6}" x2="120" y2="${i * 12 + 6}" stroke="#50545a" stroke-width="1"/>`,
    );
    const down = Array.from(
      { length: 10 },
      (_, i) => `<line x1="${i * 12 + 6}" y1="0" x2="${i * 12 + 6}" y2="300" stroke="#50545a" stroke-width="1"/>`,
    );
    const rules = [...across, ...down].join('');
    const quads = await quadsIn(rules + card);
    expect(quads.length).toBeLessThanOrEqual(200);
    expect(Math.min(...quads.map((q) => worstCorner(q, tilted)))).toBeLessThan(1.5);
  });

  it('finds nothing card-shaped in a square nor in a long strip', async () => {
    const square = await quadsIn('<rect x="100" y="50" width="180" height="180" fill="#e8dcc0"/>');
    const strip = await quadsIn('<rect x="40" y="120" width="320" height="60" fill="#e8dcc0"/>');
    expect([...square, ...strip]).toHaveLength(0);
  });
});
