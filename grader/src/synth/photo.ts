import sharp from 'sharp';
import { applyHomography, homographyFrom, type Point } from '../geometry/homography.ts';
import { PX_PER_MM, SIZES, type CardDesign } from './card.ts';
import type { Random } from './random.ts';

export type Background = 'white_paper' | 'dark_cloth' | 'wood' | 'grey_table';

export interface PhotoSetup {
  frame: { width: number; height: number };
  background: Background;
  /** Card height as a share of the frame height. */
  fill: number;
  rotationDeg: number;
  /** Out-of-plane tilt in radians (0.17 is about 10 degrees). */
  tilt: number;
  blurSigma: number;
  noise: number;
  jpegQuality: number;
  /** A reflection: peak is how far it goes to white (above 1 it is clipped white in its middle). */
  glare?: { x: number; y: number; radius: number; peak: number };
  /** A shadow the card casts on the table from a lamp to one side: offset and softness in mm. */
  shadow?: { dxMm: number; dyMm: number; softMm: number; strength: number };
}

const BACKGROUND_RGB: Record<Background, [number, number, number]> = {
  white_paper: [236, 236, 232],
  dark_cloth: [38, 40, 46],
  wood: [150, 104, 62],
  grey_table: [128, 130, 134],
};

/** Photographs a flat card face: perspective onto a lit background, noise, blur, JPEG. */
export async function photograph(
  face: { data: Uint8Array; width: number; height: number },
  design: CardDesign,
  setup: PhotoSetup,
  rng: Random,
): Promise<{ jpeg: Buffer; corners: Point[]; pxPerMm: number }> {
  const { width: W, height: H } = setup.frame;
  const size = SIZES[design.size];
  // A pinhole camera (focal length about a phone's: 1.1 frame widths) looking at the card,
  // which is turned in its plane and tilted out of it: a true perspective, not a trapezoid.
  const focal = 1.1 * W;
  const distanceMm = (focal * size.h) / (H * setup.fill);
  const a = (setup.rotationDeg * Math.PI) / 180;
  const tx = setup.tilt * (rng.next() < 0.5 ? -1 : 1);
  const ty = setup.tilt * rng.range(-0.6, 0.6);
  const cx = W / 2 + rng.range(-0.08, 0.08) * W;
  const cy = H / 2 + rng.range(-0.04, 0.04) * H;
  const project = (xMm: number, yMm: number): Point => {
    const x0 = xMm - size.w / 2;
    const y0 = yMm - size.h / 2;
    const x1 = x0 * Math.cos(a) - y0 * Math.sin(a);
    const y1 = x0 * Math.sin(a) + y0 * Math.cos(a);
    // Tilt about the horizontal axis (tx) and the vertical axis (ty), in radians.
    const y2 = y1 * Math.cos(tx);
    const z2 = y1 * Math.sin(tx);
    const x3 = x1 * Math.cos(ty) + z2 * Math.sin(ty);
    const z3 = -x1 * Math.sin(ty) + z2 * Math.cos(ty);
    const z = distanceMm + z3;
    return { x: cx + (focal * x3) / z, y: cy + (focal * y2) / z };
  };
  const corners = [project(0, 0), project(size.w, 0), project(size.w, size.h), project(0, size.h)];
  const mmCorners = [
    { x: 0, y: 0 },
    { x: size.w, y: 0 },
    { x: size.w, y: size.h },
    { x: 0, y: size.h },
  ];
  const toCard = homographyFrom(corners, mmCorners);

  // Clamped: light, grain, glare and noise may overshoot 0..255, and must saturate, not wrap.
  const out = new Uint8ClampedArray(W * H * 3);
  const bg = BACKGROUND_RGB[setup.background];
  for (let y = 0; y < H; y += 1) {
    const light = 0.9 + 0.15 * (y / H);
    for (let x = 0; x < W; x += 1) {
      const grain = setup.background === 'wood' ? 14 * Math.sin(y / 9 + Math.sin(x / 60) * 2) : 0;
      const i = (y * W + x) * 3;
      out[i] = bg[0] * light + grain;
      out[i + 1] = bg[1] * light + grain * 0.7;
      out[i + 2] = bg[2] * light + grain * 0.4;
    }
  }
  if (setup.shadow) castShadow(out, W, H, corners, setup.shadow, (H * setup.fill) / size.h);
  const minX = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))) - 2);
  const maxX = Math.min(W - 1, Math.ceil(Math.max(...corners.map((c) => c.x))) + 2);
  const minY = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))) - 2);
  const maxY = Math.min(H - 1, Math.ceil(Math.max(...corners.map((c) => c.y))) + 2);
  const fw = face.width;
  // How much of each pixel the card covers: glare is a reflection off the card's gloss.
  const coverage = setup.glare ? new Uint8Array(W * H) : null;
  for (let y = minY; y <= maxY; y += 1) {
    for (let x = minX; x <= maxX; x += 1) {
      const mm = applyHomography(toCard, { x: x + 0.5, y: y + 0.5 });
      const u = mm.x * PX_PER_MM - 0.5;
      const v = mm.y * PX_PER_MM - 0.5;
      if (u < -1 || v < -1 || u > fw || v > face.height) continue;
      // Texels beyond the face are transparent, so the outline is anti-aliased and sits
      // exactly where the card ends (half coverage on its true edge).
      const u0 = Math.floor(u);
      const v0 = Math.floor(v);
      const u1 = u0 + 1;
      const v1 = v0 + 1;
      const fx = u - u0;
      const fy = v - v0;
      const i = (y * W + x) * 3;
      let alpha = 0;
      const rgb = [0, 0, 0];
      for (const [px, py, wgt] of [
        [u0, v0, (1 - fx) * (1 - fy)],
        [u1, v0, fx * (1 - fy)],
        [u0, v1, (1 - fx) * fy],
        [u1, v1, fx * fy],
      ] as const) {
        if (px < 0 || py < 0 || px >= fw || py >= face.height) continue;
        const j = (py * fw + px) * 4;
        const al = (face.data[j + 3]! / 255) * wgt;
        alpha += al;
        for (let c = 0; c < 3; c += 1) rgb[c]! += face.data[j + c]! * al;
      }
      if (alpha <= 0) continue;
      if (coverage) coverage[y * W + x] = Math.round(Math.min(1, alpha) * 255);
      const light = 0.95 + 0.08 * (y / H);
      for (let c = 0; c < 3; c += 1) out[i + c] = (rgb[c]! / alpha) * light * alpha + out[i + c]! * (1 - alpha);
    }
  }
  if (setup.glare) {
    const g = setup.glare;
    for (let y = Math.max(0, Math.floor(g.y - g.radius)); y < Math.min(H, g.y + g.radius); y += 1)
      for (let x = Math.max(0, Math.floor(g.x - g.radius)); x < Math.min(W, g.x + g.radius); x += 1) {
        const d = Math.hypot(x - g.x, y - g.y) / g.radius;
        if (d >= 1) continue;
        const k = Math.min(1, (1 - d * d) * g.peak) * (coverage![y * W + x]! / 255);
        const i = (y * W + x) * 3;
        for (let c = 0; c < 3; c += 1) out[i + c] = out[i + c]! * (1 - k) + 254 * k;
      }
  }
  if (setup.noise > 0) for (let i = 0; i < out.length; i += 1) out[i] = out[i]! + (rng.next() - 0.5) * 2 * setup.noise;
  let image = sharp(Buffer.from(out.buffer, out.byteOffset, out.length), { raw: { width: W, height: H, channels: 3 } });
  if (setup.blurSigma >= 0.3) image = image.blur(setup.blurSigma);
  const jpeg = await image.jpeg({ quality: setup.jpegQuality }).toBuffer();
  const widthPx =
    (Math.hypot(corners[1]!.x - corners[0]!.x, corners[1]!.y - corners[0]!.y) +
      Math.hypot(corners[2]!.x - corners[3]!.x, corners[2]!.y - corners[3]!.y)) /
    2;
  return { jpeg, corners, pxPerMm: widthPx / size.w };
}

