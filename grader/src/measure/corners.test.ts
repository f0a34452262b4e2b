import { describe, expect, it } from 'vitest';
import { measureCorners } from './corners.ts';
import { bordersOf, drawFace, type DrawnCard, type Rgb } from './test-face.ts';

const card: DrawnCard = { table: [40, 40, 45], border: [30, 60, 150], art: [200, 120, 60], borderMm: 3 };
const WHITE: [number, number, number] = [245, 245, 240];
/** The top-left corner's apex: where its bisector meets the 3 mm arc. */
const APEX = 3 - 3 / Math.SQRT2;
/** Whether (x, y) near the top-left corner lies on the card, inside its 3 mm arc: where whitening can show. */
const onTopLeftArc = (x: number, y: number) => x >= 0 && y >= 0 && (x > 3 || y > 3 || Math.hypot(x - 3, y - 3) <= 3);

const measure = (drawn: DrawnCard) => measureCorners(drawFace(drawn), bordersOf(drawn), 'front');
const view = (result: ReturnType<typeof measure>, corner: string) => result.views.find((v) => v.corner === corner)!;

describe('measureCorners', () => {
  it('grades four sharp, clean corners 10 with no defect', () => {
    const result = measure(card);
    expect(result.views.map((v) => [v.corner, v.grade])).toEqual([
      ['top-left', 10],
      ['top-right', 10],
      ['bottom-right', 10],
      ['bottom-left', 10],
    ]);
    expect(result.defects).toEqual([]);
    expect(result.cardNotFound).toBe(0);
  });

  it('measures whitening as the radius around the apex that holds it', () => {
    // Stock showing within 0.8 mm of the top-left apex.
    const result = measure({
      ...card,
      paint: (x, y) => (Math.hypot(x - APEX, y - APEX) <= 0.8 && onTopLeftArc(x, y) ? WHITE : undefined),
    });
    const worn = view(result, 'top-left');
    expect(worn.whiteningMm).toBeGreaterThan(0.65);
    expect(worn.whiteningMm).toBeLessThan(0.85);
    expect(worn.roundingMm).toBe(0);
    expect(worn.grade).toBe(8);
    expect(result.defects).toHaveLength(1);
    expect(result.defects[0]).toMatchObject({
      face: 'front',
      kind: 'corner_whitening',
      location: 'top-left corner',
      impliedGrade: 8,
    });
    expect(view(result, 'bottom-right').grade).toBe(10);
  });

  it("measures blurred whitening to where its rim is half-way from the border's colour to the stock's", () => {
    // Stock showing within 0.8 mm of the top-left apex, its rim blurred over 0.3 mm as a photo's
    // is: white within 0.65 mm, the border's blue from 0.95 mm, a mix between.
    const [white, blue] = [WHITE, card.border];
    const result = measure({
      ...card,
      paint: (x, y) => {
        const r = Math.hypot(x - APEX, y - APEX);
        if (r > 0.95 || !onTopLeftArc(x, y)) return undefined;
        const t = Math.min(1, Math.max(0, (0.95 - r) / 0.3));
        return white.map((c, i) => Math.round(blue[i]! + (c - blue[i]!) * t)) as [number, number, number];
      },
    });
    const worn = view(result, 'top-left');
    expect(worn.whiteningMm).toBeGreaterThan(0.76);
    expect(worn.whiteningMm).toBeLessThan(0.86);
  });

  it("measures whitening in a phone's shadow, where exposed stock reads light grey", () => {
    // Stock of RGB 160 (CIE L 66) within 1.5 mm of the top-left apex of a dark blue border.
    const GREY: [number, number, number] = [160, 160, 158];
    const result = measure({
      ...card,
      paint: (x, y) => (Math.hypot(x - APEX, y - APEX) <= 1.5 && onTopLeftArc(x, y) ? GREY : undefined),
    });
    expect(view(result, 'top-left').whiteningMm).toBeGreaterThan(1.3);
    expect(result.defects).toEqual([
      expect.objectContaining({ kind: 'corner_whitening', location: 'top-left corner' }),
    ]);
  });

  it("measures whitening around the corner's own arc on a card cut with tighter corners", () => {
    // The top-left corner cut to a 2.2 mm radius, stock showing within 0.9 mm of its apex
    // (0.33 mm nearer the virtual corner than the 3 mm arc's): read from the 3 mm arc's apex it
    // would measure about 0.7 mm.
    const r = 2.2;
    const apex = r - r / Math.SQRT2;
    const onTightCorner = (x: number, y: number) =>
      x >= 0 && y >= 0 && (x > r || y > r || Math.hypot(x - r, y - r) <= r);
    const result = measure({
      ...card,
      paint: (x, y) =>
        x < 3 && y < 3 && onTightCorner(x, y)
          ? Math.hypot(x - apex, y - apex) <= 0.9
            ? WHITE
            : card.border
          : undefined,
    });
    const worn = view(result, 'top-left');
    expect(worn.whiteningMm).toBeGreaterThan(0.8);
    expect(worn.whiteningMm).toBeLessThan(1);
    expect(worn.roundingMm).toBe(0);
    expect(worn.grade).toBe(8);
    expect(result.defects).toHaveLength(1);
  });

  it('leaves light print in the border out when it does not reach the outline', () => {
    // A white dot 1.5 mm in from the top-left apex, clear of the outline.
    const result = measure({ ...card, paint: (x, y) => (Math.hypot(x - 2.2, y - 2.2) <= 0.3 ? WHITE : undefined) });
    expect(view(result, 'top-left').whiteningMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('measures rounding as how far inside the 3 mm arc the outline starts', () => {
    // The bottom-right corner worn to a 4.5 mm radius: its outline lies (4.5 - 3)(sqrt 2 - 1) = 0.62 mm inside.
    const [cx, cy] = [63 - 4.5, 88 - 4.5];
    const result = measure({
      ...card,
      paint: (x, y) => (x > cx && y > cy && Math.hypot(x - cx, y - cy) > 4.5 ? card.table : undefined),
    });
    const worn = view(result, 'bottom-right');
    expect(worn.roundingMm).toBeGreaterThan(0.45);
    expect(worn.roundingMm).toBeLessThan(0.65);
    expect(worn.grade).toBe(8.5);
    expect(result.defects).toEqual([
      expect.objectContaining({ kind: 'corner_rounding', location: 'bottom-right corner' }),
    ]);
  });

  it("reads no rounding where the card's own sides beside the corner lie inside the fitted outline (a lens's bow)", () => {
    // Near the top-left corner the card lies 0.3 mm in from both fitted sides, its 3 mm arc with it.
    const onShifted = (x: number, y: number) =>
      x >= 0.3 && y >= 0.3 && (x > 3.3 || y > 3.3 || Math.hypot(x - 3.3, y - 3.3) <= 3);
    const result = measure({
      ...card,
      paint: (x, y) => (x < 15 && y < 15 && !onShifted(x, y) ? card.table : undefined),
    });
    expect(view(result, 'top-left').roundingMm).toBeLessThan(0.1);
    expect(view(result, 'top-left').grade).toBe(10);
    expect(result.defects).toEqual([]);
  });

  it('does not read rounding beside a side whose printed border was not read (art to the edge, or an outline off the card)', () => {
    // The bottom-right corner of the rounding test, the right side's border seen at 2 of its 9 stations.
    const [cx, cy] = [63 - 4.5, 88 - 4.5];
    const drawn = {
      ...card,
      paint: (x: number, y: number) => (x > cx && y > cy && Math.hypot(x - cx, y - cy) > 4.5 ? card.table : undefined),
    };
    const read = bordersOf(drawn);
    const stations = { ...read.stations, right: read.stations.right.map((v, i) => (i < 2 ? v : null)) };
    const result = measureCorners(drawFace(drawn), { ...read, stations }, 'front');
    expect(view(result, 'bottom-right')).toMatchObject({ roundingMm: 0, grade: 10, outlineAssessed: false });
    expect(view(result, 'bottom-left').outlineAssessed).toBe(true);
    expect(result.defects).toEqual([]);
  });

  it('counts a corner with no card within 5 mm as not found', () => {
    const result = measure({ ...card, paint: (x, y) => (x + y < 10 ? card.table : undefined) });
    expect(result.cardNotFound).toBe(1);
    expect(view(result, 'top-left').roundingMm).toBeGreaterThan(4.8);
  });

  it('finds the card at every corner of a wide light grey border on white paper (the border a shade of the paper)', () => {
    const grey: DrawnCard = { table: [242, 242, 238], border: [205, 205, 202], art: [200, 120, 60], borderMm: 6 };
    expect(measure(grey).cardNotFound).toBe(0);
  });

  it("finds the card at every corner of a cool grey border on warm white paper, and not on the paper's shadow", () => {
    // A sports back's grey border (L* 80, b* -3) on paper (L* 95, b* +5): no shade of the paper
    // (7.4 from the nearest), but much nearer one than the paper itself (17).
    const cool: DrawnCard = { table: [242, 240, 230], border: [196, 199, 204], art: [200, 120, 60], borderMm: 6 };
    expect(measure(cool).cardNotFound).toBe(0);
    // The outline's top-left corner put on the card's shadow on the paper (the paper at 60% of its light).
    const shadow: Rgb = [191, 189, 181];
    expect(measure({ ...cool, paint: (x, y) => (x + y < 10 ? shadow : undefined) }).cardNotFound).toBe(1);
  });

  it('reads no rounding where the card has the colour of the table', () => {
    const camouflaged = { ...card, border: card.table };
    const result = measure({ ...camouflaged, paint: (x, y) => (x + y < 10 ? card.table : undefined) });
    expect(view(result, 'top-left').roundingMm).toBe(0);
    expect(result.cardNotFound).toBe(0);
  });

  it('judges whitening against the colour at the card edge: a white rim around a coloured border is not wear', () => {
    // A 1 mm white outer border (as on a white-bordered card) around the blue border: the corners
    // are judged against white, not against the blue further in.
    const result = measure({
      ...card,
      paint: (x, y) =>
        x >= 0 && y >= 0 && x <= 63 && y <= 88 && (x < 1 || y < 1 || x > 62 || y > 87) ? WHITE : undefined,
    });
    expect(result.views.map((v) => v.grade)).toEqual([10, 10, 10, 10]);
    expect(result.defects).toEqual([]);
  });

  it('judges whitening against the rim at the outline too: a white rim narrower than where the border is read is not wear', () => {
    const result = measure({
      ...card,
      paint: (x, y) =>
        x >= 0 && y >= 0 && x <= 63 && y <= 88 && (x < 0.35 || y < 0.35 || x > 62.65 || y > 87.65) ? WHITE : undefined,
    });
    expect(result.views.map((v) => v.grade)).toEqual([10, 10, 10, 10]);
    expect(result.defects).toEqual([]);
  });

  it('leaves out a light fleck touching the side past the arc: whitening wears in from the corner', () => {
    // A white fleck 0.5 mm across at the top side, 3.2 to 3.7 mm from the top-left corner.
    const result = measure({ ...card, paint: (x, y) => (x > 3.2 && x < 3.7 && y >= 0 && y < 0.5 ? WHITE : undefined) });
    expect(view(result, 'top-left').whiteningMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it("leaves out a light band running along a side past the corner's window: it is the side's, not the corner's", () => {
    // A light strip 0.6 mm deep along the top side's first 8 mm (worn along the side, or the table
    // between a side fitted off the card and the card): it reaches past the 5 mm read at the corner.
    const result = measure({
      ...card,
      paint: (x, y) => (onTopLeftArc(x, y) && x < 8 && y < 0.6 ? WHITE : undefined),
    });
    expect(view(result, 'top-left').whiteningMm).toBe(0);
    expect(result.defects.filter((d) => d.kind === 'corner_whitening')).toEqual([]);
  });

  it('measures a worn corner joined to a light printed line along a side inside the border: the line is taken out', () => {
    // Stock within 2.2 mm of the top-left apex, and a light line 0.3 mm wide 1.8 mm in from the
    // left side, the length of the side (the rim of a frame inside the border): the patch and the
    // line are one light region running past the 5 mm read at the corner.
    const result = measure({
      ...card,
      paint: (x, y) =>
        onTopLeftArc(x, y) && (Math.hypot(x - APEX, y - APEX) <= 2.2 || (x > 1.8 && x < 2.1 && y < 20))
          ? WHITE
          : undefined,
    });
    const worn = view(result, 'top-left');
    expect(worn.whiteningMm).toBeGreaterThan(1.9);
    expect(worn.whiteningMm).toBeLessThan(2.3);
    expect(view(result, 'bottom-left').grade).toBe(10);
  });

  it('still leaves out a light line along a side joined to a corner patch when the line starts at the outline', () => {
    // The same patch, and light 0 to 0.3 mm in from the left side over its first 8 mm: a holder's
    // rim or the table beside a side fitted off the card, which the patch cannot be told from.
    const result = measure({
      ...card,
      paint: (x, y) =>
        onTopLeftArc(x, y) && (Math.hypot(x - APEX, y - APEX) <= 2.2 || (x < 0.3 && y < 8)) ? WHITE : undefined,
    });
    expect(view(result, 'top-left').whiteningMm).toBe(0);
  });

  it('measures stock only a little lighter than a grey border on a dark table, as a dim photo shows it', () => {
    // A mid-grey border (L* 54) on a near-black table; stock at L* 66 within 1.2 mm of the apex:
    // 12 L* lighter, short of the 15 ΔE the usual test asks.
    const grey: DrawnCard = { table: [20, 20, 22], border: [130, 130, 130], art: [200, 120, 60], borderMm: 3 };
    const result = measure({
      ...grey,
      paint: (x, y) => (Math.hypot(x - APEX, y - APEX) <= 1.2 && onTopLeftArc(x, y) ? [160, 160, 158] : undefined),
    });
    expect(view(result, 'top-left').whiteningMm).toBeGreaterThan(1.0);
    expect(view(result, 'top-right').grade).toBe(10);
    // On a light table, the same patch could be the table seen past an outline fitted short: not read.
    const onLight = measure({
      ...grey,
      table: [235, 235, 230],
      paint: (x, y) => (Math.hypot(x - APEX, y - APEX) <= 1.2 && onTopLeftArc(x, y) ? [160, 160, 158] : undefined),
    });
    expect(view(onLight, 'top-left').whiteningMm).toBe(0);
  });

  it('at a low resolution, leaves out a speck on the arc smaller than 2 by 2 of the photo pixels', () => {
    // Stock showing within 0.45 mm of the top-left apex: at 6 px/mm, past the outline's blur
    // (0.27 mm) it covers less than 2 by 2 of the photo's pixels.
    const speck: DrawnCard = {
      ...card,
      paint: (x, y) => (Math.hypot(x - APEX, y - APEX) <= 0.45 && onTopLeftArc(x, y) ? WHITE : undefined),
    };
    expect(view(measure(speck), 'top-left').whiteningMm).toBeGreaterThan(0);
    const coarse = measure({ ...speck, photoPxPerMm: 6 });
    expect(view(coarse, 'top-left').whiteningMm).toBe(0);
    expect(coarse.defects).toEqual([]);
  });

  describe('on a white border', () => {
    // A white-bordered card on a mid-grey table, its border printed in an off-white (CIE L 94).
    const white: DrawnCard = { table: [110, 110, 115], border: [238, 236, 228], art: [60, 90, 140], borderMm: 3 };
    /** A steady pseudo-random grain of +-`amount` levels at (x, y): the photo's noise, or fibre. */
    const grain = (x: number, y: number, amount: number) => {
      const h = Math.sin(x * 12.9898 * 16 + y * 78.233 * 16) * 43758.5453;
      return Math.round((h - Math.floor(h) - 0.5) * 2 * amount);
    };
    const grainy =
      (amount: number, wear?: (x: number, y: number) => Rgb | undefined) =>
      (x: number, y: number): Rgb | undefined => {
        const worn = wear?.(x, y);
        if (worn) return worn;
        if (!onTopLeftArc(x, y) || x > 3 || y > 3) return undefined;
        const g = grain(x, y, amount);
        return [238 + g, 236 + g, 228 + g];
      };
    // Exposed fibre: brighter and cooler than the ink, and mottled where the ink is smooth.
    const fibre = (radius: number) => (x: number, y: number) =>
      Math.hypot(x - APEX, y - APEX) <= radius && onTopLeftArc(x, y)
        ? ((g) => [247 + g, 248 + g, 249 + g] as Rgb)(grain(x, y, 6))
        : undefined;
    // A holder's haze or a glint: as light as fibre within `radius` of the apex, fading out over
    // 0.8 mm, and as smooth as the ink.
    const haze = (radius: number) => (x: number, y: number) => {
      const r = Math.hypot(x - APEX, y - APEX);
      if (r > radius + 0.4 || !onTopLeftArc(x, y)) return undefined;
      const t = Math.min(1, (radius + 0.4 - r) / 0.8);
      const g = grain(x, y, 1);
      return [238 + 9 * t + g, 236 + 12 * t + g, 228 + 21 * t + g].map(Math.round) as Rgb;
    };
    // A ruled paper's line or a holder's rim across the corner, 0.2 mm wide.
    const line = (x: number, y: number) =>
      Math.abs(x + y - 2.2) < 0.14 && onTopLeftArc(x, y) ? ([60, 70, 120] as Rgb) : undefined;

    it('measures worn fibre, rougher than the ink and only a few ΔE off it, which the usual test (15 ΔE lighter) cannot see', () => {
      const result = measure({ ...white, paint: grainy(1, fibre(0.8)) });
      const worn = view(result, 'top-left');
      expect(worn.whiteningMm).toBeGreaterThan(0.7);
      expect(worn.whiteningMm).toBeLessThan(0.9);
      expect(worn.grade).toBeLessThanOrEqual(8.5);
      expect(result.defects).toEqual([
        expect.objectContaining({ kind: 'corner_whitening', location: 'top-left corner' }),
      ]);
    });

    it("does not read a patch as light as fibre but as smooth as the ink (a holder's haze)", () => {
      const result = measure({ ...white, paint: grainy(1, haze(0.8)) });
      expect(view(result, 'top-left').whiteningMm).toBe(0);
      expect(result.defects).toEqual([]);
    });

    it("does not read the rough edges of a dark line across the corner (ruled paper, a holder's rim)", () => {
      const result = measure({ ...white, paint: grainy(1, line) });
      expect(view(result, 'top-left').whiteningMm).toBe(0);
      expect(result.defects).toEqual([]);
    });

    it("does not read it where the card cannot be told from the table beyond its corner (the outline's place is unsure)", () => {
      // White paper a shade off the border: an outline found on the card's shadow would put the
      // paper, and the card's own rough arc, inside the corner read.
      const onPaper = measure({ ...white, table: [244, 242, 236], paint: grainy(1, fibre(0.8)) });
      expect(view(onPaper, 'top-left').whiteningMm).toBe(0);
      expect(onPaper.defects).toEqual([]);
      // ...and says so: the report warns that these corners were not read.
      expect(view(onPaper, 'top-left').whiteningUnread).toBe('background');
    });

    it('does not read it below 12 photo pixels per mm, where the light falloff and the grain outweigh it', () => {
      const result = measure({ ...white, paint: grainy(1, fibre(0.8)), photoPxPerMm: 8 });
      expect(view(result, 'top-left').whiteningMm).toBe(0);
      expect(view(result, 'top-left').whiteningUnread).toBe('resolution');
      // Read at 12 and over; a coloured border's whitening is read at any resolution.
      expect(view(measure({ ...white, paint: grainy(1, fibre(0.8)) }), 'top-left').whiteningUnread).toBeUndefined();
      expect(view(measure({ ...card, photoPxPerMm: 8 }), 'top-left').whiteningUnread).toBeUndefined();
    });

    it("reads a clean white corner's grain as no wear", () => {
      const result = measure({ ...white, paint: grainy(3) });
      expect(view(result, 'top-left').whiteningMm).toBe(0);
      expect(result.defects).toEqual([]);
    });
  });

  describe('a light line at a corner', () => {
    /** Whether (x, y) lies within `half` mm of the segment from (ax, ay) to (bx, by). */
    const nearSegment = (x: number, y: number, [ax, ay, bx, by]: number[], half: number) => {
      const [dx, dy] = [bx! - ax!, by! - ay!];
      const t = Math.max(0, Math.min(1, ((x - ax!) * dx + (y - ay!) * dy) / (dx * dx + dy * dy)));
      return Math.hypot(x - ax! - t * dx, y - ay! - t * dy) <= half;
    };
    const lined = (segment: number[], half = 0.08) =>
      measure({
        ...card,
        paint: (x, y) => (onTopLeftArc(x, y) && nearSegment(x, y, segment, half) ? WHITE : undefined),
      });

    it('is not whitening where it runs across the corner to the arc (a holo or etched line, a ray of the art)', () => {
      // From the apex into the card at 20 degrees to the top side, 2.5 mm long.
      const a = (20 * Math.PI) / 180;
      const result = lined([APEX, APEX, APEX + 2.5 * Math.cos(a), APEX + 2.5 * Math.sin(a)]);
      expect(view(result, 'top-left').whiteningMm).toBe(0);
      expect(result.defects).toEqual([]);
    });

    it('is not whitening where it runs on past the arc along a side (a sleeve or rim edge on the card)', () => {
      const result = lined([0.4, 1.2, 0.4, 4.2]);
      expect(view(result, 'top-left').whiteningMm).toBe(0);
      expect(result.defects).toEqual([]);
    });

    it('is whitening where it is a crescent worn along the arc itself', () => {
      // 0.4 mm deep along 60 degrees of the arc about its apex.
      const result = measure({
        ...card,
        paint: (x, y) => {
          const r = Math.hypot(x - 3, y - 3);
          const angle = (Math.atan2(y - 3, x - 3) * 180) / Math.PI;
          return onTopLeftArc(x, y) && r > 2.6 && angle > -165 && angle < -105 ? WHITE : undefined;
        },
      });
      expect(view(result, 'top-left').whiteningMm).toBeGreaterThan(0.5);
      expect(result.defects).toEqual([
        expect.objectContaining({ kind: 'corner_whitening', location: 'top-left corner' }),
      ]);
    });
  });
});
