import { describe, expect, it } from 'vitest';
import { measureSurface } from './surface.ts';
import { bordersOf, drawFace, type DrawnCard, type Rgb } from './test-face.ts';

const LIGHT: Rgb = [235, 235, 235];
const SHADOW: Rgb = [70, 78, 95];

/** Light ridges 8 mm long with the groove's shadow beside them, from each start at `deg` degrees. */
function ridges(starts: [number, number, number][]) {
  return (x: number, y: number): Rgb | undefined => {
    for (const [x0, y0, deg] of starts) {
      const [ux, uy] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
      const t = (x - x0) * ux + (y - y0) * uy;
      const d = -(x - x0) * uy + (y - y0) * ux;
      if (t < 0 || t > 8) continue;
      if (Math.abs(d) < 0.07) return LIGHT;
      if (d >= 0.07 && d < 0.22) return SHADOW;
    }
    return undefined;
  };
}

/** Dark specks 0.3 mm across in the border, centred at the given points. */
const specks =
  (centres: [number, number][]) =>
  (x: number, y: number): Rgb | undefined =>
    centres.some(([cx, cy]) => Math.hypot(x - cx, y - cy) < 0.15) ? [60, 60, 60] : undefined;

const card = (paint: DrawnCard['paint']): DrawnCard => ({
  table: [40, 40, 40],
  border: [240, 240, 235],
  art: [110, 120, 140],
  borderMm: 4,
  paint,
});

describe('glare', () => {
  // A white card under a bright lamp: border and a text box filling the art's lower half, RGB 246 (CIE L 97).
  const WHITE: Rgb = [246, 246, 244];
  const whiteCard = (paint?: DrawnCard['paint']): DrawnCard => ({
    table: [40, 40, 40],
    border: WHITE,
    art: [110, 120, 140],
    borderMm: 4,
    paint: (x, y) => paint?.(x, y) ?? (y > 44 && y < 84 && x > 4 && x < 59 ? WHITE : undefined),
  });

  it("takes a white card's own white print for print, however much of the face it fills", () => {
    const c = whiteCard();
    expect(measureSurface(drawFace(c), bordersOf(c), 'front', true).glareShare).toBeLessThan(0.05);
  });

  it("takes a black-bordered card's white text box, its type dark, for print, not glare", () => {
    // Text box 55 x 54 mm of RGB 252 (CIE L 99), rows of black type 0.35 mm tall every 1.2 mm.
    const c: DrawnCard = {
      table: [150, 150, 150],
      border: [20, 20, 20],
      art: [110, 120, 140],
      borderMm: 4,
      paint: (x, y) =>
        y > 30 && y < 84 && x > 4 && x < 59
          ? (y - 31) % 1.2 < 0.35 && y < 83 && x > 5 && x < 58
            ? [30, 30, 30]
            : [252, 252, 252]
          : undefined,
    };
    expect(measureSurface(drawFace(c), bordersOf(c), 'front', true).glareShare).toBeLessThan(0.05);
  });

  it('measures a burnt-out reflection over the same card as glare', () => {
    const c = whiteCard((x, y) => (Math.hypot(x - 31, y - 40) < 25 ? [255, 255, 255] : undefined));
    expect(measureSurface(drawFace(c), bordersOf(c), 'front', true).glareShare).toBeGreaterThan(0.3);
  });
});

