import { describe, expect, it } from 'vitest';
import { findArtScratches } from './art-scratches.ts';
import { drawFace, type Rgb } from './test-face.ts';

const ART: Rgb = [110, 120, 140];
const LIGHT: Rgb = [235, 235, 235];
const SHADOW: Rgb = [70, 78, 95];
const AREA = { x0: 5, y0: 5, x1: 58, y1: 83 };

/**
 * A light line 0.14 mm wide from (20, 30) at `deg` degrees for `length` mm, with the groove's shadow
 * on one side when asked (on both with `bothSides`: the light gap between two dark strokes).
 */
function stroke(
  deg: number,
  groove: boolean,
  under?: (x: number, y: number) => Rgb | undefined,
  bothSides = false,
  length = 12,
) {
  const [ux, uy] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
  return (x: number, y: number): Rgb | undefined => {
    const t = (x - 20) * ux + (y - 30) * uy;
    const d = -(x - 20) * uy + (y - 30) * ux;
    if (t >= 0 && t <= length) {
      if (Math.abs(d) < 0.07) return LIGHT;
      if (groove && (bothSides ? Math.abs(d) : d) >= 0.07 && (bothSides ? Math.abs(d) : d) < 0.22) return SHADOW;
    }
    return under?.(x, y);
  };
}

/** Art with the grain of a printed picture: each 0.125 mm cell a few L* off its neighbours. */
function textured(x: number, y: number): Rgb | undefined {
  if (x < 4 || y < 4 || x > 59 || y > 84) return undefined;
  const cell = Math.floor(x * 8) * 7919 + Math.floor(y * 8) * 104729;
  const n = ((cell * 2654435761) >>> 0) % 13;
  return [ART[0] + n - 6, ART[1] + n - 6, ART[2] + n - 6];
}

const face = (paint: (x: number, y: number) => Rgb | undefined) =>
  drawFace({ table: [40, 40, 40], border: [240, 240, 235], art: ART, borderMm: 4, paint }).face;

describe('findArtScratches', () => {
  it("asks a short stroke for as many of the photo's own pixels as a sharp photo gives it", () => {
    // 4 mm: 80 pixels of a 20 px per mm photo, but only 24 of a 1080p frame's 6 px per mm.
    const sharp = face(stroke(30, true, undefined, false, 4));
    expect(findArtScratches(sharp, AREA).scratches).toHaveLength(1);
    const low = { ...face(stroke(30, true, undefined, false, 4)), photoPxPerMm: 6 };
    expect(findArtScratches(low, AREA).scratches).toEqual([]);
  });

  it('finds a light ridge with the shadow of its groove beside it, at its length', () => {
    const found = findArtScratches(face(stroke(30, true)), AREA).scratches;
    expect(found).toHaveLength(1);
    expect(found[0]!.lengthMm).toBeGreaterThan(10);
    expect(found[0]!.lengthMm).toBeLessThan(13);
  });

  it('takes a light stroke with the print right up to it, among the texture of a picture, for the art', () => {
    expect(findArtScratches(face(stroke(30, false, textured)), AREA).scratches).toEqual([]);
    expect(findArtScratches(face(stroke(30, true, textured)), AREA).scratches).toHaveLength(1);
  });

  it('on flat print, where the design draws no strokes, takes a light line for a scratch without its groove', () => {
    expect(findArtScratches(face(stroke(30, false)), AREA).scratches).toHaveLength(1);
  });

  it('takes a light line dark on both sides for the gap between two printed strokes', () => {
    expect(findArtScratches(face(stroke(30, true, textured, true)), AREA).scratches).toEqual([]);
  });

  it('takes a line square to the card for a rule of the design', () => {
    expect(findArtScratches(face(stroke(0, true)), AREA).scratches).toEqual([]);
    expect(findArtScratches(face(stroke(91, true)), AREA).scratches).toEqual([]);
  });

  it('takes a light line along an edge of the print for the rim of an outline', () => {
    // Darker print on the far side of the line: the line is the rim of a drawn shape.
    const shape = (x: number, y: number): Rgb | undefined =>
      -(x - 20) * Math.sin(Math.PI / 6) + (y - 30) * Math.cos(Math.PI / 6) > 0 ? [40, 45, 60] : undefined;
    expect(findArtScratches(face(stroke(30, true, shape)), AREA).scratches).toEqual([]);
  });
});
