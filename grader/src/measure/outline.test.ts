import { describe, expect, it } from 'vitest';
import { rgbToLab, type Lab } from '../image/color.ts';
import { isWhitened, OutsideTest } from './outline.ts';

const isOutside = (outside: Lab, card: Lab, pixel: Lab) =>
  new OutsideTest(outside, card).isOutside(new Float32Array(pixel), 0);

describe('OutsideTest', () => {
  const table = rgbToLab(210, 205, 200);
  const border = rgbToLab(40, 70, 160);

  it('takes the colour read beside the card for the outside and the card colour for the card', () => {
    expect(isOutside(table, border, table)).toBe(true);
    expect(isOutside(table, border, border)).toBe(false);
  });

  it('splits pixels mixed from the two at half-way', () => {
    const mix = (t: number): Lab => [
      table[0] + t * (border[0] - table[0]),
      table[1] + t * (border[1] - table[1]),
      table[2] + t * (border[2] - table[2]),
    ];
    expect(isOutside(table, border, mix(0.4))).toBe(true);
    expect(isOutside(table, border, mix(0.6))).toBe(false);
  });

  it('does not take white stock on a dark border on a dark table for the outside', () => {
    expect(isOutside(rgbToLab(60, 60, 62), rgbToLab(20, 18, 16), rgbToLab(245, 245, 240))).toBe(false);
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
