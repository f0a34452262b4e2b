import sharp from 'sharp';
import { apply, invert, type Mat3 } from './camera.ts';
import { grainStream } from './noise.ts';

/** An RGBA raster on the table and the map from its pixels to the frame's. */
export interface PlacedObject {
  rgba: Buffer;
  width: number;
  height: number;
  toFrame: Mat3;
}

export interface Light {
  /** Darkening towards the frame's corners (0: none). */
  vignette: number;
  /** A lamp to one side: brightness changes by this much from one side of the frame to the other, along `lampAngle`. */
  lampFalloff: number;
  lampAngle: number;
  /** Where the objects' own soft shadows fall, in frame pixels, and how dark they are. */
  contactShadow: { dx: number; dy: number; soft: number; strength: number };
  /** The phone's (and hand's) shadow: a soft ellipse over part of the frame. */
  phoneShadow?: { x: number; y: number; rx: number; ry: number; angle: number; strength: number };
  /** Glare spots: white light added, strongest at the centre. */
  glare: { x: number; y: number; radius: number; peak: number }[];
}

export interface Processing {
  /** Sensor grain, in grey levels. */
  noise: number;
  /** The phone's noise reduction, a Gaussian blur's sigma in pixels (0: none). */
  denoiseSigma: number;
  /** Sharpening that leaves a light and a dark halo beside edges; amount 0.2 to 1 is a phone's range. */
  sharpen: { amount: number } | null;
  jpegQuality: number;
}

const outline = (o: PlacedObject) => [
  apply(o.toFrame, 0, 0),
  apply(o.toFrame, o.width, 0),
  apply(o.toFrame, o.width, o.height),
  apply(o.toFrame, 0, o.height),
];

/** Signed distance to a convex quad (positive outside), from the largest distance past any of its sides. */
function quadDistance(quad: { x: number; y: number }[]) {
  const clockwise =
    (quad[1]!.x - quad[0]!.x) * (quad[2]!.y - quad[0]!.y) - (quad[1]!.y - quad[0]!.y) * (quad[2]!.x - quad[0]!.x) > 0;
  const sides = quad.map((a, i) => {
    const b = quad[(i + 1) % 4]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const [nx, ny] = clockwise ? [(b.y - a.y) / len, -(b.x - a.x) / len] : [-(b.y - a.y) / len, (b.x - a.x) / len];
    return { nx, ny, c: -(nx * a.x + ny * a.y) };
  });
  return (x: number, y: number) => {
    let d = -Infinity;
    for (const s of sides) d = Math.max(d, s.nx * x + s.ny * y + s.c);
    return d;
  };
}

function shadowUnder(frame: Uint8ClampedArray, width: number, height: number, o: PlacedObject, light: Light): void {
  const { dx, dy, soft, strength } = light.contactShadow;
  const quad = outline(o).map((p) => ({ x: p.x + dx, y: p.y + dy }));
  const distance = quadDistance(quad);
  const x0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.x)) - soft));
  const x1 = Math.min(width, Math.ceil(Math.max(...quad.map((p) => p.x)) + soft));
  const y0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.y)) - soft));
  const y1 = Math.min(height, Math.ceil(Math.max(...quad.map((p) => p.y)) + soft));
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const d = distance(x + 0.5, y + 0.5);
      // Beyond the soft edge there is no shadow; well inside, the object itself hides it.
      if (d > soft || d < -soft) continue;
      const t = Math.min(1, (soft - d) / (2 * soft));
      const k = 1 - strength * t * t * (3 - 2 * t);
      const i = (y * width + x) * 3;
      frame[i] = frame[i]! * k;
      frame[i + 1] = frame[i + 1]! * k;
      frame[i + 2] = frame[i + 2]! * k;
    }
  }
}

