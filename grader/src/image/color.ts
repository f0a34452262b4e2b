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
  labFromLinearInto(lr, lg, lb, out, at);
}

/** Lab from linear-light RGB (0..1). */
function labFromLinearInto(lr: number, lg: number, lb: number, out: { [i: number]: number }, at: number): void {
  const fx = f((lr * 0.4124 + lg * 0.3576 + lb * 0.1805) / 0.95047);
  const fy = f(lr * 0.2126 + lg * 0.7152 + lb * 0.0722);
  const fz = f((lr * 0.0193 + lg * 0.1192 + lb * 0.9505) / 1.08883);
  out[at] = 116 * fy - 16;
  out[at + 1] = 500 * (fx - fy);
  out[at + 2] = 200 * (fy - fz);
}

/**
 * Colours already converted, by colour: a printed border or a table is one colour give or take
 * the sensor's noise, so most of its pixels repeat one of a few thousand colours. Direct-mapped on a hash of
 * the colour; the values are the same 32-bit floats a fresh conversion stores.
 */
const CACHE_BITS = 16;
const cachedColour = new Int32Array(1 << CACHE_BITS).fill(-1);
const cachedLab = new Float32Array(3 << CACHE_BITS);

/** Lab of the RGB pixel at offset i of `data`, written at the same offset of `lab`. */
export function labOfPixel(data: Uint8Array, i: number, lab: Float32Array): void {
  const r = data[i]!;
  const g = data[i + 1]!;
  const b = data[i + 2]!;
  const colour = (r << 16) | (g << 8) | b;
  const slot = Math.imul(colour, 0x9e3779b1) >>> (32 - CACHE_BITS);
  const c = slot * 3;
  if (cachedColour[slot] !== colour) {
    labInto(r, g, b, cachedLab, c);
    cachedColour[slot] = colour;
  }
  lab[i] = cachedLab[c]!;
  lab[i + 1] = cachedLab[c + 1]!;
  lab[i + 2] = cachedLab[c + 2]!;
}

/** CIE76 colour difference. */
export const deltaE = (p: Lab, q: Lab) => Math.sqrt((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2);

export const chroma = (p: Lab) => Math.sqrt(p[1] * p[1] + p[2] * p[2]);

/** Per-channel median of colours (Lab or RGB). */
export function medianColour<T extends [number, number, number]>(samples: T[]): T {
  const pick = (i: 0 | 1 | 2) => {
    const v = samples.map((s) => s[i]).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)] ?? 0;
  };
  return [pick(0), pick(1), pick(2)] as T;
}

/** CIE XYZ (D65 white, Y of white 1) of a Lab colour. */
function labToXyz([L, a, b]: Lab): [number, number, number] {
  const finv = (t: number) => (t > 6 / 29 ? t * t * t : 3 * (6 / 29) ** 2 * (t - 4 / 29));
  const fy = (L + 16) / 116;
  return [0.95047 * finv(fy + a / 500), finv(fy), 1.08883 * finv(fy - b / 200)];
}

/**
 * CIE xy chromaticity of a Lab colour: what stays when only the light falling on it changes
 * (a shadow, the light's falloff across the desk), where L* does not.
 */
export function chromaticity(lab: Lab): [number, number] {
  const [X, Y, Z] = labToXyz(lab);
  const sum = X + Y + Z;
  return sum > 0 ? [X / sum, Y / sum] : [0.3127, 0.329];
}

/** Linear-light RGB (0..1) of a Lab colour. */
export function labToLinear(lab: Lab): [number, number, number] {
  const [X, Y, Z] = labToXyz(lab);
  return [
    3.2406 * X - 1.5372 * Y - 0.4986 * Z,
    -0.9689 * X + 1.8758 * Y + 0.0415 * Z,
    0.0557 * X - 0.204 * Y + 1.057 * Z,
  ];
}

/** Shadows darken a light table by at most this share; darker than this is an object, not a shadow. */
const DEEPEST_SHADOW = 0.4;

/**
 * Distance of a colour to the table that sees through shadows: a colour that is the table's at
 * a lower light level, down to `deepest` of it (a card's shadow beside it, uneven light), is as
 * near as the table itself. Takes the colour in Lab and its light as the sum of its linear RGB.
 */
function shadeTolerantDistance(bg: Lab, deepest: number): (l: number, a: number, b: number, light: number) => number {
  const bgLin = labToLinear(bg);
  const sum = bgLin[0] + bgLin[1] + bgLin[2];
  const shaded = shadeTable(bgLin, deepest);
  const [bgL, bgA, bgB] = bg;
  return (l, a, b, light) => {
    const d = Math.sqrt((l - bgL) ** 2 + (a - bgA) ** 2 + (b - bgB) ** 2);
    // Near the table's colour already: a shade of it cannot be much nearer.
    if (sum <= 0 || d <= 2) return d;
    const k = light / sum;
    if (k < deepest || k >= 1) return d;
    const i = Math.round(((k - deepest) / (1 - deepest)) * SHADE_STEPS) * 3;
    return Math.min(d, Math.sqrt((l - shaded[i]!) ** 2 + (a - shaded[i + 1]!) ** 2 + (b - shaded[i + 2]!) ** 2));
  };
}

