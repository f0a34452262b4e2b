import { describe, expect, it } from 'vitest';
import { median } from '../geometry/median.ts';
import { backgroundDistance, rgbToLab } from '../image/color.ts';
import { createRaster, type Raster } from '../image/raster.ts';
import { findStep, Profile, riseAt, shadowLike, type Samples } from './edge-profile.ts';

/** A profile held in an array, as the step search reads one. */
function samples(values: number[]): Samples {
  const at = (i: number) => (i >= 0 && i < values.length ? values[i]! : Number.NaN);
  return {
    length: values.length,
    at,
    median: (from, to, centre) => {
      const picked = values.slice(Math.max(0, from), Math.min(values.length, to));
      return picked.length ? median(centre === undefined ? picked : picked.map((v) => Math.abs(v - centre))) : 0;
    },
  };
}

/** `n` samples: `before` up to index `at`, the values of `ramp` from there, then `after`. */
const stepProfile = (n: number, at: number, before: number, ramp: number[], after: number) =>
  Array.from({ length: n }, (_, i) => (i < at ? before : i - at < ramp.length ? ramp[i - at]! : after));

/** A photo of `width` x 20 px whose columns are coloured by `colourAt(x)`. */
function columns(width: number, colourAt: (x: number) => [number, number, number]): Raster {
  const r = createRaster(width, 20);
  for (let y = 0; y < r.height; y += 1) {
    for (let x = 0; x < width; x += 1) r.data.set(colourAt(x), (y * width + x) * 3);
  }
  return r;
}

const TABLE: [number, number, number] = [200, 190, 170];
const CARD: [number, number, number] = [40, 60, 120];
const buffers = (steps: number) => ({
  colours: new Float32Array((steps + 1) * 3),
  values: new Float64Array(steps + 1),
  read: new Uint8Array(steps + 1),
});

/** A profile across a vertical side at x = baseX, a step a pixel from x = baseX - reach (outside, the table) to baseX + reach. */
const across = (photo: Raster, baseX: number, reach: number, steps = 2 * reach) =>
  new Profile(
    photo,
    { x: baseX, y: 10 },
    { x: -1, y: 0 },
    { x: 0, y: 1 },
    reach,
    steps,
    backgroundDistance(rgbToLab(...TABLE)),
    buffers(steps),
  );

describe('the step of a profile', () => {
  it('is located at its half-way crossing, between samples', () => {
    // 0 up to 20, then 20, 60 and 100 from 22 on: half-way (50) lies three quarters of the way from 20 to 21.
    const step = findStep(samples(stepProfile(80, 20, 0, [20, 60], 100)), 1, 0, 10, 3);
    expect(step?.half).toBeCloseTo(20.75, 9);
    expect(step?.top).toBe(100);
  });

  it('passes over a blip shorter than the samples a step must last', () => {
    const values = stepProfile(80, 40, 0, [], 100);
    values[10] = values[11] = 100; // two samples: less than the three a step lasts
    expect(findStep(samples(values), 1, 0, 10, 3)?.half).toBeCloseTo(39.5, 9);
  });

  it('finds a fall only when told a step may go either way', () => {
    const falling = samples(stepProfile(80, 30, 100, [], 40));
    expect(findStep(falling, 1, 100, 10, 3)).toBeNull();
    expect(findStep(falling, 1, 100, 10, 3, falling.length, true)?.half).toBeCloseTo(29.5, 9);
  });

  it('times a ramp of ten samples as eight from 10% to 90%', () => {
    const ramp = Array.from({ length: 11 }, (_, i) => i * 10);
    expect(riseAt(samples(stepProfile(100, 50, 0, ramp, 100)), 55)).toBeCloseTo(8, 9);
  });

  it('times a blurred edge, a ramp of forty samples, as thirty-two: the levels are read beyond it', () => {
    // Read 3 to 10 samples either side, the levels would lie on the ramp and time it at about 11.
    const ramp = Array.from({ length: 41 }, (_, i) => i * 2.5);
    expect(riseAt(samples(stepProfile(160, 60, 0, ramp, 100)), 80)).toBeCloseTo(32, 0);
  });

  it('keeps the narrow reading of a sharp edge with other print a few samples past it', () => {
    // A sharp step to 100, and 12 samples later a second step to 200 (a border's inner edge).
    const values = stepProfile(120, 50, 0, [50], 100).map((v, i) => (i >= 62 ? 200 : v));
    expect(riseAt(samples(values), 50)).toBeLessThan(2);
  });

  it('leaves unknown a printed edge read without widening whose rise fills the window (a blurred photo), and keeps a sharp one', () => {
    // Read 3 to 10 samples either side of a forty-sample ramp, the step times at about 11: a
    // blurred photo would pass for a sharp one.
    const ramp = Array.from({ length: 41 }, (_, i) => i * 2.5);
    expect(riseAt(samples(stepProfile(160, 60, 0, ramp, 100)), 80, false)).toBeNaN();
    const sharp = Array.from({ length: 3 }, (_, i) => i * 50);
    expect(riseAt(samples(stepProfile(160, 60, 0, sharp, 100)), 61, false)).toBeCloseTo(1.6, 1);
  });

  it('reads the sharper half of a step twice: a shadow outside it or a shade printed inside it does not widen it', () => {
    // Twelve samples of penumbra falling from the table (0) to the shadow (30), then a sharp step to the card (100).
    const penumbra = Array.from({ length: 12 }, (_, i) => 2.5 * (i + 1));
    const shadowed = stepProfile(120, 40, 0, [...penumbra, 65], 100);
    expect(riseAt(samples(shadowed), 52)).toBeGreaterThan(4);
    expect(riseAt(samples(shadowed), 52, true, true)).toBeLessThan(2);
    // A sharp step to 70, then a shade printed inside the edge rising to 100 over twelve samples.
    const shaded = stepProfile(120, 40, 0, [70, ...Array.from({ length: 12 }, (_, i) => 70 + 2.5 * (i + 1))], 100);
    expect(riseAt(samples(shaded), 40)).toBeGreaterThan(3);
    expect(riseAt(samples(shaded), 40, true, true)).toBeLessThan(2);
    // A blur spreads a step alike either side: both readings agree.
    const ramp = Array.from({ length: 11 }, (_, i) => i * 10);
    expect(riseAt(samples(stepProfile(100, 50, 0, ramp, 100)), 55, true, true)).toBeCloseTo(8, 9);
  });

  it('leaves the rise of a faint step unknown', () => {
    expect(riseAt(samples(stepProfile(100, 50, 0, [], 15)), 50)).toBeNaN();
  });
});

