import { describe, expect, it } from 'vitest';
import { centeringOf, measureBorders } from './centering.ts';
import { bordersOf, drawFace, type Rgb } from './test-face.ts';

const TABLE: Rgb = [40, 40, 45];
const WIDTH = 63;
const HEIGHT = 88;

interface Design {
  border: Rgb;
  art: Rgb;
  /** Border widths (mm) from each edge to the design. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** What is drawn over the card at (x, y) mm, if anything: a bevel, glare, art to the edge. */
  over?: (x: number, y: number, inDesign: boolean) => Rgb | undefined;
  /** The photo's resolution the face was rectified from (px per mm). */
  photoPxPerMm?: number;
}

/** A card drawn from a design: the border, the design inside it, and what lies over them. */
function draw(d: Design) {
  return drawFace({
    table: TABLE,
    border: d.border,
    art: d.art,
    borderMm: 3,
    photoPxPerMm: d.photoPxPerMm,
    paint: (x, y) => {
      if (x < 0 || y < 0 || x > WIDTH || y > HEIGHT) return undefined;
      const inDesign = x > d.left && x < WIDTH - d.right && y > d.top && y < HEIGHT - d.bottom;
      return d.over?.(x, y, inDesign) ?? (inDesign ? d.art : d.border);
    },
  });
}

/**
 * A design whose colour is a function of u, the signed distance (mm) into the design from its
 * nearest edge (negative in the border): an edge's whole profile, the same on every side.
 */
function bordersWithEdgeProfile(
  widths: { left: number; right: number; top: number; bottom: number },
  colourAt: (u: number) => Rgb,
): Design {
  const inward = (x: number, y: number) =>
    Math.min(x - widths.left, WIDTH - widths.right - x, y - widths.top, HEIGHT - widths.bottom - y);
  return {
    border: colourAt(-10),
    art: colourAt(10),
    ...widths,
    over: (x, y) => colourAt(inward(x, y)),
  };
}

const measure = (d: Design, face: 'front' | 'back' = 'front') => centeringOf(measureBorders(draw(d)), face);
const larger = (a: number, b: number) => (100 * Math.max(a, b)) / (a + b);

const BLUE: Rgb = [30, 60, 150];
const ART: Rgb = [200, 120, 60];
const WHITE: Rgb = [240, 240, 236];
/** A white-bordered card: 3 mm of white all round (4 at the bottom), then a light grey frame. */
const WHITE_BORDERED: Design = { border: WHITE, art: [196, 194, 186], left: 3, right: 3, top: 3, bottom: 4 };

