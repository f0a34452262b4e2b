/** CIELAB from sRGB (D65), for colour differences a person would notice. */
const linear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const LINEAR = Float32Array.from({ length: 256 }, (_, i) => linear(i));
const fExact = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
// Lab's f() from a table with linear interpolation (within 0.001 of L*, a and b): cube roots
// for every pixel were a tenth of a grading's time. Relative luminance stays within 0..1.09.
const F_STEPS = 8192;
const F_MAX = 1.1;
const F_TABLE = Float64Array.from({ length: F_STEPS + 2 }, (_, i) => fExact((i * F_MAX) / F_STEPS));
const f = (t: number) => {
  if (!(t >= 0 && t < F_MAX)) return fExact(t);
  const u = (t * F_STEPS) / F_MAX;
  const i = u | 0;
  const lo = F_TABLE[i]!;
  return lo + (F_TABLE[i + 1]! - lo) * (u - i);
};

export type Lab = [number, number, number];

export function rgbToLab(r: number, g: number, b: number): Lab {
  const out: Lab = [0, 0, 0];
  labInto(r, g, b, out, 0);
  return out;
}

/** The same conversion written into an array, without allocating: for whole images. */
export function labInto(r: number, g: number, b: number, out: { [i: number]: number }, at: number): void {
  const lr = LINEAR[(r < 0 ? 0 : r > 255 ? 255 : r + 0.5) | 0]!;
  const lg = LINEAR[(g < 0 ? 0 : g > 255 ? 255 : g + 0.5) | 0]!;
  const lb = LINEAR[(b < 0 ? 0 : b > 255 ? 255 : b + 0.5) | 0]!;
  const fx = f((lr * 0.4124 + lg * 0.3576 + lb * 0.1805) / 0.95047);
  const fy = f(lr * 0.2126 + lg * 0.7152 + lb * 0.0722);
  const fz = f((lr * 0.0193 + lg * 0.1192 + lb * 0.9505) / 1.08883);
  out[at] = 116 * fy - 16;
  out[at + 1] = 500 * (fx - fy);
  out[at + 2] = 200 * (fy - fz);
}

/** CIE76 colour difference. */
export const deltaE = (p: Lab, q: Lab) => Math.sqrt((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2);

export const chroma = (p: Lab) => Math.sqrt(p[1] * p[1] + p[2] * p[2]);

export function medianLab(samples: Lab[]): Lab {
  const pick = (i: 0 | 1 | 2) => {
    const v = samples.map((s) => s[i]).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)] ?? 0;
  };
  return [pick(0), pick(1), pick(2)];
}
