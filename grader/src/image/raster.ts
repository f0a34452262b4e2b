/** Interleaved 8-bit RGB pixels. */
export interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3;
}

export function createRaster(width: number, height: number): Raster {
  return { data: new Uint8Array(width * height * 3), width, height, channels: 3 };
}

/** Bilinear sample of one channel-triple at a fractional position; out of bounds answers null. */
export function sampleBilinear(r: Raster, x: number, y: number, out: Float32Array): boolean {
  if (x < 0 || y < 0 || x > r.width - 1 || y > r.height - 1) return false;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, r.width - 1);
  const y1 = Math.min(y0 + 1, r.height - 1);
  const fx = x - x0;
  const fy = y - y0;
  const w = r.width;
  const d = r.data;
  for (let c = 0; c < 3; c += 1) {
    const a = d[(y0 * w + x0) * 3 + c]!;
    const b = d[(y0 * w + x1) * 3 + c]!;
    const e = d[(y1 * w + x0) * 3 + c]!;
    const f = d[(y1 * w + x1) * 3 + c]!;
    out[c] = (a * (1 - fx) + b * fx) * (1 - fy) + (e * (1 - fx) + f * fx) * fy;
  }
  return true;
}
