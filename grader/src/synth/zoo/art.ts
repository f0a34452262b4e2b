import sharp from 'sharp';
import type { Random } from '../random.ts';
import { hex, hsl, mix, type Rgb } from './colour.ts';
import { textLine } from './fonts.ts';
import { fbm, valueNoise } from './noise.ts';

export type ArtKind = 'creature' | 'landscape' | 'player';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Painted or photographed artwork for a window of the card: a raster of layered noise (sky,
 * clouds, ground, light, bokeh) under sharp vector shapes with outlines and hatching at every
 * angle, the printed lines an engine must not take for scratches.
 */
export async function artwork(rng: Random, box: Box, pxPerMm: number, kind: ArtKind, hue: number): Promise<string> {
  const scale = Math.min(pxPerMm, 8);
  const w = Math.max(8, Math.round(box.w * scale));
  const h = Math.max(8, Math.round(box.h * scale));
  const seed = rng.int(1, 1e9);
  const sky: Rgb = hsl(hue + rng.range(-40, 40), rng.range(0.3, 0.8), rng.range(0.55, 0.8));
  const top: Rgb = hsl(hue + rng.range(120, 240), rng.range(0.3, 0.7), rng.range(0.2, 0.5));
  const ground: Rgb = hsl(hue + rng.range(-80, 80), rng.range(0.25, 0.7), rng.range(0.2, 0.45));
  const horizon = rng.range(0.45, 0.75);
  const glow = { x: rng.range(0.2, 0.8), y: rng.range(0.1, 0.5), r: rng.range(0.2, 0.5) };
  const bokeh =
    kind === 'player'
      ? Array.from({ length: rng.int(10, 25) }, () => ({
          x: rng.next(),
          y: rng.range(0, 0.6),
          r: rng.range(0.02, 0.06),
          a: rng.range(0.2, 0.6),
        }))
      : [];
  const pixels = new Uint8ClampedArray(w * h * 3);
  for (let y = 0; y < h; y += 1) {
    const fy = y / h;
    for (let x = 0; x < w; x += 1) {
      const fx = x / w;
      const mmX = fx * box.w;
      const mmY = fy * box.h;
      const clouds = fbm(mmX / 9, mmY / 5, seed, 4);
      const line = horizon + 0.12 * (fbm(mmX / 14, 0.5, seed + 7, 3) - 0.5) * 2;
      // Sky and ground blended across the horizon over one pixel: a hard step would show as stairs when enlarged.
      const ground01 = Math.max(0, Math.min(1, (fy - line) * h + 0.5));
      let c: Rgb = [0, 0, 0];
      if (ground01 < 1) {
        c = mix(top, sky, Math.min(1, fy / line + 0.3 * (clouds - 0.5)));
        c = mix(c, [255, 255, 255], Math.max(0, clouds - 0.55) * 1.5);
      }
      if (ground01 > 0) {
        const soil = fbm(mmX / 3, mmY / 1.5, seed + 3, 5);
        c = mix(c, mix(ground, [0, 0, 0], 0.5 * soil + 0.3 * Math.max(0, fy - line)), ground01);
      }
      const dg = Math.hypot(fx - glow.x, (fy - glow.y) * (h / w)) / glow.r;
      if (dg < 1.5) c = mix(c, [255, 250, 225], 0.55 * Math.exp(-dg * dg * 2));
      for (const b of bokeh) {
        const d = Math.hypot(fx - b.x, (fy - b.y) * (h / w));
        if (d < b.r) c = mix(c, [255, 245, 210], b.a * (1 - (d / b.r) ** 4));
      }
      const grain = (valueNoise(mmX * 4, mmY * 4, seed + 11) - 0.5) * 18;
      const i = (y * w + x) * 3;
      pixels[i] = c[0] + grain;
      pixels[i + 1] = c[1] + grain;
      pixels[i + 2] = c[2] + grain;
    }
  }
  const png = await sharp(Buffer.from(pixels.buffer), { raw: { width: w, height: h, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const clip = `art${seed}`;
  let svg = `<clipPath id="${clip}"><rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}"/></clipPath><g clip-path="url(#${clip})">`;
  svg += `<image x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" preserveAspectRatio="none" href="data:image/png;base64,${png.toString('base64')}"/>`;
  svg +=
    kind === 'player' ? player(rng, box, hue) : kind === 'creature' ? creature(rng, box, hue) : ridges(rng, box, hue);
  return `${svg}</g>`;
}

/** A closed, smooth, irregular outline around (cx, cy). */
function blobPath(rng: Random, cx: number, cy: number, rx: number, ry: number, points = rng.int(7, 11)): string {
  const pts = Array.from({ length: points }, (_, i) => {
    const a = (2 * Math.PI * i) / points + rng.range(-0.2, 0.2);
    const r = rng.range(0.65, 1.15);
    return [cx + rx * r * Math.cos(a), cy + ry * r * Math.sin(a)] as const;
  });
  let d = '';
  for (let i = 0; i < points; i += 1) {
    const p0 = pts[(i - 1 + points) % points]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % points]!;
    const p3 = pts[(i + 2) % points]!;
    if (i === 0) d += `M${p1[0].toFixed(2)} ${p1[1].toFixed(2)}`;
    // Catmull-Rom to Bezier: a curve through every point.
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${c1[0]!.toFixed(2)} ${c1[1]!.toFixed(2)} ${c2[0]!.toFixed(2)} ${c2[1]!.toFixed(2)} ${p2[0].toFixed(2)} ${p2[1].toFixed(2)}`;
  }
  return `${d}Z`;
}

/** Thin strokes at one angle inside a region: shading lines, energy lines. */
function hatching(rng: Random, box: Box, count: number, colour: string, width: number, opacity: number): string {
  let s = '';
  for (let i = 0; i < count; i += 1) {
    const a = rng.range(0, Math.PI);
    const len = rng.range(0.15, 0.6) * Math.max(box.w, box.h);
    const x = box.x + rng.next() * box.w;
    const y = box.y + rng.next() * box.h;
    s += `<line x1="${x.toFixed(2)}" y1="${y.toFixed(2)}" x2="${(x + len * Math.cos(a)).toFixed(2)}" y2="${(y + len * Math.sin(a)).toFixed(2)}"/>`;
  }
  return `<g stroke="${colour}" stroke-width="${width}" opacity="${opacity}" stroke-linecap="round">${s}</g>`;
}

function creature(rng: Random, box: Box, hue: number): string {
  const body = hex(hsl(hue + rng.range(-30, 30), rng.range(0.5, 0.9), rng.range(0.45, 0.65)));
  const dark = hex(hsl(hue, 0.6, 0.15));
  const cx = box.x + box.w * rng.range(0.35, 0.65);
  const cy = box.y + box.h * rng.range(0.45, 0.65);
  const rx = box.w * rng.range(0.18, 0.3);
  const ry = box.h * rng.range(0.22, 0.35);
  let s = '';
  // Speed lines behind the figure, radiating from it.
  for (let i = 0, n = rng.int(0, 14); i < n; i += 1) {
    const a = rng.range(0, 2 * Math.PI);
    const r1 = rng.range(1.1, 1.4) * rx;
    const r2 = r1 + rng.range(4, 12);
    s += `<line x1="${(cx + r1 * Math.cos(a)).toFixed(2)}" y1="${(cy + r1 * Math.sin(a)).toFixed(2)}" x2="${(cx + r2 * Math.cos(a)).toFixed(2)}" y2="${(cy + r2 * Math.sin(a)).toFixed(2)}" stroke="#fff" stroke-width="${rng.range(0.1, 0.3).toFixed(2)}" opacity="0.7"/>`;
  }
  s += `<path d="${blobPath(rng, cx, cy, rx, ry)}" fill="${body}" stroke="${dark}" stroke-width="${rng.range(0.15, 0.35).toFixed(2)}"/>`;
  for (let i = 0, n = rng.int(2, 4); i < n; i += 1) {
    const a = rng.range(0, 2 * Math.PI);
    s += `<path d="${blobPath(rng, cx + rx * Math.cos(a), cy + ry * Math.sin(a), rx * rng.range(0.25, 0.45), ry * rng.range(0.25, 0.45), 6)}" fill="${hex(hsl(hue + 20, 0.7, rng.range(0.4, 0.7)))}" stroke="${dark}" stroke-width="0.2"/>`;
  }
  s += `<ellipse cx="${cx + rx * 0.2}" cy="${cy - ry * 0.3}" rx="${rx * 0.12}" ry="${ry * 0.1}" fill="#fff" stroke="${dark}" stroke-width="0.15"/><circle cx="${cx + rx * 0.22}" cy="${cy - ry * 0.3}" r="${rx * 0.05}" fill="${dark}"/>`;
  s += hatching(rng, { x: cx - rx, y: cy - ry, w: rx * 2, h: ry * 2 }, rng.int(4, 12), dark, 0.08, 0.5);
  return s;
}

function ridges(rng: Random, box: Box, hue: number): string {
  let s = '';
  for (let layer = 0; layer < 3; layer += 1) {
    const base = box.y + box.h * (0.45 + 0.15 * layer);
    let d = `M${box.x} ${box.y + box.h}`;
    for (let i = 0; i <= 12; i += 1)
      d += `L${(box.x + (box.w * i) / 12).toFixed(2)} ${(base - rng.range(0, box.h * 0.25)).toFixed(2)}`;
    d += `L${box.x + box.w} ${box.y + box.h}Z`;
    s += `<path d="${d}" fill="${hex(hsl(hue + 30 * layer, 0.35, 0.2 + 0.12 * layer))}" opacity="0.85" stroke="${hex(hsl(hue, 0.3, 0.1))}" stroke-width="0.1"/>`;
  }
  return s + hatching(rng, box, rng.int(5, 15), '#1a1a1a', 0.07, 0.35);
}

function player(rng: Random, box: Box, hue: number): string {
  const jersey = hex(hsl(hue, rng.range(0.5, 0.9), rng.range(0.3, 0.5)));
  const trim = hex(hsl(hue + 180, 0.6, rng.range(0.6, 0.85)));
  const skin = hex(hsl(rng.range(15, 35), rng.range(0.3, 0.6), rng.range(0.3, 0.7)));
  const cx = box.x + box.w * rng.range(0.4, 0.6);
  const shoulders = box.y + box.h * rng.range(0.35, 0.45);
  const half = box.w * rng.range(0.24, 0.32);
  const head = box.w * rng.range(0.09, 0.12);
  const bottom = box.y + box.h;
  const f = (v: number) => v.toFixed(2);
  // Arms first, the torso over them: thick round strokes in the jersey colour, in mid-swing.
  let s = '';
  for (const side of [-1, 1]) {
    const elbow = { x: cx + side * half * rng.range(1.1, 1.5), y: shoulders + box.h * rng.range(0.1, 0.25) };
    const hand = { x: elbow.x + side * rng.range(-8, 4), y: elbow.y - rng.range(-6, 10) };
    s += `<path d="M${f(cx + side * half * 0.8)} ${f(shoulders + 2)}L${f(elbow.x)} ${f(elbow.y)}L${f(hand.x)} ${f(hand.y)}" fill="none" stroke="#111" stroke-width="${f(head * 0.95)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    s += `<path d="M${f(cx + side * half * 0.8)} ${f(shoulders + 2)}L${f(elbow.x)} ${f(elbow.y)}" fill="none" stroke="${jersey}" stroke-width="${f(head * 0.8)}" stroke-linecap="round"/>`;
    s += `<path d="M${f(elbow.x)} ${f(elbow.y)}L${f(hand.x)} ${f(hand.y)}" fill="none" stroke="${skin}" stroke-width="${f(head * 0.55)}" stroke-linecap="round"/>`;
  }
  s += `<rect x="${f(cx - head * 0.35)}" y="${f(shoulders - head * 0.6)}" width="${f(head * 0.7)}" height="${f(head)}" fill="${skin}"/>`;
  s += `<path d="M${f(cx - half)} ${f(bottom)}V${f(shoulders + head)}Q${f(cx - half)} ${f(shoulders)} ${f(cx - half * 0.45)} ${f(shoulders)}H${f(cx + half * 0.45)}Q${f(cx + half)} ${f(shoulders)} ${f(cx + half)} ${f(shoulders + head)}V${f(bottom)}Z" fill="${jersey}" stroke="#111" stroke-width="0.12"/>`;
  s += `<path d="M${f(cx - head * 0.6)} ${f(shoulders)}Q${f(cx)} ${f(shoulders + head * 0.9)} ${f(cx + head * 0.6)} ${f(shoulders)}" fill="none" stroke="${trim}" stroke-width="0.5"/>`;
  s += `<ellipse cx="${f(cx)}" cy="${f(shoulders - head * 0.9)}" rx="${f(head * 0.8)}" ry="${f(head)}" fill="${skin}" stroke="#2a1a10" stroke-width="0.08"/>`;
  s += `<path d="M${f(cx - head * 0.9)} ${f(shoulders - head * 1.1)}a${f(head * 0.9)} ${f(head * 0.95)} 0 0 1 ${f(head * 1.8)} 0h${f(head * 0.5)}z" fill="${jersey}" stroke="#111" stroke-width="0.1"/>`;
  s += textLine(String(rng.int(1, 99)), cx, shoulders + box.h * 0.2, {
    font: 'display',
    capMm: box.h * 0.1,
    fill: trim,
    anchor: 'middle',
  });
  // Jersey stripes: printed lines across the photo.
  s += `<rect x="${f(cx - half)}" y="${f(shoulders + box.h * 0.26)}" width="${f(2 * half)}" height="${f(box.h * 0.02)}" fill="${trim}" opacity="0.9"/>`;
  return s + hatching(rng, box, rng.int(0, 6), '#fff', 0.06, 0.4);
}
