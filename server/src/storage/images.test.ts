import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { EXAMPLE_HEIC_SIZE, exampleHeic, heicOf } from '../../test/support/heic.ts';
import { jpegOf, notPhotos, pngClaiming, progressiveJpeg } from '../../test/support/images.ts';
import { normalizeImage } from './images.ts';

const FORMATS = 'JPEG, PNG, WebP, HEIC or AVIF';

/** The AppError a call throws, and how long it took to throw it. */
async function refusal(work: Promise<unknown>): Promise<{ error: AppError; seconds: number }> {
  const started = performance.now();
  const error = await work.then(
    () => new Error('expected a refusal'),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw error;
  return { error, seconds: (performance.now() - started) / 1000 };
}

/** CPU seconds this process spends over the next second, once `sinceStart` seconds have passed. */
async function cpuSecondsAfter(started: number, sinceStart: number): Promise<number> {
  await sleep(Math.max(0, started + sinceStart * 1000 - performance.now()));
  const before = process.cpuUsage();
  await sleep(1000);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

/** Mean difference of two same-sized images, per channel value (0 to 255). */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe('normalizeImage: what it takes', () => {
  it.each([
    ['JPEG', (s: Sharp) => s.jpeg()],
    ['PNG', (s: Sharp) => s.png()],
    ['WebP', (s: Sharp) => s.webp()],
    ['AVIF', (s: Sharp) => s.avif()],
  ])('re-encodes a %s photo as JPEG', async (_format, encode) => {
    const photo = await encode(sharp(await jpegOf(250, 350))).toBuffer();
    const meta = await sharp(await normalizeImage(photo, { format: 'jpg' })).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 250, 350]);
  });

  it('turns a JPEG as its EXIF orientation says', async () => {
    const turned = await sharp(await jpegOf(400, 300))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const meta = await sharp(await normalizeImage(turned, { format: 'jpg' })).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([300, 400, undefined]);
  });

  it('re-encodes a HEIC photo from a camera as JPEG, without its metadata', async () => {
    const jpeg = await normalizeImage(exampleHeic, { format: 'jpg' });
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', EXAMPLE_HEIC_SIZE.width, EXAMPLE_HEIC_SIZE.height]);
    expect(meta.exif).toBeUndefined();
  });

  it('turns a HEIC photo once, as its container says (a quarter turn anticlockwise here)', async () => {
    const upright = await normalizeImage(exampleHeic, { format: 'jpg' });
    const turned = await normalizeImage(heicOf({ quarterTurns: 1 }), { format: 'jpg' });
    const meta = await sharp(turned).metadata();
    expect([meta.width, meta.height]).toEqual([EXAMPLE_HEIC_SIZE.height, EXAMPLE_HEIC_SIZE.width]);
    const anticlockwise = await sharp(upright).rotate(270).toBuffer();
    const clockwise = await sharp(upright).rotate(90).toBuffer();
    expect(await meanDifference(turned, anticlockwise)).toBeLessThan(5);
    expect(await meanDifference(turned, clockwise)).toBeGreaterThan(50);
  });
});

describe('normalizeImage: what it refuses', () => {
  it('refuses, before any decoder sees it, a file that is no photo we take, whatever it is called', async () => {
    for (const file of await notPhotos()) {
      const { error, seconds } = await refusal(normalizeImage(file.data, { format: 'jpg' }));
      expect([file.kind, error.status, error.message]).toEqual([
        file.kind,
        415,
        `That file is not a photo in a format we take. Send a ${FORMATS} photo.`,
      ]);
      // Rendering the blurred SVG took minutes; a refusal before decoding is instant. The bound is loose for a busy machine.
      expect(seconds).toBeLessThan(3);
    }
  });

  it('refuses a PNG whose header claims 60000 x 60000 pixels with 413, without decoding it', async () => {
    const { error, seconds } = await refusal(normalizeImage(pngClaiming(60_000, 60_000), { format: 'jpg' }));
    expect([error.status, error.message]).toEqual([413, expect.stringMatching(/more than 50 megapixels/)]);
    expect(seconds).toBeLessThan(3);
  });

  it('refuses a HEIC whose container declares more than 50 megapixels with 413, before decoding it', async () => {
    const { error, seconds } = await refusal(
      normalizeImage(heicOf({ declared: { width: 10_000, height: 6000 } }), { format: 'jpg' }),
    );
    expect([error.status, error.message]).toEqual([413, expect.stringMatching(/more than 50 megapixels/)]);
    expect(seconds).toBeLessThan(3);
  });

  it('refuses a damaged HEIC with a sentence on sending a JPEG instead', async () => {
    const { error } = await refusal(normalizeImage(exampleHeic.subarray(0, 4000), { format: 'jpg' }));
    expect([error.status, error.message]).toEqual([415, expect.stringMatching(/Most Compatible/)]);
  });

  it('refuses a JPEG of more than 100 progressive scans at once, as each is a pass over every pixel', async () => {
    const { error, seconds } = await refusal(normalizeImage(progressiveJpeg(7000, 7000, 150), { format: 'jpg' }));
    expect([error.status, error.message]).toEqual([422, expect.stringMatching(/more than 100 progressive passes/)]);
    expect(seconds).toBeLessThan(1.5);
  });
});

// The photos below take about 2.1 s (the JPEG) and 4.7 s (the HEIC) of a core to decode here:
// still past their budgets on a machine three times as fast, while on a slower one the answer
// keeps to the budget and the work is stopped all the same.
describe('normalizeImage: the time budget', () => {
  it('stops a JPEG that decodes past the budget, answers 422 on time and frees the CPU', async () => {
    // 49 MP of CMYK, converted to RGB pixel by pixel; made by enlarging a small CMYK photo.
    const small = await sharp(randomBytes(500 * 500 * 3), { raw: { width: 500, height: 500, channels: 3 } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    const cmyk = await sharp(small)
      .pipelineColourspace('cmyk')
      .resize(7000, 7000, { kernel: 'cubic' })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    const started = performance.now();
    const { error, seconds } = await refusal(normalizeImage(cmyk, { format: 'jpg' }, { budgetSeconds: 0.25 }));
    expect([error.status, error.message]).toEqual([
      422,
      'That photo took more than 0.25 seconds to read, so it was stopped. Try again, or send a smaller photo (a phone photo of 12 megapixels is plenty).',
    ]);
    expect(seconds).toBeLessThan(1.25);
    // Left alone the decode runs past 2 s here: sharp's timeout has stopped it after 1 s.
    expect(await cpuSecondsAfter(started, 1.5)).toBeLessThan(0.2);
  });

  it('stops a HEIC that decodes past the budget by ending its thread, and frees the CPU', async () => {
    const grid = heicOf({ grid: { rows: 7, columns: 7, width: 8000, height: 5900 } });
    const started = performance.now();
    const { error, seconds } = await refusal(normalizeImage(grid, { format: 'jpg' }, { budgetSeconds: 0.5 }));
    expect([error.status, error.message]).toEqual([422, expect.stringMatching(/took more than 0.5 seconds to read/)]);
    expect(seconds).toBeLessThan(2);
    expect(await cpuSecondsAfter(started, 1.5)).toBeLessThan(0.2);
  });
});
