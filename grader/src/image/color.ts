/** CIELAB from sRGB (D65), for colour differences a person would notice. */
const linear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const LINEAR = Float32Array.from({ length: 256 }, (_, i) => linear(i));
const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

export type Lab = [number, number, number];

export function rgbToLab(r: number, g: number, b: number): Lab {
  const lr = LINEAR[Math.round(Math.max(0, Math.min(255, r)))]!;
  const lg = LINEAR[Math.round(Math.max(0, Math.min(255, g)))]!;
  const lb = LINEAR[Math.round(Math.max(0, Math.min(255, b)))]!;
  const x = (lr * 0.4124 + lg * 0.3576 + lb * 0.1805) / 0.95047;
  const y = lr * 0.2126 + lg * 0.7152 + lb * 0.0722;
  const z = (lr * 0.0193 + lg * 0.1192 + lb * 0.9505) / 1.08883;
  const fy = f(y);
  return [116 * fy - 16, 500 * (f(x) - fy), 200 * (fy - f(z))];
}

/** CIE76 colour difference. */
export const deltaE = (p: Lab, q: Lab) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);

export const chroma = (p: Lab) => Math.hypot(p[1], p[2]);

export function medianLab(samples: Lab[]): Lab {
  const pick = (i: 0 | 1 | 2) => {
    const v = samples.map((s) => s[i]).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)] ?? 0;
  };
  return [pick(0), pick(1), pick(2)];
}