describe('a profile read across a side of the photo', () => {
  it('finds a card edge at the pixel boundary, half a pixel before the first card pixel', () => {
    // Card from x = 100 on; the profile runs from x = 70 (outside) to x = 130, a step per pixel.
    const photo = columns(200, (x) => (x < 100 ? TABLE : CARD));
    const profile = across(photo, 100, 30);
    expect(profile.at(0)).toBeLessThan(1);
    expect(profile.at(60)).toBeGreaterThan(30);
    const step = findStep(profile, 1, profile.at(0), 10, 3);
    // Sample s lies at x = 70 + s; pixel 99 is table, 100 card: half-way at x = 99.5.
    expect(step!.half).toBeCloseTo(29.5, 6);
  });

  it('starts flat at the first step inside the photo', () => {
    const photo = columns(200, (x) => (x < 30 ? TABLE : CARD));
    // Step s lies at x = s - 10: steps 0 to 9 lie left of the photo, the edge (x = 29.5) at 39.5.
    const profile = across(photo, 20, 30);
    expect(profile.firstInside).toBe(10);
    expect(profile.insideFromFirst).toBe(true);
    expect(profile.at(3)).toBe(profile.at(10));
    expect(findStep(profile, 1, profile.at(0), 10, 3)!.half).toBeCloseTo(39.5, 6);
  });

  it('tells a soft shadow of the table from a card edge', () => {
    const shade = TABLE.map((c) => c * 0.55) as [number, number, number];
    // The table darkens to its shade over 10 px from x = 90, as a shadow's penumbra does; the
    // profile (a step a pixel, from x = 70) reads it at 8 px a millimetre, where 10 px is 1.2 mm.
    const penumbra = (x: number) =>
      TABLE.map((c, i) => c + ((shade[i]! - c) * Math.min(10, Math.max(0, x - 90))) / 10) as [number, number, number];
    const shadowed = across(
      columns(200, (x) => (x < 130 ? penumbra(x) : CARD)),
      100,
      30,
    );
    expect(shadowLike(shadowed, { half: 25, top: 0 }, 60, 8)).toBe(true);
    // As dark as the shade, but with a cut edge's sharp step: a card, not a shadow.
    const sharp = across(
      columns(200, (x) => (x < 100 ? TABLE : shade)),
      100,
      30,
    );
    expect(shadowLike(sharp, { half: 29.5, top: 0 }, 60, 8)).toBe(false);
    // As soft, into a colour that is no shade of the table: a blurred card, not a shadow.
    const blurred = across(
      columns(
        200,
        (x) =>
          TABLE.map((c, i) => c + ((CARD[i]! - c) * Math.min(10, Math.max(0, x - 90))) / 10) as [
            number,
            number,
            number,
          ],
      ),
      100,
      30,
    );
    expect(shadowLike(blurred, { half: 25, top: 0 }, 60, 8)).toBe(false);
  });
});
