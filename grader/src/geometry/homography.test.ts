import { describe, expect, it } from 'vitest';
import { robustFitLine } from './homography.ts';

describe('robustFitLine', () => {
  it('follows the points most of them agree on, not a run of strays beside them', () => {
    // A side at y = 100 seen by 30 profiles, and 12 more that found the art 40 px inside it.
    const points = [
      ...Array.from({ length: 30 }, (_, i) => ({ x: 20 * i, y: 100 + (i % 3) * 0.3 })),
      ...Array.from({ length: 12 }, (_, i) => ({ x: 600 + 20 * i, y: 60 + i * 0.5 })),
    ];
    const line = robustFitLine(points, 1.5);
    const yAt = (x: number) => (line.c - line.a * x) / line.b;
    expect(Math.abs(yAt(0) - 100.3)).toBeLessThan(0.5);
    expect(Math.abs(yAt(800) - 100.3)).toBeLessThan(0.5);
  });

  it('fits a clean set exactly', () => {
    const points = Array.from({ length: 20 }, (_, i) => ({ x: i, y: 2 * i + 1 }));
    const line = robustFitLine(points, 0.1);
    expect(Math.abs(line.a * 5 + line.b * 11 - line.c)).toBeLessThan(1e-9);
  });
});
