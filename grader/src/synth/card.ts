import sharp from 'sharp';
import type { Random } from './random.ts';

export const SIZES = { standard: { w: 63, h: 88 }, small: { w: 59, h: 86 } } as const;
export const CORNER_RADIUS_MM = 3;

export interface CardDesign {
  size: keyof typeof SIZES;
  /** Printed border widths in mm; null for a full-art face with no border. */
  borders: { left: number; right: number; top: number; bottom: number } | null;
  borderColour: string;
  artHue: number;
  /** Corner whitening: radius in mm from the apex, per corner (0 = clean). */
  cornerWhitening: [number, number, number, number];
  /** Edge whitening stretches: side 0..3 (top, right, bottom, left), start and length in mm. */
  edgeWhitening: { side: number; start: number; length: number }[];
  /** Surface scratches in the border or art: from and to in mm. */
  scratches: { x1: number; y1: number; x2: number; y2: number }[];
  /** Holographic foil over the artwork: rainbow bands and sparkles, printed on purpose. */
  holo?: boolean;
  /**
   * Creases: a fold line from and to in mm, lit from one side: a light band along one side of
   * the line and a dark band along the other, `width` mm each, `strength` of the way to white and black.
   */
  creases?: { x1: number; y1: number; x2: number; y2: number; width: number; strength: number }[];
  /**
   * Print lines: a faint straight line across the whole face, from edge to edge, left by the
   * press; `at` is its distance in mm from the top (horizontal) or the left (vertical).
   */
  printLines?: { vertical: boolean; at: number; width: number; colour: string; opacity: number }[];
  /** Small print in the border: glyph-sized marks in mm. */
  borderPrint?: { colour: string; glyphs: { x: number; y: number; w: number; h: number }[] };
}

export const PX_PER_MM = 20;

