import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { gradeCard } from './index.ts';
import { generateCase } from './synth/index.ts';

type Case = Awaited<ReturnType<typeof generateCase>>;
let clean: Case;
let worn: Case;
beforeAll(async () => {
  [clean, worn] = await Promise.all([
    generateCase({ seed: 11, frame: '1080p', variant: 'clean', blurSigma: 0 }),
    generateCase({ seed: 3, frame: '12mp', variant: 'worn', blurSigma: 0.3 }),
  ]);
});

const larger = (pair?: [number, number]) => pair?.[0] ?? NaN;

describe('gradeCard on generated photos', () => {
  it('measures centering of both faces within 1.5 points of the truth and finds the card size', async () => {
    for (const c of [clean, worn]) {
      const outcome = await gradeCard(c.front, c.back);
      if (!outcome.ok) throw new Error(`rejected: ${outcome.rejection.message}`);
      const { report } = outcome;
      expect(report.cardSize.kind).toBe(c.truth.cardSize);
      for (const face of ['front', 'back'] as const) {
        const truth = c.truth.centering[face];
        const measured = report.centering[face];
        expect(measured.measurable).toBe(true);
        expect(Math.abs(larger(measured.leftRight) - larger(truth.leftRight))).toBeLessThan(1.5);
        expect(Math.abs(larger(measured.topBottom) - larger(truth.topBottom))).toBeLessThan(1.5);
      }
      for (const grade of [report.overallGrade, report.centeringGrade, report.cornerGrade, report.edgeGrade, report.surfaceGrade]) {
        expect(Number.isInteger(grade) && grade >= 1 && grade <= 10).toBe(true);
      }
      expect(report.notes).toMatch(/\n\n/);
    }
  }, 60_000);

  it('finds the worn corner and grades it below a clean card', async () => {
    const outcome = await gradeCard(worn.front, worn.back, { annotate: true });
    if (!outcome.ok) throw new Error(outcome.rejection.message);
    expect(outcome.report.scores.corners).toBeLessThan(9.5);
    expect(outcome.report.defects.some((d) => d.location === 'top-left corner')).toBe(true);
    const meta = await sharp(outcome.annotated.front).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThan(63 * 12);
  }, 60_000);

  it('says a full-art front is not measurable and uses the back', async () => {
    const c = await generateCase({ seed: 5, frame: '1080p', variant: 'full_art', blurSigma: 0 });
    const outcome = await gradeCard(c.front, c.back);
    if (!outcome.ok) throw new Error(outcome.rejection.message);
    expect(outcome.report.centering.front.measurable).toBe(false);
    expect(outcome.report.centering.front.reason).toBeTruthy();
    expect(outcome.report.centering.back.measurable).toBe(true);
    expect(outcome.report.warnings.map((w) => w.code)).toContain('centering_not_measurable');
  }, 60_000);
});

describe('gradeCard refuses photos it cannot grade', () => {
  const codeOf = async (front: Buffer, back: Buffer, options = {}) => {
    const outcome = await gradeCard(front, back, options);
    return outcome.ok ? 'accepted' : outcome.rejection.code;
  };

  it('not an image, a truncated file, too many pixels', async () => {
    expect(await codeOf(Buffer.from('hello, this is text'), clean.back)).toBe('not_an_image');
    expect(await codeOf(clean.front.subarray(0, Math.floor(clean.front.length / 2)), clean.back)).toBe('corrupt_image');
    expect(await codeOf(clean.front, clean.back, { maxPixels: 1_000_000 })).toBe('too_many_pixels');
  });

  it('no card, a card cut off by the frame, a card too small, too blurry, different sizes', async () => {
    const blank = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#ececE8' } }).jpeg().toBuffer();
    expect(await codeOf(blank, clean.back)).toBe('no_card');

    const meta = await sharp(clean.front).metadata();
    const cut = await sharp(clean.front).extract({ left: 0, top: 0, width: meta.width!, height: Math.round(meta.height! * 0.6) }).jpeg().toBuffer();
    expect(await codeOf(cut, clean.back)).toBe('card_cut_off');

    const tiny = await sharp(clean.front).resize(480).jpeg().toBuffer();
    expect(await codeOf(tiny, clean.back)).toBe('too_small');

    const blurred = await sharp(clean.front).blur(14).jpeg().toBuffer();
    expect(await codeOf(blurred, clean.back)).toBe('too_blurry');

    const other = await generateCase({ seed: 1, frame: '1080p' });
    const sizes = [other.truth.cardSize, clean.truth.cardSize];
    if (sizes[0] !== sizes[1]) expect(await codeOf(other.front, clean.back)).toBe('mismatched_sides');
  }, 60_000);
});
