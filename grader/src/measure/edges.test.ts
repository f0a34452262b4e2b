import { describe, expect, it } from 'vitest';
import { measureEdges } from './edges.ts';
import { bordersOf, drawFace, type DrawnCard } from './test-face.ts';

const card: DrawnCard = { table: [40, 40, 45], border: [30, 60, 150], art: [200, 120, 60], borderMm: 3 };
const WHITE: [number, number, number] = [245, 245, 240];

const measure = (drawn: DrawnCard) => measureEdges(drawFace(drawn), bordersOf(drawn), 'back');
const view = (result: ReturnType<typeof measure>, side: string) => result.views.find((v) => v.side === side)!;

describe('measureEdges', () => {
  it('finds nothing along four clean, straight sides', () => {
    const result = measure(card);
    expect(result.views.map((v) => [v.side, v.lengthMm, v.severityMm])).toEqual([
      ['top', 0, 0],
      ['right', 0, 0],
      ['bottom', 0, 0],
      ['left', 0, 0],
    ]);
    expect(result.defects).toEqual([]);
  });

  it('measures a chip by its length and counts it twice when deeper than 0.3 mm', () => {
    // Card missing 0.5 mm deep along 4 mm of the right side.
    const result = measure({ ...card, paint: (x, y) => (x > 63 - 0.5 && y > 30 && y < 34 ? card.table : undefined) });
    const right = view(result, 'right');
    expect(right.lengthMm).toBeGreaterThan(3.8);
    expect(right.lengthMm).toBeLessThan(4.2);
    expect(right.severityMm).toBeCloseTo(2 * right.lengthMm, 5);
    expect(result.defects).toEqual([expect.objectContaining({ face: 'back', kind: 'edge_chip', location: 'right edge' })]);
    expect(result.defects[0]!.positionMm.y).toBeCloseTo(32, 0);
    expect(view(result, 'left').lengthMm).toBe(0);
  });

  it('measures whitening that runs in from the outline, shallow stretches counted once', () => {
    // Stock showing 0.25 mm deep along 6 mm of the top side.
    const result = measure({ ...card, paint: (x, y) => (y >= 0 && y < 0.25 && x > 20 && x < 26 ? WHITE : undefined) });
    const top = view(result, 'top');
    expect(top.lengthMm).toBeGreaterThan(5.8);
    expect(top.lengthMm).toBeLessThan(6.2);
    expect(top.severityMm).toBe(top.lengthMm);
    expect(result.defects).toEqual([expect.objectContaining({ kind: 'edge_whitening', location: 'top edge' })]);
  });

  it('leaves out light print in the border that does not touch the outline', () => {
    // A white line from 0.5 to 0.7 mm in from the bottom side, with border between it and the outline.
    const result = measure({ ...card, paint: (x, y) => (y > 88 - 0.7 && y < 88 - 0.5 && x > 20 && x < 40 ? WHITE : undefined) });
    expect(view(result, 'bottom').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('measures material missing against a straight line through the side, so a side set in whole is no chip', () => {
    // The whole left side 0.4 mm inside where detection put it.
    const result = measure({ ...card, paint: (x) => (x < 0.4 ? card.table : undefined) });
    expect(view(result, 'left').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });
});
