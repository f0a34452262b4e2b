import { describe, expect, it } from 'vitest';
import { deltaE, rgbToLab } from '../image/color.ts';
import { backgroundOf } from './background.ts';
import { drawFace, type DrawnCard, type Rgb } from './test-face.ts';

const card = (table: Rgb, paint?: DrawnCard['paint']): DrawnCard => ({
  table,
  border: [230, 200, 40],
  art: [60, 120, 200],
  borderMm: 3,
  ...(paint ? { paint } : {}),
});

describe('backgroundOf', () => {
  it('reads the table around the card', () => {
    const table: Rgb = [120, 140, 110];
    expect(deltaE(backgroundOf(drawFace(card(table))), rgbToLab(...table))).toBeLessThan(0.5);
  });

  it('on a light table, takes the lit table, past the shadow of the card on two sides and glare on the third', () => {
    const table: Rgb = [200, 200, 195];
    const drawn = card(table, (x, y) => {
      if (x > 63 || y > 88) return [130, 130, 127];
      if (y < 0) return [255, 255, 255];
      return undefined;
    });
    expect(deltaE(backgroundOf(drawFace(drawn)), rgbToLab(...table))).toBeLessThan(0.5);
  });

  it('on dark cloth, takes the median of each channel over the four sides', () => {
    // Cloth of slightly different colours around the card: no single side is the answer.
    const drawn = card([20, 20, 40], (x, y) => {
      if (x > 63) return [24, 18, 44];
      if (y < 0) return [18, 24, 36];
      if (x < 0) return [22, 22, 42];
      return undefined;
    });
    const sides = (
      [
        [20, 20, 40],
        [24, 18, 44],
        [18, 24, 36],
        [22, 22, 42],
      ] as Rgb[]
    ).map((rgb) => rgbToLab(...rgb));
    const median = (i: 0 | 1 | 2) => sides.map((s) => s[i]).sort((a, b) => a - b)[1]!;
    const found = backgroundOf(drawFace(drawn));
    expect(found[0]).toBeCloseTo(median(0), 1);
    expect(found[1]).toBeCloseTo(median(1), 1);
    expect(found[2]).toBeCloseTo(median(2), 1);
  });
});