describe('measureSurface', () => {
  it('reports a scratch in the art and the whole face as assessed', () => {
    const c = card(ridges([[20, 30, 30]]));
    const s = measureSurface(drawFace(c), bordersOf(c), 'front', true);
    expect(s.defects.map((d) => d.kind)).toEqual(['scratch']);
    expect(s.notAssessed).toEqual({ share: 0, reasons: [] });
  });

  it('does not search the art for scratches in a photo under 12 px/mm, and says so', () => {
    // The same scratch as above, in a 1080p-like photo of 10 pixels per mm: under a pixel wide.
    const c: DrawnCard = { ...card(ridges([[20, 30, 30]])), photoPxPerMm: 10 };
    const s = measureSurface(drawFace(c), bordersOf(c), 'front', true);
    expect(s.defects).toEqual([]);
    expect(s.notAssessed.reasons).toEqual(['low_resolution']);
    expect(s.notAssessed.share).toBeGreaterThan(0.6);
  });

  it('reports a speck in the border as a spot, and a crowd of them as texture (foil flecks, a scuffed holder)', () => {
    const one = card(specks([[30, 2]]));
    expect(measureSurface(drawFace(one), bordersOf(one), 'front', true).defects.map((d) => d.kind)).toEqual(['spot']);
    const crowd = card(
      specks([
        [30, 2],
        [31, 2.5],
        [32, 1.8],
        [30.5, 3],
        [31.8, 3.2],
      ]),
    );
    expect(measureSurface(drawFace(crowd), bordersOf(crowd), 'front', true).defects).toEqual([]);
  });

  it('takes art full of scratch-like strokes (foil, hatching) for unreadable, not scratched', () => {
    const c = card(
      ridges([
        [10, 10, 30],
        [30, 15, 120],
        [15, 40, 60],
        [35, 50, 150],
        [12, 70, 30],
        [40, 70, 60],
        [10, 25, 150],
        [40, 30, 30],
        [25, 60, 120],
      ]),
    );
    const s = measureSurface(drawFace(c), bordersOf(c), 'front', true);
    expect(s.defects).toEqual([]);
    expect(s.score).toBe(0);
    expect(s.notAssessed.reasons).toEqual(['busy_art']);
    expect(s.notAssessed.share).toBeGreaterThan(0.6);
  });

  it('takes shading in the border (a gradient, a foil sheen) for print, not a spot', () => {
    // A soft patch darker than the border, its middle past the flagging threshold: it stands out
    // of the border's colour but not of the border right around it.
    const shade = (x: number, y: number): Rgb | undefined => {
      const r = Math.hypot(x - 30, y - 2);
      const by = 60 * (1 - r / 1.5);
      return r < 1.5 ? [240 - by, 240 - by, 235 - by] : undefined;
    };
    const c = card(shade);
    expect(measureSurface(drawFace(c), bordersOf(c), 'front', true).defects).toEqual([]);
  });

  it("asks a mark in a grainy border to stand out of that face's grain", () => {
    // Blocks of grain 0.8 mm across (a JPEG's blocks at a phone's low resolution), up to 40 RGB levels either way.
    const grain = (x: number, y: number): Rgb | undefined => {
      if (x < 0.5 || y < 0.5 || x > 62.5 || y > 87.5 || (x > 4 && y > 4 && x < 59 && y < 84)) return undefined;
      const cell = Math.floor(x / 0.8) * 7919 + Math.floor(y / 0.8) * 104729;
      const v = Math.round((((cell * 2654435761) % 4096) / 4096) * 80 - 40);
      return [200 + v, 200 + v, 195 + v];
    };
    const grey = (paint: DrawnCard['paint']): DrawnCard => ({ ...card(paint), border: [200, 200, 195] });
    const c = grey(grain);
    expect(measureSurface(drawFace(c), bordersOf(c), 'front', true).defects).toEqual([]);
    // A black speck stands out of it all the same.
    const speck = (x: number, y: number): Rgb | undefined =>
      Math.hypot(x - 30, y - 2) < 0.3 ? [10, 10, 10] : undefined;
    const marked = grey((x, y) => speck(x, y) ?? grain(x, y));
    expect(measureSurface(drawFace(marked), bordersOf(marked), 'front', true).defects.map((d) => d.kind)).toEqual([
      'spot',
    ]);
  });
});

describe('lines the outline or the design draws', () => {
  /** A dark line 0.2 mm wide in the top border, 1.7 mm in from the edge, from x0 to x1 (mm). */
  const rimLine =
    (x0: number, x1: number) =>
    (x: number, y: number): Rgb | undefined =>
      y > 1.6 && y < 1.8 && x > x0 && x < x1 ? [90, 90, 90] : undefined;

  it("takes a thin line along most of a side in the border for the outline's (a sleeve's rim), not a scratch", () => {
    const rim = card(rimLine(2, 61));
    expect(measureSurface(drawFace(rim), bordersOf(rim), 'front', true).defects).toEqual([]);
    // A shorter line there is still a scratch.
    const short = card(rimLine(20, 35));
    expect(measureSurface(drawFace(short), bordersOf(short), 'front', true).defects.map((d) => d.kind)).toEqual([
      'scratch',
    ]);
  });

  /**
   * A fold's light and dark bands (0.25 mm each) along 30 mm at 30 degrees from (12, 30), over art
   * that is one colour, or (`split`) two as light as each other either side of a line through the
   * fold's middle `turn` degrees off it: along it (0, a green arm outlined against a blue-grey
   * sky), or crossing it.
   */
  const fold = (split: boolean, turn = 0) => {
    const [ux, uy] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
    const a = ((30 + turn) * Math.PI) / 180;
    return (x: number, y: number): Rgb | undefined => {
      if (x < 4 || y < 4 || x > 59 || y > 84) return undefined;
      const t = (x - 12) * ux + (y - 30) * uy;
      const d = -(x - 12) * uy + (y - 30) * ux;
      if (t >= 0 && t <= 30 && Math.abs(d) < 0.25) return d < 0 ? [225, 225, 225] : [25, 25, 25];
      if (!split) return undefined;
      const side = -(x - 12 - 15 * ux) * Math.sin(a) + (y - 30 - 15 * uy) * Math.cos(a);
      return side < 0 ? [70, 175, 70] : [150, 160, 205];
    };
  };

  it('finds a fold across one print, and takes the same pair along an edge where the print changes hue for the design', () => {
    const one = card(fold(false));
    expect(measureSurface(drawFace(one), bordersOf(one), 'front', true).creases.count).toBe(1);
    const edge = card(fold(true));
    expect(measureSurface(drawFace(edge), bordersOf(edge), 'front', true).creases.count).toBe(0);
    // A fold that runs near such an edge but crosses it (the print the same either side where it does) is a fold.
    const crossing = card(fold(true, 10));
    expect(measureSurface(drawFace(crossing), bordersOf(crossing), 'front', true).creases.count).toBe(1);
  });
});