/**
 * Darkens the table where the card's outline, moved by the shadow's offset and blurred by its
 * softness, falls. The card is drawn over it afterwards, so only the part beside it shows.
 */
function castShadow(
  out: Uint8ClampedArray,
  W: number,
  H: number,
  corners: Point[],
  shadow: NonNullable<PhotoSetup['shadow']>,
  pxPerMm: number,
) {
  const dx = shadow.dxMm * pxPerMm;
  const dy = shadow.dyMm * pxPerMm;
  const shifted = corners.map((c) => ({ x: c.x + dx, y: c.y + dy }));
  const r = Math.max(1, Math.round(shadow.softMm * pxPerMm));
  const x0 = Math.max(0, Math.floor(Math.min(...shifted.map((c) => c.x))) - 3 * r);
  const x1 = Math.min(W - 1, Math.ceil(Math.max(...shifted.map((c) => c.x))) + 3 * r);
  const y0 = Math.max(0, Math.floor(Math.min(...shifted.map((c) => c.y))) - 3 * r);
  const y1 = Math.min(H - 1, Math.ceil(Math.max(...shifted.map((c) => c.y))) + 3 * r);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  let mask: Float32Array = new Float32Array(w * h);
  const inside = (x: number, y: number) => {
    let sign = 0;
    for (let i = 0; i < 4; i += 1) {
      const a = shifted[i]!;
      const b = shifted[(i + 1) % 4]!;
      const cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
      if (cross !== 0) {
        if (sign === 0) sign = Math.sign(cross);
        else if (Math.sign(cross) !== sign) return false;
      }
    }
    return true;
  };
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) mask[y * w + x] = inside(x + x0 + 0.5, y + y0 + 0.5) ? 1 : 0;
  // Three box blurs of radius r: close to a Gaussian penumbra.
  for (let pass = 0; pass < 3; pass += 1) mask = boxBlur(mask, w, h, r);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const k = 1 - shadow.strength * mask[y * w + x]!;
      const i = ((y + y0) * W + x + x0) * 3;
      out[i] = out[i]! * k;
      out[i + 1] = out[i + 1]! * k;
      out[i + 2] = out[i + 2]! * k;
    }
}

function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const n = 2 * r + 1;
  for (let y = 0; y < h; y += 1) {
    let sum = 0;
    for (let x = -r; x <= r; x += 1) sum += src[y * w + Math.min(w - 1, Math.max(0, x))]!;
    for (let x = 0; x < w; x += 1) {
      tmp[y * w + x] = sum / n;
      sum += src[y * w + Math.min(w - 1, x + r + 1)]! - src[y * w + Math.max(0, x - r)]!;
    }
  }
  for (let x = 0; x < w; x += 1) {
    let sum = 0;
    for (let y = -r; y <= r; y += 1) sum += tmp[Math.min(h - 1, Math.max(0, y)) * w + x]!;
    for (let y = 0; y < h; y += 1) {
      out[y * w + x] = sum / n;
      sum += tmp[Math.min(h - 1, y + r + 1) * w + x]! - tmp[Math.max(0, y - r) * w + x]!;
    }
  }
  return out;
}
