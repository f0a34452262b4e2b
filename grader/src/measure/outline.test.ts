import { describe, expect, it } from 'vitest';
import { rgbToLab, type Lab } from '../image/color.ts';
import { CardTest, isWhitened, tableDistances } from './outline.ts';

const isCard = (table: Lab, border: Lab, pixel: Lab) => new CardTest(table, border, tableDistances(table)(border)).isCard(new Float32Array(pixel), 0);

describe('CardTest', () => {
  const table = rgbToLab(210, 205, 200);
  const border = rgbToLab(40, 70, 160);

  it('takes the border colour for the card and the table for the table', () => {
    expect(isCard(table, border, border)).toBe(true);
    expect(isCard(table, border, table)).toBe(false);
  });

  it('splits pixels mixed from the two at half-way', () => {
    const mix = (t: number): Lab => [table[0] + t * (border[0] - table[0]), table[1] + t * (border[1] - table[1]), table[2] + t * (border[2] - table[2])];
    expect(isCard(table, border, mix(0.4))).toBe(false);
    expect(isCard(table, border, mix(0.6))).toBe(true);
  });

  it('takes the table in the shadow of the card for the table, and white stock for the card', () => {
    expect(isCard(table, border, rgbToLab(120, 117, 114))).toBe(false);
    expect(isCard(table, border, rgbToLab(250, 250, 250))).toBe(true);
  });
});

describe('isWhitened', () => {
  const whitened = (pixel: Lab, border: Lab) => isWhitened(pixel[0], pixel[1], pixel[2], border);

  it('takes near-white stock on a coloured border for whitening', () => {
    expect(whitened(rgbToLab(240, 238, 232), rgbToLab(40, 70, 160))).toBe(true);
  });

  it('takes neither light colourful print nor a light grey border for whitening', () => {
    expect(whitened(rgbToLab(250, 230, 120), rgbToLab(40, 70, 160))).toBe(false);
    expect(whitened(rgbToLab(240, 238, 232), rgbToLab(225, 225, 225))).toBe(false);
  });
});
