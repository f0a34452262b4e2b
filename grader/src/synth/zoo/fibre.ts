import { crc32, deflateSync } from 'node:zlib';
import { seededRandom } from '../random.ts';
import type { Box } from './art.ts';
import { fbm } from './noise.ts';

/**
 * The paper core where the printed, coated top layer has worn away: bright, nearly neutral fibre
 * (brighter than printed white ink, so it shows even on white borders), mottled where fibres lie
 * higher or lower, with single strands and small pits. Drawn as a small raster at a fixed
 * resolution, from its own seed: nothing here draws from a face's random stream.
 */

/** Texture pixels per mm: a 0.04 mm pixel, so a single fibre (0.04 to 0.05 mm across) is a pixel wide. */
const FIBRE_PX_PER_MM = 25;
/** Grey level (sRGB 0..255) of the fibre before strands and pits: L* 99; about L* 98 with them, above printed white ink (L* 94 to 97). */
const FIBRE_LEVEL = 252;
/** Slightly cool, as bare paper under room light looks beside ink: red down, blue up, in grey levels. */
const COOL_TINT = [-1.5, 0, 1.5] as const;
/** Size in mm of the mottle (clumps of fibre lying higher or lower) and its full swing in grey levels (a spread of about 1.5 L*). */
const MOTTLE_MM = 0.15;
const MOTTLE_LEVELS = 40;
/** Single fibres, per mm² of the patch's box: 0.1 to 0.4 mm long, a pixel wide, lighter by a few L* with a fainter shadow beside. */
const STRANDS_PER_MM2 = 45;
const STRAND_MM = [0.1, 0.4] as const;
const STRAND_LEVELS = [6, 14] as const;
const STRAND_SHADOW = 0.8;
/** Pits between fibres, per mm²: one or two pixels, darker than the mottle. */
const PITS_PER_MM2 = 30;

/** A seed for a patch's texture from numbers the damage already holds (so the main stream is never drawn from). */
export function fibreSeed(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    const x = Math.round(v * 1e6) | 0;
    h = Math.imul(h ^ (x & 0xffff), 0x01000193);
    h = Math.imul(h ^ (x >>> 16), 0x01000193);
  }
  return h >>> 0;
}

/** A PNG of 8-bit RGB pixels, encoded here because the damage is drawn synchronously. */
function pngRgb(rgb: Uint8ClampedArray, width: number, height: number): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1)
    Buffer.from(rgb.buffer, y * width * 3, width * 3).copy(rows, y * (width * 3 + 1) + 1);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 3 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Exposed fibre filling `box` (in mm on the face) as an SVG image, to be clipped to the worn outline. */
export function fibreImage(seed: number, box: Box): string {
  const tex = seededRandom(seed);
  const width = Math.max(2, Math.ceil(box.w * FIBRE_PX_PER_MM));
  const height = Math.max(2, Math.ceil(box.h * FIBRE_PX_PER_MM));
  const noiseSeed = tex.int(1, 1e9);
  const level = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const u = (box.x + (x + 0.5) / FIBRE_PX_PER_MM) / MOTTLE_MM;
      const v = (box.y + (y + 0.5) / FIBRE_PX_PER_MM) / MOTTLE_MM;
      level[y * width + x] = FIBRE_LEVEL + MOTTLE_LEVELS * (fbm(u, v, noiseSeed, 3) - 0.5);
    }
  const area = box.w * box.h;
  for (let k = 0, n = Math.round(area * STRANDS_PER_MM2); k < n; k += 1) {
    // A gently curving fibre standing a little proud: lit along one side, its shadow a pixel down and right.
    let x = tex.range(0, width);
    let y = tex.range(0, height);
    let a = tex.range(0, 2 * Math.PI);
    const bend = tex.range(-0.08, 0.08);
    const steps = Math.round(tex.range(STRAND_MM[0], STRAND_MM[1]) * FIBRE_PX_PER_MM);
    const lift = tex.range(STRAND_LEVELS[0], STRAND_LEVELS[1]);
    let last = -1;
    for (let s = 0; s < steps; s += 1) {
      const i = Math.floor(y) * width + Math.floor(x);
      if (x >= 0 && y >= 0 && x < width - 1 && y < height - 1 && i !== last) {
        level[i] = level[i]! + lift;
        level[i + width + 1] = level[i + width + 1]! - STRAND_SHADOW * lift;
      }
      last = i;
      x += Math.cos(a);
      y += Math.sin(a);
      a += bend;
    }
  }
  for (let k = 0, n = Math.round(area * PITS_PER_MM2); k < n; k += 1) {
    const x = tex.int(0, width - 2);
    const y = tex.int(0, height - 2);
    const depth = tex.range(12, 28);
    const i = y * width + x;
    level[i] = level[i]! - depth;
    if (tex.next() < 0.5) level[i + 1] = level[i + 1]! - depth / 2;
    else level[i + width] = level[i + width]! - depth / 2;
  }
  const rgb = new Uint8ClampedArray(width * height * 3);
  for (let i = 0; i < width * height; i += 1)
    for (let c = 0; c < 3; c += 1) rgb[i * 3 + c] = Math.round(level[i]! + COOL_TINT[c]!);
  const png = pngRgb(rgb, width, height);
  const f = (v: number) => v.toFixed(3);
  return `<image x="${f(box.x)}" y="${f(box.y)}" width="${f(width / FIBRE_PX_PER_MM)}" height="${f(height / FIBRE_PX_PER_MM)}" preserveAspectRatio="none" href="data:image/png;base64,${png.toString('base64')}"/>`;
}