/**
 * The shadow-tolerant distance for gamma RGB, as detection reads the photo. Only on light
 * tables: on dark cloth a shadow barely shows, and a black border is darker cloth's colour at
 * about half the light.
 */
export function backgroundDistance(bg: Lab): (r: number, g: number, b: number) => number {
  const near = shadeTolerantDistance(bg, bg[0] >= 40 ? DEEPEST_SHADOW : 1);
  const lab = new Float64Array(3);
  // The distance depends only on the colour rounded to whole values, and a profile across the
  // table or a border repeats a few hundred of them: distances already computed, by colour,
  // direct-mapped on a hash of it as in `labOfPixel`.
  const known = new Int32Array(1 << DISTANCE_CACHE_BITS).fill(-1);
  const knownDistance = new Float64Array(1 << DISTANCE_CACHE_BITS);
  return (r, g, b) => {
    const ri = (r < 0 ? 0 : r > 255 ? 255 : r + 0.5) | 0;
    const gi = (g < 0 ? 0 : g > 255 ? 255 : g + 0.5) | 0;
    const bi = (b < 0 ? 0 : b > 255 ? 255 : b + 0.5) | 0;
    const colour = (ri << 16) | (gi << 8) | bi;
    const slot = Math.imul(colour, 0x9e3779b1) >>> (32 - DISTANCE_CACHE_BITS);
    if (known[slot] === colour) return knownDistance[slot]!;
    const lr = LINEAR[ri]!;
    const lg = LINEAR[gi]!;
    const lb = LINEAR[bi]!;
    labFromLinearInto(lr, lg, lb, lab, 0);
    const d = near(lab[0]!, lab[1]!, lab[2]!, lr + lg + lb);
    known[slot] = colour;
    knownDistance[slot] = d;
    return d;
  };
}

const DISTANCE_CACHE_BITS = 12;

/** Steps of the table of the table's colour at less light (Lab changes by under 0.2 per step). */
const SHADE_STEPS = 256;
/** Lab of a colour (linear RGB) at light levels from `deepest` to 1, `SHADE_STEPS` apart. */
function shadeTable(lin: [number, number, number], deepest: number): Float64Array {
  const table = new Float64Array((SHADE_STEPS + 1) * 3);
  for (let j = 0; j <= SHADE_STEPS; j += 1) {
    const k = deepest + ((1 - deepest) * j) / SHADE_STEPS;
    labFromLinearInto(lin[0] * k, lin[1] * k, lin[2] * k, table, j * 3);
  }
  return table;
}

/**
 * The same distance for a colour already in Lab, on any table, for shadows down to `deepest`
 * of the table's light (the caller knows when a deep shadow cannot be mistaken for the card).
 */
export function backgroundDistanceLab(bg: Lab, deepest = DEEPEST_SHADOW): (l: number, a: number, b: number) => number {
  const near = shadeTolerantDistance(bg, deepest);
  const [bgL, bgA, bgB] = bg;
  return (l, a, b) => {
    // Lighter than the table: not a shadow of it.
    if (l >= bgL) return Math.sqrt((l - bgL) ** 2 + (a - bgA) ** 2 + (b - bgB) ** 2);
    return near(l, a, b, linearLight(l, a, b));
  };
}

/** Sum of the linear RGB channels of a Lab colour: `labToLinear` without the array. */
function linearLight(L: number, a: number, b: number): number {
  const fy = (L + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const X = 0.95047 * (fx > 6 / 29 ? fx * fx * fx : 3 * (6 / 29) ** 2 * (fx - 4 / 29));
  const Y = fy > 6 / 29 ? fy * fy * fy : 3 * (6 / 29) ** 2 * (fy - 4 / 29);
  const Z = 1.08883 * (fz > 6 / 29 ? fz * fz * fz : 3 * (6 / 29) ** 2 * (fz - 4 / 29));
  return (
    3.2406 * X -
    1.5372 * Y -
    0.4986 * Z +
    (-0.9689 * X + 1.8758 * Y + 0.0415 * Z) +
    (0.0557 * X - 0.204 * Y + 1.057 * Z)
  );
}

/** Whether a colour (gamma RGB) is another one at between 15% and 95% of its light: a shadow on it. */
export const isShadeOf = (shade: [number, number, number], lit: [number, number, number]) =>
  shadeOf(rgbToLab(...shade), rgbToLab(...lit));

/** Whether a Lab colour is another one at between 15% and 95% of its light. */
export function shadeOf(shade: Lab, lit: Lab): boolean {
  const s = labToLinear(shade);
  const l = labToLinear(lit);
  const sum = l[0] + l[1] + l[2];
  if (sum <= 0) return false;
  const k = (s[0] + s[1] + s[2]) / sum;
  if (k < 0.15 || k > 0.95) return false;
  const b: Lab = [0, 0, 0];
  labFromLinearInto(l[0] * k, l[1] * k, l[2] * k, b, 0);
  return deltaE(shade, b) < 6;
}
