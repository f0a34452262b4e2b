import { describe, expect, it } from 'vitest';
import {
  backCenteringGrade,
  cornerViewGrade,
  edgesGrade,
  frontCenteringGrade,
  overallScore,
  surfaceGrade,
  toIntegerGrade,
} from './rubric.ts';

describe('rubric v1 tables', () => {
  it('grades front centering by the larger share', () => {
    const cases: [number, number][] = [
      [50, 10],
      [55, 10],
      [55.1, 9.5],
      [57.5, 9.5],
      [60, 9],
      [62.5, 8.5],
      [65, 8],
      [67.5, 7.5],
      [70, 7],
      [75, 6.5],
      [80, 6],
      [85, 5],
      [90, 3],
      [90.1, 1.5],
    ];
    for (const [share, grade] of cases) expect(frontCenteringGrade(share), `${share}%`).toBe(grade);
  });

  it('grades back centering more leniently', () => {
    expect([75, 75.1, 82.5, 90, 90.1].map(backCenteringGrade)).toEqual([10, 9.5, 9.5, 9, 2]);
  });

  it('grades a corner view by its severity in mm', () => {
    const cases: [number, number][] = [
      [0, 10],
      [0.15, 10],
      [0.16, 9.5],
      [0.3, 9.5],
      [0.5, 9],
      [0.75, 8.5],
      [1, 8],
      [1.5, 7],
      [2, 6],
      [2.5, 5],
      [3, 4],
      [4, 3],
      [5, 2],
      [5.01, 1],
    ];
    for (const [mm, grade] of cases) expect(cornerViewGrade(mm), `${mm} mm`).toBe(grade);
  });

  it('grades edges by the total defect length', () => {
    const cases: [number, number][] = [
      [0.5, 10],
      [1.5, 9.5],
      [3, 9],
      [5, 8.5],
      [8, 8],
      [12, 7],
      [18, 6],
      [25, 5],
      [35, 4],
      [50, 3],
      [70, 2],
      [70.5, 1],
    ];
    for (const [mm, grade] of cases) expect(edgesGrade(mm), `${mm} mm`).toBe(grade);
  });

  it('grades the surface score and caps it for creases', () => {
    const none = { count: 0, longestMm: 0 };
    const cases: [number, number][] = [
      [1, 10],
      [3, 9.5],
      [6, 9],
      [10, 8.5],
      [15, 8],
      [25, 7],
      [40, 6],
      [60, 5],
      [90, 4],
      [91, 3],
    ];
    for (const [score, grade] of cases) expect(surfaceGrade(score, none), `score ${score}`).toBe(grade);
    expect(surfaceGrade(0, { count: 1, longestMm: 12 })).toBe(4);
    expect(surfaceGrade(0, { count: 1, longestMm: 41 })).toBe(2);
    expect(surfaceGrade(95, { count: 1, longestMm: 10 })).toBe(3);
  });
});

describe('the overall rule', () => {
  it('adds half a point when exactly one subgrade is the lowest', () => {
    expect(overallScore({ centering: 10, corners: 8, edges: 9, surface: 9 })).toBe(8.5);
    expect(overallScore({ centering: 8, corners: 8, edges: 9, surface: 9 })).toBe(8);
    expect(overallScore({ centering: 10, corners: 10, edges: 10, surface: 10 })).toBe(10);
    expect(overallScore({ centering: 10, corners: 10, edges: 10, surface: 9.5 })).toBe(10);
  });

  it('reports the floor as an integer within 1..10', () => {
    expect([8.5, 8, 1.5, 0.5, 10].map(toIntegerGrade)).toEqual([8, 8, 1, 1, 10]);
  });
});