/** Renders a flat card face (RGBA, transparent outside the rounded outline) at 20 px per mm. */
export async function renderCardFace(
  design: CardDesign,
  rng: Random,
): Promise<{ data: Uint8Array; width: number; height: number }> {
  const { w, h } = SIZES[design.size];
  const s = PX_PER_MM;
  const W = w * s;
  const H = h * s;
  const b = design.borders;
  const art = b
    ? { x: b.left * s, y: b.top * s, w: (w - b.left - b.right) * s, h: (h - b.top - b.bottom) * s }
    : { x: 0, y: 0, w: W, h: H };
  const hue = design.artHue;
  const shapes: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const cx = art.x + rng.range(0.15, 0.85) * art.w;
    const cy = art.y + rng.range(0.1, 0.6) * art.h;
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${rng.range(0.05, 0.18) * art.w}" fill="hsl(${(hue + rng.int(0, 120)) % 360},${rng.int(40, 80)}%,${rng.int(30, 60)}%)" opacity="0.85"/>`,
    );
  }
  // Text-like strokes in a text box: printing, not defects.
  const textBox = { x: art.x + art.w * 0.08, y: art.y + art.h * 0.68, w: art.w * 0.84, h: art.h * 0.26 };
  shapes.push(
    `<rect x="${textBox.x}" y="${textBox.y}" width="${textBox.w}" height="${textBox.h}" fill="hsl(${hue},30%,88%)"/>`,
  );
  for (let line = 0; line < 5; line += 1) {
    const y = textBox.y + textBox.h * (0.15 + line * 0.17);
    shapes.push(
      `<rect x="${textBox.x + 10}" y="${y}" width="${textBox.w * rng.range(0.5, 0.9)}" height="${s * 0.6}" fill="hsl(${hue},20%,25%)"/>`,
    );
  }
  if (design.holo) {
    // Foil: repeating diagonal rainbow bands over the art, and a field of small sparkles.
    shapes.unshift(
      `<rect x="${art.x}" y="${art.y}" width="${art.w}" height="${art.h}" fill="url(#holo)" opacity="0.45"/>`,
    );
    for (let i = 0; i < 160; i += 1) {
      const r = rng.range(0.06, 0.2) * s;
      shapes.push(
        `<circle cx="${art.x + rng.next() * art.w}" cy="${art.y + rng.next() * art.h * 0.66}" r="${r}" fill="#fffef6" opacity="${rng.range(0.4, 0.85)}"/>`,
      );
    }
  }
  for (const g of design.borderPrint?.glyphs ?? []) {
    shapes.push(
      `<rect x="${g.x * s}" y="${g.y * s}" width="${g.w * s}" height="${g.h * s}" fill="${design.borderPrint!.colour}"/>`,
    );
  }
  const defects: string[] = [];
  const corners = [
    [0, 0, 1, 1],
    [W, 0, -1, 1],
    [W, H, -1, -1],
    [0, H, 1, -1],
  ] as const;
  design.cornerWhitening.forEach((radius, i) => {
    if (radius <= 0) return;
    const [x, y, dx, dy] = corners[i]!;
    const apexOffset = CORNER_RADIUS_MM * (1 - Math.SQRT1_2) * s;
    // A disk centred on the apex, which lies on the card's outline at the corner's bisector.
    defects.push(`<circle cx="${x + dx * apexOffset}" cy="${y + dy * apexOffset}" r="${radius * s}" fill="#f4f4f2"/>`);
  });
  for (const e of design.edgeWhitening) {
    const depth = 0.25 * s;
    const rect = [
      [e.start * s, 0, e.length * s, depth],
      [W - depth, e.start * s, depth, e.length * s],
      [e.start * s, H - depth, e.length * s, depth],
      [0, e.start * s, depth, e.length * s],
    ][e.side]!;
    defects.push(`<rect x="${rect[0]}" y="${rect[1]}" width="${rect[2]}" height="${rect[3]}" fill="#f4f4f2"/>`);
  }
  for (const sc of design.scratches) {
    defects.push(
      `<line x1="${sc.x1 * s}" y1="${sc.y1 * s}" x2="${sc.x2 * s}" y2="${sc.y2 * s}" stroke="#f6f6f3" stroke-opacity="0.85" stroke-width="${0.12 * s}" stroke-linecap="round"/>`,
    );
  }
  for (const l of design.printLines ?? []) {
    const [x, y, lw, lh] = l.vertical
      ? [(l.at - l.width / 2) * s, 0, l.width * s, H]
      : [0, (l.at - l.width / 2) * s, W, l.width * s];
    defects.push(
      `<rect x="${x}" y="${y}" width="${lw}" height="${lh}" fill="${l.colour}" fill-opacity="${l.opacity}"/>`,
    );
  }
  for (const c of design.creases ?? []) {
    const length = Math.hypot(c.x2 - c.x1, c.y2 - c.y1);
    // The unit normal: the light band lies on its negative side, the dark band on its positive side.
    const nx = -(c.y2 - c.y1) / length;
    const ny = (c.x2 - c.x1) / length;
    for (const [side, colour] of [
      [-1, '#ffffff'],
      [1, '#000000'],
    ] as const) {
      const ox = (side * nx * c.width * s) / 2;
      const oy = (side * ny * c.width * s) / 2;
      defects.push(
        `<line x1="${c.x1 * s + ox}" y1="${c.y1 * s + oy}" x2="${c.x2 * s + ox}" y2="${c.y2 * s + oy}" stroke="${colour}" stroke-opacity="${c.strength}" stroke-width="${c.width * s}"/>`,
      );
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs>
  <clipPath id="card"><rect width="${W}" height="${H}" rx="${CORNER_RADIUS_MM * s}" ry="${CORNER_RADIUS_MM * s}"/></clipPath>
  <linearGradient id="art" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,35%)"/>
  </linearGradient>
  <linearGradient id="holo" x1="0" y1="0" x2="${4 * s}" y2="${2.5 * s}" gradientUnits="userSpaceOnUse" spreadMethod="repeat">
    <stop offset="0" stop-color="#ff5a5a"/><stop offset="0.2" stop-color="#ffe65a"/><stop offset="0.4" stop-color="#5aff8c"/>
    <stop offset="0.6" stop-color="#5ac8ff"/><stop offset="0.8" stop-color="#b45aff"/><stop offset="1" stop-color="#ff5a5a"/>
  </linearGradient>
</defs>
<g clip-path="url(#card)">
  <rect width="${W}" height="${H}" fill="${design.borderColour}"/>
  <rect x="${art.x}" y="${art.y}" width="${art.w}" height="${art.h}" fill="url(#art)"/>
  ${shapes.join('\n  ')}
  ${defects.join('\n  ')}
</g>
</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}
