import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quad } from '@gradelens/shared';
import { gradeCard, locateCards } from './index.ts';
import { recentered } from './report/recenter.ts';
import { generateCase } from './synth/index.ts';
import { twoCardsPhoto } from './synth/two-cards.ts';

type Case = Awaited<ReturnType<typeof generateCase>>;
let card: Case;
/** Two copies of one card side by side: the finder cannot tell which to grade, the owner can. */
let twoCards: { photo: Buffer; leftCard: Quad };
beforeAll(async () => {
  card = await generateCase({ seed: 21, frame: '1080p', variant: 'clean', size: 'standard', blurSigma: 0 });
  const two = await twoCardsPhoto(3);
  twoCards = { photo: two.photo, leftCard: two.leftCard as Quad };
}, 60_000);

const truthQuad = (c: Case, face: 'front' | 'back') => c.truth.corners![face].map((p) => [p.x, p.y]) as Quad;

describe('locateCards', () => {
  it("answers each face's corners and frame lines in the photo's pixels", async () => {
    const detection = await locateCards(card.front, card.back);
    const meta = await sharp(card.front).metadata();
    expect(detection.imageSize.front).toEqual({ width: meta.width, height: meta.height });
    for (const face of ['front', 'back'] as const) {
      const found = detection[face];
      expect(found.found).toBe(true);
      expect(found.retake).toBe(false);
      found.corners!.forEach(([x, y], i) => {
        const [tx, ty] = truthQuad(card, face)[i]!;
        expect(Math.hypot(x - tx, y - ty)).toBeLessThan(2);
      });
      const frame = found.frame!;
      // The frame's shares are the centering the generator drew.
      const lr = (100 * Math.max(frame.left, 1 - frame.right)) / (frame.left + 1 - frame.right);
      expect(Math.abs(lr - card.truth.centering[face].leftRight![0])).toBeLessThan(1.5);
    }
  }, 60_000);

  it('says why a face has no card, and whether placing the corners could help', async () => {
    const blank = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#ecece8' } })
      .jpeg()
      .toBuffer();
    const detection = await locateCards(blank, Buffer.from('not a photo'));
    expect(detection.front).toMatchObject({ found: false, corners: null, frame: null, code: 'no_card', retake: false });
    expect(detection.back).toMatchObject({ found: false, code: 'not_an_image', retake: true });
    const blurred = await sharp(card.front).blur(12).jpeg().toBuffer();
    const soft = await locateCards(blurred, card.back);
    if (soft.front.found) expect(soft.front).toMatchObject({ code: 'too_blurry', retake: true });
    else expect(soft.front.retake).toBe(soft.front.code === 'too_blurry');
  }, 60_000);
});

describe('gradeCard with what the owner set', () => {
  it('grades the card the owner placed when the finder cannot choose, and records it', async () => {
    const found = await gradeCard(twoCards.photo, card.back);
    expect(found.ok ? 'graded' : found.rejection.code).toBe('multiple_cards');
    // Given in any order: the engine puts them clockwise from the top-left.
    const [a, b, c, d] = twoCards.leftCard;
    const placed = await gradeCard(twoCards.photo, card.back, { hints: { front: { corners: [c, a, d, b] } } });
    if (!placed.ok) throw new Error(placed.rejection.message);
    expect(placed.report.ownerSet).toEqual({
      front: { outline: true, frame: false },
      back: { outline: false, frame: false },
    });
    placed.report.outline!.front.forEach(([x, y], i) => {
      const [tx, ty] = twoCards.leftCard[i]!;
      expect(Math.hypot(x - tx, y - ty)).toBeLessThan(0.2);
    });
    expect(placed.report.centering.front.measurable).toBe(true);
  }, 60_000);

  it('reads centering from frame lines the owner set, and says so', async () => {
    const frame = { left: 0.05, right: 0.9, top: 0.05, bottom: 0.95 };
    const outcome = await gradeCard(card.front, card.back, {
      hints: { front: { corners: truthQuad(card, 'front'), frame } },
    });
    if (!outcome.ok) throw new Error(outcome.rejection.message);
    const front = outcome.report.centering.front;
    // Left 0.05 of the card, right 0.10: 66.7/33.3, a front's 7.5.
    expect(front).toMatchObject({
      measurable: true,
      ownerSet: true,
      leftRight: [66.7, 33.3],
      topBottom: [50, 50],
      grade: 7.5,
    });
    expect(outcome.report.ownerSet!.front).toEqual({ outline: true, frame: true });
    expect(outcome.report.scores.centering).toBe(7.5);
    expect(outcome.report.notes).toMatch(/set by the owner/);
  }, 60_000);

  it('still refuses a blurred photo whose corners the owner placed', async () => {
    const blurred = await sharp(card.front).blur(12).jpeg().toBuffer();
    const outcome = await gradeCard(blurred, card.back, { hints: { front: { corners: truthQuad(card, 'front') } } });
    expect(outcome.ok ? 'graded' : outcome.rejection.code).toBe('too_blurry');
  }, 60_000);

  it('tells the stages of the work in order', async () => {
    const stages: string[] = [];
    await gradeCard(card.front, card.back, { onStage: (s) => stages.push(s) });
    expect(stages).toEqual(['decode', 'find', 'measure', 'report']);
  }, 60_000);
});

describe('recentered', () => {
  it('re-reads centering and the overall grade from lines set after grading, keeping the rest', async () => {
    const outcome = await gradeCard(card.front, card.back);
    if (!outcome.ok) throw new Error(outcome.rejection.message);
    const before = outcome.report;
    const after = recentered(before, { back: { left: 0.02, right: 0.9, top: 0.05, bottom: 0.95 } });
    // Back 0.02 against 0.10: 83.3/16.7, a back's 9.
    expect(after.centering.back).toMatchObject({ ownerSet: true, leftRight: [83.3, 16.7], grade: 9 });
    expect(after.centering.front).toEqual(before.centering.front);
    expect(after.scores.centering).toBe(Math.min(9, before.centering.front.grade ?? 10));
    expect(after.scores.corners).toBe(before.scores.corners);
    expect(after.defects).toEqual(before.defects);
    expect(after.ownerSet!.back.frame).toBe(true);
    expect(after.notes).toMatch(/Back centering 83\.3\/16\.7.*set by the owner/);
  }, 60_000);
});
