import sharp from 'sharp';
import type { Random } from '../random.ts';
import { apply, invert, type Mat3 } from './camera.ts';
import { hsl, mix, type Rgb } from './colour.ts';
import { fbm, valueNoise } from './noise.ts';

export const BACKGROUNDS = [
  'white_paper',
  'lined_paper',
  'grid_paper',
  'two_tone',
  'wood',
  'cloth',
  'playmat',
  'grey_desk',
  'dark_desk',
] as const;
export type Background = (typeof BACKGROUNDS)[number];

type Texture = (u: number, v: number, mmPerPx: number) => Rgb;

/** How much of a pixel mmPerPx wide a line of the given width at distance d covers. */
const lineCover = (d: number, width: number, mmPerPx: number) =>
  Math.max(0, Math.min(1, (width / 2 + mmPerPx / 2 - Math.abs(d)) / mmPerPx)) * Math.min(1, width / mmPerPx);

/** Distance to the nearest of a family of parallel lines `period` apart. */
const toLines = (t: number, period: number) => {
  const m = ((t % period) + period) % period;
  return Math.min(m, period - m);
};

function paper(rng: Random, seed: number): Texture {
  const base: Rgb = mix([246, 245, 240], [238, 236, 226], rng.next());
  return (u, v) => {
    const n = (fbm(u / 2, v / 2, seed, 3) - 0.5) * 6;
    return [base[0] + n, base[1] + n, base[2] + n];
  };
}