describe('centering', () => {
  it('measures each border from the edge to the design', () => {
    const result = measure({ border: BLUE, art: ART, left: 2, right: 4, top: 3, bottom: 3.6 });
    expect(result.measurable).toBe(true);
    expect(result.leftRight![0]).toBeCloseTo(larger(2, 4), 0);
    expect(result.topBottom![0]).toBeCloseTo(larger(3, 3.6), 0);
  });

  it("ends a white border at a light frame's strip that runs the whole side, though a white title bar follows it", () => {
    // Along the top the frame is a 0.8 mm strip above a white title bar 4 mm tall, the border's colour come back.
    const result = measure({
      ...WHITE_BORDERED,
      over: (x, y, inDesign) => (inDesign && y > 3.8 && y < 7.8 && x > 4 && x < WIDTH - 4 ? WHITE : undefined),
    });
    expect(result.measurable).toBe(true);
    expect(result.topBottom![0]).toBeCloseTo(larger(3, 4), 0);
  });

  it('does not take a line of small print in the border, under part of the side, for the frame', () => {
    // A grey credit line 0.6 mm tall, 1.2 mm in, under the middle third of the bottom.
    const result = measure({
      ...WHITE_BORDERED,
      over: (x, y, inDesign) =>
        !inDesign && y > HEIGHT - 1.8 && y < HEIGHT - 1.2 && x > 21 && x < 42 ? WHITE_BORDERED.art : undefined,
    });
    expect(result.topBottom![0]).toBeCloseTo(larger(3, 4), 0);
  });

  it("skips the dark halo a phone's sharpening leaves on a dark border just before a light design", () => {
    // 1080p: 5.5 photo pixels per mm. The last photo pixel of the blue border before the light
    // design is pushed darker, as a 3 x 3 unsharp mask leaves it.
    const halo = 1 / 5.5;
    const d = { left: 1.5, right: 4.5, top: 3, bottom: 3.6 };
    const result = measure({
      border: BLUE,
      art: [150, 190, 240],
      ...d,
      photoPxPerMm: 5.5,
      over: (x, y, inDesign) => {
        if (inDesign) return undefined;
        const into = Math.min(x - d.left, WIDTH - d.right - x, y - d.top, HEIGHT - d.bottom - y);
        return into > -halo && x > d.left - halo && x < WIDTH - d.right + halo ? [12, 30, 105] : undefined;
      },
    });
    expect(result.measurable).toBe(true);
    expect(Math.abs(result.leftRight![0] - larger(1.5, 4.5))).toBeLessThan(0.4);
    expect(Math.abs(result.topBottom![0] - larger(3, 3.6))).toBeLessThan(0.4);
  });

  it("ends a bevelled frame's border at its shaded line, a few ΔE darker than the frame", () => {
    // A dark brown frame 2.5 mm wide all round; the design's edge is drawn as a 0.25 mm line,
    // lit on the top and left, shaded on the bottom and right (ΔE about 6 below the frame).
    const frame: Rgb = [62, 38, 24];
    const shade: Rgb = [50, 30, 18];
    const lit: Rgb = [190, 160, 130];
    const d = 2.5;
    const result = measure({
      border: frame,
      art: [190, 120, 70],
      left: d,
      right: d,
      top: d,
      bottom: d,
      over: (x, y, inDesign) => {
        if (!inDesign) return undefined;
        if (x < d + 0.25 || y < d + 0.25) return lit;
        if (x > WIDTH - d - 0.25 || y > HEIGHT - d - 0.25) return shade;
        return undefined;
      },
    });
    expect(result.measurable).toBe(true);
    expect(result.leftRight![0]).toBeLessThan(50.5);
    expect(result.topBottom![0]).toBeLessThan(50.5);
  });

  it("ends the border at a bevel's shaded line fainter than a step (ΔE about 3), the same at every station", () => {
    // The shaded line (0.3 mm, bottom and right) is nearly the frame's dark colour; the design's
    // bright field begins past it. The border ends where the line begins.
    const frame: Rgb = [57, 66, 87];
    const shade: Rgb = [62, 70, 87];
    const d = 2.6;
    const result = measure({
      border: frame,
      art: [130, 145, 176],
      left: d,
      right: d,
      top: d,
      bottom: d,
      over: (x, y, inDesign) => (inDesign && (x > WIDTH - d - 0.3 || y > HEIGHT - d - 0.3) ? shade : undefined),
    });
    expect(result.measurable).toBe(true);
    expect(result.leftRight![0]).toBeLessThan(50.6);
    expect(result.topBottom![0]).toBeLessThan(50.6);
  });

  it('does not take the foot of a step that rises over half a millimetre for a shaded line', () => {
    // The design's edge blurred into a ramp 0.5 mm wide on every side: its half-way point is the edge.
    const border: Rgb = [26, 18, 11];
    const field: Rgb = [90, 60, 35];
    const widths = { left: 2, right: 4, top: 3, bottom: 3 };
    const ramp = (t: number): Rgb =>
      border.map((c, i) => Math.round(c + (field[i]! - c) * Math.min(1, Math.max(0, t)))) as Rgb;
    const result = measure({
      border,
      art: field,
      left: 0,
      right: 0,
      top: 0,
      bottom: 0,
      over: (x, y) => {
        const inward = Math.min(x - widths.left, WIDTH - widths.right - x, y - widths.top, HEIGHT - widths.bottom - y);
        return ramp(0.5 + inward / 0.5);
      },
      photoPxPerMm: 6,
    });
    expect(result.measurable).toBe(true);
    expect(result.leftRight![0]).toBeCloseTo(larger(2, 4), 0);
    expect(result.topBottom![0]).toBeCloseTo(50, 0);
  });

  it("places a dark line's edge past the light fringe that sharpening leaves before it, though the field beyond is light", () => {
    // A 1080p photo's profile into a bevel's dark line: the grey border lifted for 1.5 photo
    // pixels (0.17 mm) just before the line, falling over 0.09 mm into it, the line, then rising
    // over 0.12 mm to a light field 0.32 mm past the edge (u = 0, where the fall is half-way).
    const widths = { left: 2, right: 4, top: 3, bottom: 3 };
    const grey = (v: number): Rgb => [v, v, v];
    const ramp = (u: number, from: number, to: number, a: number, b: number) =>
      grey(Math.round(a + ((u - from) / (to - from)) * (b - a)));
    const result = measure({
      ...bordersWithEdgeProfile(widths, (u) =>
        u < -0.2
          ? grey(105)
          : u < -0.03
            ? grey(120)
            : u < 0.06
              ? ramp(u, -0.03, 0.06, 120, 55)
              : u < 0.2
                ? grey(55)
                : u < 0.32
                  ? ramp(u, 0.2, 0.32, 55, 190)
                  : grey(190),
      ),
      photoPxPerMm: 8.6,
    });
    expect(result.measurable).toBe(true);
    expect(Math.abs(result.leftRight![0] - larger(2, 4))).toBeLessThan(0.8);
  });

  it("does not take a bevel's thin dark line before a light field for a sharpening halo", () => {
    // The line is 0.18 mm (1.5 photo pixels at 8.6 px per mm) and half as dark below the border
    // as the field beyond is light above it: a halo is much fainter than the step it rings beside.
    const grey = (v: number): Rgb => [v, v, v];
    const result = measure({
      ...bordersWithEdgeProfile({ left: 2, right: 4, top: 3, bottom: 3 }, (u) =>
        u < 0 ? grey(105) : u < 0.18 ? grey(40) : grey(200),
      ),
      photoPxPerMm: 8.6,
    });
    expect(result.measurable).toBe(true);
    expect(Math.abs(result.leftRight![0] - larger(2, 4))).toBeLessThan(0.8);
  });

  it("places the frame where a bevel's dark line begins, when only some stations see it against the border", () => {
    // The right border is 3.5 mm; inside it the design's edge is a 0.3 mm dark line. Where the
    // frame's mottle lifts the line off the border's colour (around four of the nine stations) it
    // shows; elsewhere it is the border's own colour, and those stations read its far side.
    const frame: Rgb = [62, 38, 24];
    const line: Rgb = [40, 22, 12];
    const d = { left: 2, right: 3.5, top: 3, bottom: 3 };
    const seenAt = [0, 2, 4, 6].map((i) => HEIGHT * (0.15 + (0.7 * i) / 8));
    const result = measure({
      border: frame,
      art: [190, 120, 70],
      ...d,
      over: (x, y, inDesign) => {
        if (!inDesign || x < WIDTH - d.right - 0.3) return undefined;
        return seenAt.some((at) => Math.abs(y - at) < 1.5) ? line : frame;
      },
    });
    expect(result.measurable).toBe(true);
    expect(Math.abs(result.leftRight![0] - larger(2, 3.5))).toBeLessThan(0.5);
  });

  it("places the frame at a bevel's shaded line of the border's own colour, the width of its lit line across the card", () => {
    // A bevelled frame lit from the top left: a 0.3 mm light line inside the top and left edges of
    // the design, and along the right and bottom the shaded line, printed as dark as the border,
    // which no station can tell from it.
    const frame: Rgb = [62, 38, 24];
    const lit: Rgb = [200, 170, 140];
    const d = { left: 2.4, right: 2.4, top: 2, bottom: 3 };
    const bevelled = (litAllRound: boolean): Design => ({
      border: frame,
      art: [150, 95, 55],
      ...d,
      over: (x, y, inDesign) => {
        if (!inDesign) return undefined;
        if (x < d.left + 0.3 || y < d.top + 0.3) return lit;
        if (x > WIDTH - d.right - 0.3 || y > HEIGHT - d.bottom - 0.3) return litAllRound ? lit : frame;
        return undefined;
      },
    });
    const result = measure(bevelled(false));
    expect(result.measurable).toBe(true);
    expect(Math.abs(result.leftRight![0] - 50)).toBeLessThan(0.6);
    expect(Math.abs(result.topBottom![0] - larger(2, 3))).toBeLessThan(0.6);
    // A light line along all four sides is the design's own, and moves no side.
    const lined = measure(bevelled(true));
    expect(Math.abs(lined.leftRight![0] - 50)).toBeLessThan(0.6);
    expect(Math.abs(lined.topBottom![0] - larger(2, 3))).toBeLessThan(0.6);
  });

  it("finds a back's faint panel inside a white border", () => {
    const result = measure(
      { border: [246, 246, 244], art: [234, 232, 226], left: 2.4, right: 4, top: 3, bottom: 3 },
      'back',
    );
    expect(result.measurable).toBe(true);
    expect(result.leftRight![0]).toBeCloseTo(larger(2.4, 4), 0);
  });

  it("is not moved by a sharpening halo: a faint dark ring 0.1 mm wide just outside the design's edge", () => {
    const white: Rgb = [240, 240, 236];
    const halo: Rgb = [222, 222, 218];
    const result = measure({
      border: white,
      art: [40, 60, 120],
      left: 3,
      right: 3,
      top: 3,
      bottom: 2.5,
      over: (x, y) => (y > HEIGHT - 2.4 && y < HEIGHT - 2.3 ? halo : undefined),
    });
    expect(result.measurable).toBe(true);
    expect(result.topBottom![0]).toBeCloseTo(larger(3, 2.5), 0);
  });

  it('skips the stations under glare and measures the face from the others', () => {
    // Glare whitens a 14 mm stretch of the right side, border and art alike.
    const result = measure({
      border: BLUE,
      art: ART,
      left: 3,
      right: 2,
      top: 3,
      bottom: 3,
      over: (x, y) => (x > 45 && y > 40 && y < 54 ? [250, 250, 250] : undefined),
    });
    expect(result.measurable).toBe(true);
    expect(result.leftRight![0]).toBeCloseTo(larger(3, 2), 0);
  });

  it("says a face is not measurable where one side's border has another colour: a holder's rim read as that border", () => {
    // The outline found runs along a slab well's grey rim on the left: 1.2 mm of grey, then the
    // card's blue border. The left 'border' would read 1.2 mm, the right 3 mm (a 71/29 share).
    const rim: Rgb = [120, 120, 124];
    const result = measure({
      border: BLUE,
      art: ART,
      left: 1.2,
      right: 3,
      top: 3,
      bottom: 3,
      over: (x, y, inDesign) => (x < 1.2 ? rim : !inDesign || x < 3 ? BLUE : undefined),
    });
    expect(result.measurable).toBe(false);
    expect(result.reason).toMatch(/one colour all round.*left/);
  });

  it("measures a white border whose bottom lies in the phone's shadow, at 45% of the light", () => {
    const shaded: Rgb = [172, 172, 169];
    const result = measure({
      ...WHITE_BORDERED,
      over: (x, y, inDesign) => (!inDesign && y > HEIGHT - 6 ? shaded : undefined),
    });
    expect(result.measurable).toBe(true);
    expect(result.topBottom![0]).toBeCloseTo(larger(3, 4), 0);
  });

  it('says a face printed to the edge is not measurable, and why', () => {
    // Art to the edge: colour changes along every side and across it.
    const stripes = (x: number, y: number): Rgb => {
      const v = Math.floor(x / 4 + y / 5) % 3;
      return v === 0 ? [200, 60, 40] : v === 1 ? [40, 160, 90] : [230, 210, 60];
    };
    const result = measure({
      border: BLUE,
      art: ART,
      left: 3,
      right: 3,
      top: 3,
      bottom: 3,
      over: (x, y) => stripes(x, y),
    });
    expect(result.measurable).toBe(false);
    expect(result.reason).toMatch(/border/);
  });
});

