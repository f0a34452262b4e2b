import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { backCenteringGrade, cornerViewGrade, frontCenteringGrade, overallScore } from '../../rubric.ts';
import {
  BACKGROUNDS,
  FAMILIES,
  generateZooBadInput,
  generateZooCase,
  HOLDERS,
  ZOO_BAD_INPUTS,
  ZOO_TEST_SEEDS,
  ZOO_TUNING_SEEDS,
  zooConditions,
} from './index.ts';

const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');
// Seeds 4 to 7 (mod 8) come out at 1920 x 1080, which is quick to make.
const FAST_SEEDS = [4, 5, 6, 7, 12, 13, 14, 15];

describe('design zoo', () => {
  it('gives the same bytes and truth for the same seed', async () => {
    const a = await generateZooCase({ seed: 5 });
    const b = await generateZooCase({ seed: 5 });
    expect(hash(a.front)).toBe(hash(b.front));
    expect(hash(a.back)).toBe(hash(b.back));
    expect(JSON.stringify(a.truth)).toBe(JSON.stringify(b.truth));
    const other = await generateZooCase({ seed: 13 });
    expect(hash(other.front)).not.toBe(hash(a.front));
  });

  it('decodes to the frame size it names', async () => {
    for (const frame of ['12mp', '1080p'] as const) {
      const c = await generateZooCase({ seed: 21, frame });
      expect(c.truth.frame).toBe(frame);
      for (const jpeg of [c.front, c.back]) {
        const meta = await sharp(jpeg).metadata();
        expect(meta.format).toBe('jpeg');
        expect([meta.width, meta.height]).toEqual(frame === '12mp' ? [4000, 3000] : [1920, 1080]);
      }
    }
  });

  it('records a truth that fits the photo and the rubric', async () => {
    for (const seed of FAST_SEEDS) {
      const c = await generateZooCase({ seed, damaged: seed % 2 === 0 });
      const { truth, meta } = c;
      for (const face of ['front', 'back'] as const) {
        for (const p of truth.corners![face]) {
          expect(p.x).toBeGreaterThan(0);
          expect(p.x).toBeLessThan(1920);
          expect(p.y).toBeGreaterThan(0);
          expect(p.y).toBeLessThan(1080);
        }
        const centering = truth.centering[face];
        if (centering.measurable) {
          for (const pair of [centering.leftRight!, centering.topBottom!]) {
            expect(pair[0]).toBeGreaterThanOrEqual(50);
            expect(pair[0]).toBeLessThan(85);
            expect(pair[0] + pair[1]).toBeCloseTo(100, 9);
          }
        }
        expect(truth.cornerWhitening[face]).toHaveLength(4);
        expect(truth.pxPerMm[face]).toBeGreaterThan(3);
      }
      const printedToTheEdge = ['full_art', 'borderless', 'full_bleed'].includes(meta.frontStyle);
      expect(truth.centering.front.measurable).toBe(!printedToTheEdge);
      // Centering and corners recomputed here from the recorded truth with the rubric.
      const centering = [
        ...(truth.centering.front.measurable
          ? [frontCenteringGrade(Math.max(truth.centering.front.leftRight![0], truth.centering.front.topBottom![0]))]
          : []),
        backCenteringGrade(Math.max(truth.centering.back.leftRight![0], truth.centering.back.topBottom![0])),
      ];
      expect(truth.expected.centering).toBe(Math.min(...centering));
      expect(truth.expected.corners).toBe(
        Math.min(...[...truth.cornerWhitening.front, ...truth.cornerWhitening.back].map(cornerViewGrade)),
      );
      expect(truth.expected.overall).toBe(overallScore(truth.expected));
      if (!meta.damaged) {
        expect(meta.damage).toEqual([]);
        expect([truth.expected.corners, truth.expected.edges, truth.expected.surface]).toEqual([10, 10, 10]);
      } else expect(meta.damage.length).toBeGreaterThan(0);
      if ((truth.creasesMm?.front.length ?? 0) > 0) expect(truth.expected.surface).toBeLessThanOrEqual(4);
    }
  });

  it('spreads the test seeds over every family, frame, background and holder, most of them clean', () => {
    const seen = {
      family: new Set<string>(),
      frame: new Set<string>(),
      background: new Set<string>(),
      holder: new Set<string>(),
    };
    let clean = 0;
    const count = ZOO_TEST_SEEDS.last - ZOO_TEST_SEEDS.first + 1;
    for (let seed = ZOO_TEST_SEEDS.first; seed <= ZOO_TEST_SEEDS.last; seed += 1) {
      const c = zooConditions(seed);
      seen.family.add(c.family);
      seen.frame.add(c.frame);
      seen.background.add(c.background);
      seen.holder.add(c.holder);
      if (!c.damaged) clean += 1;
    }
    expect([...seen.family].sort()).toEqual([...FAMILIES].sort());
    expect([...seen.frame].sort()).toEqual(['1080p', '12mp']);
    expect([...seen.background].sort()).toEqual([...BACKGROUNDS].sort());
    expect([...seen.holder].sort()).toEqual([...HOLDERS].sort());
    expect(clean / count).toBeGreaterThan(0.55);
    expect(clean / count).toBeLessThan(0.65);
    expect(ZOO_TUNING_SEEDS.last).toBeLessThan(ZOO_TEST_SEEDS.first);
    // A short run of seeds already sees every background and holder.
    const run = Array.from({ length: 9 }, (_, i) => zooConditions(ZOO_TEST_SEEDS.first + i));
    expect(new Set(run.map((c) => c.background)).size).toBe(BACKGROUNDS.length);
    expect(new Set(run.map((c) => c.holder)).size).toBe(HOLDERS.length);
  });

  it('draws what the seed spreads to', async () => {
    const seed = 14;
    const c = await generateZooCase({ seed });
    const spread = zooConditions(seed);
    expect([c.meta.family, c.truth.frame, c.meta.background, c.meta.holder, c.meta.damaged]).toEqual([
      spread.family,
      spread.frame,
      spread.background,
      spread.holder,
      spread.damaged,
    ]);
    expect(c.truth.cardSize).toBe(spread.family === 'yugioh' ? 'small' : 'standard');
  });

  it('makes bad inputs that carry their rejection code', async () => {
    for (const [i, code] of ZOO_BAD_INPUTS.entries()) {
      const seed = FAST_SEEDS[i]!;
      const c = await generateZooBadInput(seed, code);
      expect(c.truth.expectedRejection).toBe(code);
      const corners = c.truth.corners!.front;
      const inFrame = corners.every((p) => p.x >= 0 && p.y >= 0 && p.x <= 1920 && p.y <= 1080);
      const heightPx = Math.hypot(corners[3]!.x - corners[0]!.x, corners[3]!.y - corners[0]!.y);
      if (code === 'card_cut_off') expect(inFrame).toBe(false);
      else expect(inFrame).toBe(true);
      if (code === 'too_small') expect(heightPx).toBeLessThan(160);
      if (code === 'mismatched_sides') expect(c.meta.backFamily === 'yugioh').not.toBe(c.meta.family === 'yugioh');
      else expect(c.meta.backFamily).toBe(c.meta.family);
    }
    expect((await generateZooBadInput(ZOO_BAD_INPUTS.length + 4)).truth.expectedRejection).toBe(
      ZOO_BAD_INPUTS[4 % ZOO_BAD_INPUTS.length],
    );
  });
});
