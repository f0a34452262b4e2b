import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { damageSvg, noDamage, type FaceDamage } from './damage.ts';
import { renderFace, type FacePlan } from './face.ts';
import { CARD_MM, FAMILY_DESIGNS } from './families/index.ts';

/** CIE L*a*b* (D65) of an 8-bit sRGB colour: written here so the test leans on nothing in the engine. */
function lab(r: number, g: number, b: number): [number, number, number] {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const mean = (v: number[]) => v.reduce((t, x) => t + x, 0) / v.length;
const sd = (v: number[]) => Math.sqrt(mean(v.map((x) => (x - mean(v)) ** 2)));

/** A Magic-like face with a 3 mm border all round, at PX px/mm, drawn from the same seed each time. */
const PX = 20;
const W = CARD_MM.standard.w;
const H = CARD_MM.standard.h;
const R = FAMILY_DESIGNS.magic.cornerRadius;
const face = async (style: 'white' | 'black', damage: FaceDamage) => {
  const plan: FacePlan = {
    family: 'magic',
    side: 'front',
    style,
    size: 'standard',
    borders: { left: 3, right: 3, top: 3, bottom: 3 },
    foil: 'none',
    damage,
  };
  return renderFace(seededRandom(42), plan, PX);
};

/** Whitened top corners and two stretches of edge wear, all in the 3 mm border. */
const worn = (): FaceDamage => ({
  ...noDamage(),
  cornerWhitening: [1.2, 0.8, 0, 0],
  edges: [
    { side: 0, start: 15, length: 5, depth: 0.6 },
    { side: 3, start: 30, length: 4, depth: 0.6 },
  ],
});

/** Lab of the fully covered face pixels (alpha 255) whose centre in mm passes `keep`. */
function pixels(f: Awaited<ReturnType<typeof face>>, keep: (x: number, y: number) => boolean) {
  const out: [number, number, number][] = [];
  for (let y = 0; y < f.height; y += 1)
    for (let x = 0; x < f.width; x += 1) {
      const i = (y * f.width + x) * 4;
      if (f.rgba[i + 3] === 255 && keep((x + 0.5) / PX, (y + 0.5) / PX))
        out.push(lab(f.rgba[i]!, f.rgba[i + 1]!, f.rgba[i + 2]!));
    }
  return out;
}

const apex = R * (1 - Math.SQRT1_2);
const APEXES: [number, number][] = [
  [apex, apex],
  [W - apex, apex],
];
const inBorder = (x: number, y: number) => Math.min(x, y, W - x, H - y) < 2.6;

/** Surely worn: within 0.7 of the radius of the corner apex (the outline never comes in past 0.8), or the shallow part of an edge stretch. */
const surelyWorn = (d: FaceDamage) => (x: number, y: number) =>
  d.cornerWhitening.some(
    (radius, i) => i < 2 && radius > 0 && Math.hypot(x - APEXES[i]![0], y - APEXES[i]![1]) < 0.7 * radius,
  ) ||
  d.edges.some((e) => {
    const [along, depth] = e.side === 0 ? [x, y] : [H - y, x];
    return along > e.start + 0.4 && along < e.start + e.length - 0.4 && depth > 0.1 && depth < 0.4 * e.depth;
  });

/** Border beside the wear: a ring just outside each corner patch, a band 1 to 2.2 mm in from each worn stretch. */
const nearbyBorder = (d: FaceDamage) => (x: number, y: number) =>
  (d.cornerWhitening.some((radius, i) => {
    if (i >= 2 || radius <= 0) return false;
    const dist = Math.hypot(x - APEXES[i]![0], y - APEXES[i]![1]);
    return dist > 1.3 * radius + 0.1 && dist < 1.3 * radius + 0.8;
  }) ||
    d.edges.some((e) => {
      const [along, depth] = e.side === 0 ? [x, y] : [H - y, x];
      return along > e.start && along < e.start + e.length && depth > 1 && depth < 2.2;
    })) &&
  inBorder(x, y);

describe('zoo wear', () => {
  it('draws nothing, and draws nothing from the stream, for a clean face', () => {
    const rng = seededRandom(3);
    expect(damageSvg(rng, noDamage(), W, H, R)).toBe('');
    expect(rng.next()).toBe(seededRandom(3).next());
  });

  it('takes exactly the draws from the face stream that it always has', () => {
    const d = worn();
    d.cornerWhitening = [0.5, 0, 2.1, 1];
    d.scratches.push({
      points: [
        [10, 20],
        [14, 21],
      ],
    });
    d.creases.push({ x1: 5, y1: 40, x2: 50, y2: 60 });
    // 28 outline points per whitened corner, the inner points of each edge stretch, 2 per scratch and crease.
    const draws =
      28 * d.cornerWhitening.filter((v) => v > 0).length +
      d.edges.reduce((t, e) => t + Math.max(4, Math.round(e.length / 0.25)) - 1, 0) +
      2 * d.scratches.length +
      2 * d.creases.length;
    const rng = seededRandom(11);
    damageSvg(rng, d, W, H, R);
    const fresh = seededRandom(11);
    for (let i = 0; i < draws; i += 1) fresh.next();
    expect(rng.next()).toBe(fresh.next());
    // The same damage draws the same wear.
    expect(damageSvg(seededRandom(11), d, W, H, R)).toBe(damageSvg(seededRandom(11), d, W, H, R));
  });

  it('draws scratches, creases and print lines exactly as before', () => {
    const d = noDamage();
    d.scratches.push({
      points: [
        [10, 20],
        [14, 21],
        [18, 23],
      ],
    });
    d.creases.push({ x1: 5, y1: 40, x2: 50, y2: 60 });
    d.printLines.push({ vertical: true, at: 30, width: 0.2, light: false, opacity: 0.3 });
    const rng = seededRandom(7);
    expect(damageSvg(rng, d, 63, 88, 2.8)).toBe(
      '<polyline points="10.000,20.000 14.000,21.000 18.000,23.000" fill="none" stroke="#000" stroke-width="0.061" opacity="0.25" transform="translate(0.05 0.05)"/>' +
        '<polyline points="10.000,20.000 14.000,21.000 18.000,23.000" fill="none" stroke="#fff" stroke-width="0.061" opacity="0.57" stroke-linecap="round"/>' +
        '<line x1="4.943140614752517" y1="40.127933616806835" x2="49.943140614752515" y2="60.127933616806835" stroke="#fff" stroke-width="0.26" opacity="0.60" stroke-linecap="round"/>' +
        '<line x1="5.056859385247483" y1="39.872066383193165" x2="50.056859385247485" y2="59.872066383193165" stroke="#000" stroke-width="0.26" opacity="0.40" stroke-linecap="round"/>' +
        '<rect x="29.9" y="0" width="0.2" height="88" fill="#000" opacity="0.30"/>',
    );
    expect(rng.next()).toBe(0.5214452685322613);
  });

  it('changes only pixels inside the worn outlines', async () => {
    const d = worn();
    const [clean, damaged] = [await face('white', noDamage()), await face('white', d)];
    // The outline reaches at most 1.15 of the radius (plus fraying), an edge stretch its stated depth: 0.1 mm to spare for smoothing.
    const envelope = (x: number, y: number) =>
      d.cornerWhitening.some(
        (radius, i) => i < 2 && radius > 0 && Math.hypot(x - APEXES[i]![0], y - APEXES[i]![1]) < 1.15 * radius + 0.15,
      ) ||
      d.edges.some((e) => {
        const [along, depth] = e.side === 0 ? [x, y] : [H - y, x];
        return along > e.start - 0.1 && along < e.start + e.length + 0.1 && depth < e.depth + 0.1;
      });
    let changed = 0;
    let outside = 0;
    for (let i = 0; i < clean.rgba.length; i += 4) {
      if (clean.rgba.subarray(i, i + 4).equals(damaged.rgba.subarray(i, i + 4))) continue;
      changed += 1;
      const p = i / 4;
      if (!envelope(((p % clean.width) + 0.5) / PX, (Math.floor(p / clean.width) + 0.5) / PX)) outside += 1;
    }
    expect(changed).toBeGreaterThan(500);
    expect(outside).toBe(0);
  });

  it('shows whitening and edge wear on a white border: brighter, cooler and rougher than the ink', async () => {
    const d = worn();
    const f = await face('white', d);
    const wornLab = pixels(f, surelyWorn(d));
    const borderLab = pixels(f, nearbyBorder(d));
    expect(wornLab.length).toBeGreaterThan(400);
    expect(borderLab.length).toBeGreaterThan(2000);
    const ref = [0, 1, 2].map((k) => mean(borderLab.map((c) => c[k]!)));
    const deltaE = mean(wornLab.map((c) => Math.hypot(c[0] - ref[0]!, c[1] - ref[1]!, c[2] - ref[2]!)));
    const wornSd = sd(wornLab.map((c) => c[0]));
    const borderSd = sd(borderLab.map((c) => c[0]));
    console.log(
      `white border: worn L* ${mean(wornLab.map((c) => c[0])).toFixed(1)} vs border ${ref[0]!.toFixed(1)}, ` +
        `mean deltaE76 ${deltaE.toFixed(2)}, sd L* worn ${wornSd.toFixed(2)} vs border ${borderSd.toFixed(2)}`,
    );
    expect(deltaE).toBeGreaterThanOrEqual(4);
    expect(wornSd).toBeGreaterThan(Math.max(1, 3 * borderSd));
  });

  it('still shows bright fibre on a black border', async () => {
    const d = worn();
    const f = await face('black', d);
    const wornL = pixels(f, surelyWorn(d)).map((c) => c[0]);
    const borderL = pixels(f, nearbyBorder(d)).map((c) => c[0]);
    expect(mean(wornL)).toBeGreaterThan(90);
    expect(mean(borderL)).toBeLessThan(15);
    expect(sd(wornL)).toBeGreaterThan(1);
  });
});