describe('centering from the stations read', () => {
  /** Borders read as given per station (mm) on a photo of the given resolution; top and bottom 3 mm. */
  const read = (left: number[], right: number[], photoPxPerMm: number) => {
    const borders = bordersOf({ table: TABLE, border: BLUE, art: ART, borderMm: 3 });
    return centeringOf({ ...borders, stations: { ...borders.stations, left, right }, photoPxPerMm }, 'front');
  };
  const STATIONS = 9;
  const level = (mm: number) => Array<number>(STATIONS).fill(mm);

  it('reads the share from the line through the stations, not from the station read furthest off', () => {
    // Readings a fifth of a pixel apart at 8 px per mm: the left border is 3.05 mm.
    const result = read(
      Array.from({ length: STATIONS }, (_, i) => (i % 2 ? 3.1 : 3.0)),
      level(3),
      8,
    );
    expect(result.measurable).toBe(true);
    expect(result.leftRight![0]).toBeCloseTo(larger(3.05, 3), 1);
  });

  it('keeps a tilt that stands out of the scatter: a print turned on the sheet is off-centre at one end', () => {
    const tilt = Array.from({ length: STATIONS }, (_, i) => 2.7 + (0.6 * i) / (STATIONS - 1));
    const result = read(tilt, [...tilt].reverse(), 8);
    expect(result.leftRight![0]).toBeCloseTo(larger(3.3, 2.7), 1);
  });

  it("says a face is not measurable when a side's stations scatter far beyond the photo's pixel", () => {
    // A bevel's faint line read at some stations and missed at others: 0.3 mm apart at 20 px per mm.
    const result = read(
      Array.from({ length: STATIONS }, (_, i) => (i % 3 ? 3.0 : 3.3)),
      level(3),
      20,
    );
    expect(result.measurable).toBe(false);
    expect(result.reason).toMatch(/left edge.*uncertain/);
  });

  it('does not take a border read under a millimetre as read: the outline there may lie off the card', () => {
    // Zoo tuning seed 43's back: the outline's top on a penny sleeve 3 mm past the card, the step
    // read 0.4 mm in; 29.8 points of share off. A border of 1.2 mm (a card cut 70/30) is read.
    const narrow = read(level(0.8), level(3), 12);
    expect(narrow.measurable).toBe(false);
    expect(narrow.reason).toMatch(/left edge reads under 1 mm.*outline/);
    const offCentre = read(level(1.2), level(2.8), 12);
    expect(offCentre.measurable).toBe(true);
    expect(offCentre.leftRight![0]).toBeCloseTo(larger(2.8, 1.2), 1);
  });

  it('allows a scatter of a fraction of the pixel on a coarse photo, not on a sharp one', () => {
    // Stations a pixel apart at 5 px per mm: where the edge spreads over pixels, within reading.
    const left = Array.from({ length: STATIONS }, (_, i) => (i % 3 ? 3.0 : 3.2));
    expect(read(left, level(3), 5).measurable).toBe(true);
    expect(read(left, level(3), 20).measurable).toBe(false);
  });
});