/** A texture for the whole table; all of it lives in table millimetres, so lines converge in perspective. */
export function deskTexture(rng: Random, kind: Background): Texture {
  const seed = rng.int(1, 1e9);
  const turn = rng.range(-0.3, 0.3);
  const [c, s] = [Math.cos(turn), Math.sin(turn)];
  const along = (u: number, v: number) => c * u + s * v;
  const across = (u: number, v: number) => -s * u + c * v;
  switch (kind) {
    case 'white_paper':
      return paper(rng, seed);
    case 'lined_paper': {
      const sheet = paper(rng, seed);
      const period = rng.pick([7.1, 8.7]);
      const margin = rng.range(-120, -60);
      return (u, v, mm) => {
        const p = sheet(u, v, mm);
        const blue = lineCover(toLines(across(u, v), period), 0.25, mm) * 0.55;
        const red = lineCover(along(u, v) - margin, 0.3, mm) * 0.6;
        return mix(mix(p, [110, 150, 210], blue), [220, 90, 100], red);
      };
    }
    case 'grid_paper': {
      const sheet = paper(rng, seed);
      const period = rng.pick([5, 6.35]);
      return (u, v, mm) => {
        const cover = Math.max(
          lineCover(toLines(along(u, v), period), 0.18, mm),
          lineCover(toLines(across(u, v), period), 0.18, mm),
        );
        return mix(sheet(u, v, mm), [120, 170, 160], cover * 0.5);
      };
    }
    case 'two_tone': {
      // A sheet of paper on a darker desk: the seam is the sheet's edge, across the frame.
      const sheet = paper(rng, seed);
      const desk = deskTexture(rng, rng.pick(['wood', 'dark_desk', 'grey_desk'] as const));
      const at = rng.range(-60, 60);
      const angle = rng.range(0, Math.PI);
      const [nx, ny] = [Math.cos(angle), Math.sin(angle)];
      return (u, v, mm) => {
        const d = nx * u + ny * v - at;
        if (d > 0) return sheet(u, v, mm);
        // The sheet's shadow on the desk beside its edge.
        return mix(desk(u, v, mm), [0, 0, 0], 0.35 * Math.exp(d / 0.8));
      };
    }
    case 'wood': {
      const light: Rgb = hsl(rng.range(20, 38), rng.range(0.35, 0.6), rng.range(0.45, 0.65));
      const dark: Rgb = mix(light, [40, 20, 10], rng.range(0.35, 0.55));
      const plank = rng.range(90, 160);
      const ringPeriod = rng.range(3, 6);
      return (u, v, mm) => {
        const x = along(u, v);
        const y = across(u, v);
        const ring = (y + 9 * fbm(x / 80, y / 12, seed, 3)) / ringPeriod;
        const grain = 0.5 + 0.5 * Math.sin(2 * Math.PI * ring);
        const streak = fbm(x / 30, y / 0.8, seed + 5, 3);
        let col = mix(light, dark, 0.55 * grain + 0.45 * streak);
        const seam = lineCover(toLines(y, plank), 0.6, mm);
        col = mix(col, [30, 18, 10], seam * 0.8);
        return col;
      };
    }
    case 'cloth': {
      const colour: Rgb = rng.pick<Rgb>([
        [35, 45, 80],
        [25, 25, 28],
        [40, 90, 60],
        [110, 30, 40],
        [90, 90, 95],
      ]);
      const weave = rng.range(0.35, 0.7);
      return (u, v, mm) => {
        const x = along(u, v);
        const y = across(u, v);
        // Threads blur into an even tone once a pixel spans several of them.
        const sharpness = Math.max(0, 1 - mm / weave);
        const threads = sharpness * 0.18 * Math.sin((2 * Math.PI * x) / weave) * Math.sin((2 * Math.PI * y) / weave);
        const fold = (fbm(x / 40, y / 40, seed, 3) - 0.5) * 0.5;
        const fuzz = (valueNoise(x / 1.5, y / 1.5, seed + 3) - 0.5) * 0.15;
        const k = 1 + threads + fold + fuzz;
        return [colour[0] * k, colour[1] * k, colour[2] * k];
      };
    }
    case 'playmat': {
      const hue = rng.int(0, 359);
      const zoneW = rng.range(66, 72);
      const zoneH = rng.range(92, 98);
      return (u, v, mm) => {
        const x = along(u, v);
        const y = across(u, v);
        const n = fbm(x / 70, y / 70, seed, 3);
        const detail = fbm(x / 8, y / 8, seed + 9, 2);
        let col = hsl(hue + 160 * n, 0.55, 0.2 + 0.35 * detail);
        const glowing = Math.max(0, 1 - Math.hypot(x - 80, y + 40) / 150);
        col = mix(col, [255, 230, 180], glowing * 0.4);
        // The printed card zones of a playmat: thin light rounded rectangles.
        const zx = toLines(x + zoneW / 2, zoneW + 8);
        const zy = toLines(y + zoneH / 2, zoneH + 8);
        const zone = Math.max(
          zx < 4 && zy > 4 ? lineCover(zx - 4, 0.5, mm) : 0,
          zy < 4 && zx > 4 ? lineCover(zy - 4, 0.5, mm) : 0,
        );
        return mix(col, [235, 235, 240], zone * 0.7);
      };
    }
    case 'grey_desk': {
      const base = rng.range(120, 175);
      return (u, v) => {
        const n = (fbm(u / 20, v / 20, seed, 3) - 0.5) * 14 + (valueNoise(u * 2, v * 2, seed + 1) - 0.5) * 10;
        return [base + n - 2, base + n, base + n + 3];
      };
    }
    case 'dark_desk':
      return (u, v) => {
        const n = (fbm(u / 25, v / 25, seed, 3) - 0.5) * 16 + (valueNoise(u * 1.5, v * 1.5, seed + 1) - 0.5) * 8;
        return [32 + n, 30 + n, 29 + n];
      };
  }
}

/**
 * The table as the camera sees it, evaluated on a coarse grid (every `step` pixels) and
 * enlarged: desks have no detail finer than that which the final grain does not supply.
 */
export async function renderDesk(
  texture: Texture,
  toFrame: Mat3,
  frameW: number,
  frameH: number,
  step: number,
): Promise<Buffer> {
  const w = Math.ceil(frameW / step);
  const h = Math.ceil(frameH / step);
  const back = invert(toFrame);
  const out = new Uint8ClampedArray(w * h * 3);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const fx = (x + 0.5) * step;
      const fy = (y + 0.5) * step;
      const p = apply(back, fx, fy);
      const q = apply(back, fx + step, fy);
      const mmPerPx = Math.hypot(q.x - p.x, q.y - p.y);
      const c = texture(p.x, p.y, mmPerPx);
      const i = (y * w + x) * 3;
      out[i] = c[0];
      out[i + 1] = c[1];
      out[i + 2] = c[2];
    }
  }
  return sharp(Buffer.from(out.buffer), { raw: { width: w, height: h, channels: 3 } })
    .resize(frameW, frameH, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
}
