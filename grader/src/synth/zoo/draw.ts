import sharp from 'sharp';
import type { Random } from '../random.ts';
import type { Box } from './art.ts';
import { mix, parseHex, type Rgb } from './colour.ts';
import type { FoilKind } from './foil.ts';
import { fbm } from './noise.ts';

/** What every family's drawing gets: the face in mm, the printed border widths, the foil. */
export interface FaceContext {
  rng: Random;
  w: number;
  h: number;
  pxPerMm: number;
  /** Card edge to the inner design, per side in mm; null for a face printed to the edge. */
  borders: { left: number; right: number; top: number; bottom: number } | null;
  foil: FoilKind;
}

/** The design's area inside the border (the whole face when there is none). */
export const inner = (c: FaceContext): Box =>
  c.borders
    ? {
        x: c.borders.left,
        y: c.borders.top,
        w: c.w - c.borders.left - c.borders.right,
        h: c.h - c.borders.top - c.borders.bottom,
      }
    : { x: 0, y: 0, w: c.w, h: c.h };

const f = (v: number) => v.toFixed(3);

export const rect = (b: Box, attrs: string, rx = 0) =>
  `<rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}"${rx ? ` rx="${f(rx)}"` : ''} ${attrs}/>`;

export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, opacity = 1) =>
  `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${f(width)}"${opacity < 1 ? ` opacity="${opacity.toFixed(2)}"` : ''}/>`;

/** A raised frame: a light line along the top and left, a dark one along the bottom and right. */
export function bevel(b: Box, width: number, light = '#ffffff', dark = '#000000', opacity = 0.55): string {
  const hw = width / 2;
  return (
    `<g stroke-width="${f(width)}" opacity="${opacity}" fill="none">` +
    `<path d="M${f(b.x + hw)} ${f(b.y + b.h)}V${f(b.y + hw)}H${f(b.x + b.w)}" stroke="${light}"/>` +
    `<path d="M${f(b.x + b.w - hw)} ${f(b.y)}V${f(b.y + b.h - hw)}H${f(b.x)}" stroke="${dark}"/></g>`
  );
}

export const inset = (b: Box, d: number): Box => ({ x: b.x + d, y: b.y + d, w: b.w - 2 * d, h: b.h - 2 * d });

/**
 * A printed texture as an embedded image: mottled card stock, marbled backs, cloudy frames.
 * 'swirl' bends the noise around a centre, like the spiral backs of some games.
 */
export async function texture(
  rng: Random,
  b: Box,
  pxPerMm: number,
  colours: [string, string],
  featureMm: number,
  style: 'mottle' | 'swirl' = 'mottle',
): Promise<string> {
  const scale = Math.min(pxPerMm, 6);
  const w = Math.max(4, Math.round(b.w * scale));
  const h = Math.max(4, Math.round(b.h * scale));
  const seed = rng.int(1, 1e9);
  const a: Rgb = parseHex(colours[0]);
  const c: Rgb = parseHex(colours[1]);
  const pixels = new Uint8ClampedArray(w * h * 3);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let u = x / scale;
      let v = y / scale;
      if (style === 'swirl') {
        const dx = u - b.w / 2;
        const dy = v - b.h / 2;
        const r = Math.hypot(dx, dy);
        const t = Math.atan2(dy, dx) + r / 9;
        u = r * Math.cos(t);
        v = r * Math.sin(t) * 0.35;
      }
      const n = fbm(u / featureMm, v / featureMm, seed, 4);
      const col = mix(a, c, Math.min(1, Math.max(0, (n - 0.25) * 2)));
      const i = (y * w + x) * 3;
      pixels[i] = col[0];
      pixels[i + 1] = col[1];
      pixels[i + 2] = col[2];
    }
  }
  const png = await sharp(Buffer.from(pixels.buffer), { raw: { width: w, height: h, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return `<image x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}" preserveAspectRatio="none" href="data:image/png;base64,${png.toString('base64')}"/>`;
}