/** Draws the object over the frame: every frame pixel it covers looks back into its raster (bilinear, premultiplied). */
function composite(frame: Uint8ClampedArray, width: number, height: number, o: PlacedObject): void {
  const quad = outline(o);
  const m = invert(o.toFrame);
  const x0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.x))) - 1);
  const x1 = Math.min(width, Math.ceil(Math.max(...quad.map((p) => p.x))) + 1);
  const y0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.y))) - 1);
  const y1 = Math.min(height, Math.ceil(Math.max(...quad.map((p) => p.y))) + 1);
  const src = o.rgba;
  const sw = o.width;
  const sh = o.height;
  for (let y = y0; y < y1; y += 1) {
    const Y = y + 0.5;
    for (let x = x0; x < x1; x += 1) {
      const X = x + 0.5;
      const w = m[6] * X + m[7] * Y + m[8];
      const u = (m[0] * X + m[1] * Y + m[2]) / w - 0.5;
      const v = (m[3] * X + m[4] * Y + m[5]) / w - 0.5;
      if (u <= -1 || v <= -1 || u >= sw || v >= sh) continue;
      const iu = Math.floor(u);
      const iv = Math.floor(v);
      const fu = u - iu;
      const fv = v - iv;
      let a = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < 4; k += 1) {
        const su = iu + (k & 1);
        const sv = iv + (k >> 1);
        if (su < 0 || sv < 0 || su >= sw || sv >= sh) continue;
        const weight = (k & 1 ? fu : 1 - fu) * (k >> 1 ? fv : 1 - fv);
        const j = (sv * sw + su) * 4;
        const wa = weight * src[j + 3]!;
        a += wa;
        r += wa * src[j]!;
        g += wa * src[j + 1]!;
        b += wa * src[j + 2]!;
      }
      if (a <= 0) continue;
      const keep = 1 - a / 255;
      const i = (y * width + x) * 3;
      frame[i] = frame[i]! * keep + r / 255;
      frame[i + 1] = frame[i + 1]! * keep + g / 255;
      frame[i + 2] = frame[i + 2]! * keep + b / 255;
    }
  }
}

/** Light over the whole frame (vignette, lamp, the phone's shadow, glare) and the sensor's grain. */
function light(frame: Uint8ClampedArray, width: number, height: number, l: Light, noise: number, seed: number): void {
  const grain = grainStream(seed);
  const [lx, ly] = [Math.cos(l.lampAngle), Math.sin(l.lampAngle)];
  const ps = l.phoneShadow;
  const [pc, pss] = ps ? [Math.cos(ps.angle), Math.sin(ps.angle)] : [1, 0];
  // Vignette and lamp split into a part per column and a part per row: 12 million pixels each time.
  const colSquare = new Float32Array(width);
  const colLamp = new Float32Array(width);
  for (let x = 0; x < width; x += 1) {
    const fx = x / width - 0.5;
    colSquare[x] = 2 * l.vignette * fx * fx;
    colLamp[x] = l.lampFalloff * fx * lx;
  }
  for (let y = 0; y < height; y += 1) {
    const fy = y / height - 0.5;
    const rowVignette = 1 - 2 * l.vignette * fy * fy;
    const rowLamp = 1 + l.lampFalloff * fy * ly;
    const glare = l.glare.filter((g) => Math.abs(y - g.y) < 3 * g.radius);
    const shadowRow = ps && Math.abs(y - ps.y) < 1.4 * Math.max(ps.rx, ps.ry);
    for (let x = 0; x < width; x += 1) {
      let k = (rowVignette - colSquare[x]!) * (rowLamp + colLamp[x]!);
      if (shadowRow) {
        const dx = x - ps.x;
        const dy = y - ps.y;
        const e = Math.hypot((dx * pc + dy * pss) / ps.rx, (-dx * pss + dy * pc) / ps.ry);
        if (e < 1.4) k *= 1 - ps.strength * Math.min(1, (1.4 - e) / 0.8);
      }
      let add = (grain() - 0.5) * 2 * noise;
      for (const g of glare) {
        const d2 = ((x - g.x) ** 2 + (y - g.y) ** 2) / (g.radius * g.radius);
        if (d2 < 9) add += g.peak * Math.exp(-d2 / 2);
      }
      const i = (y * width + x) * 3;
      frame[i] = frame[i]! * k + add;
      frame[i + 1] = frame[i + 1]! * k + add;
      frame[i + 2] = frame[i + 2]! * k + add * 1.02;
    }
  }
}

/** The photo a phone would save: desk, objects with their shadows, light, grain, then its processing and JPEG. */
export async function photograph(
  desk: Buffer,
  width: number,
  height: number,
  objects: PlacedObject[],
  l: Light,
  p: Processing,
  seed: number,
): Promise<Buffer> {
  // Clamped: light and glare push values past 255, which a plain byte array would wrap.
  const frame = new Uint8ClampedArray(desk.buffer, desk.byteOffset, desk.length);
  for (const o of objects) shadowUnder(frame, width, height, o, l);
  for (const o of objects) composite(frame, width, height, o);
  light(frame, width, height, l, p.noise, seed);
  let image = sharp(Buffer.from(frame.buffer, frame.byteOffset, frame.length), { raw: { width, height, channels: 3 } });
  if (p.denoiseSigma >= 0.3) image = image.blur(p.denoiseSigma);
  if (p.sharpen) {
    // A 3 x 3 unsharp kernel: the halos of a phone's sharpening at a fraction of sharp's own sharpen's cost.
    const a = p.sharpen.amount;
    image = image.convolve({ width: 3, height: 3, kernel: [0, -a, 0, -a, 1 + 4 * a, -a, 0, -a, 0] });
  }
  return image.jpeg({ quality: p.jpegQuality, chromaSubsampling: '4:2:0' }).toBuffer();
}
