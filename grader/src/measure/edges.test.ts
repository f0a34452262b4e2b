import { describe, expect, it } from 'vitest';
import { measureEdges, sustainedDips, type EdgeSample } from './edges.ts';
import { bordersOf, drawFace, type DrawnCard } from './test-face.ts';

const card: DrawnCard = { table: [40, 40, 45], border: [30, 60, 150], art: [200, 120, 60], borderMm: 3 };
const WHITE: [number, number, number] = [245, 245, 240];

const measure = (drawn: DrawnCard) => measureEdges(drawFace(drawn), bordersOf(drawn), 'back');
const view = (result: ReturnType<typeof measure>, side: string) => result.views.find((v) => v.side === side)!;
/** Stock showing only 0.1 mm deep along 6 mm of the top side: a hairline within the outline's blur. */
const hairlineOnTop = (drawn: DrawnCard) =>
  measure({ ...drawn, paint: (x, y) => (y >= 0 && y < 0.1 && x > 20 && x < 26 ? WHITE : undefined) });

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
    expect(result.defects).toEqual([
      expect.objectContaining({ face: 'back', kind: 'edge_chip', location: 'right edge' }),
    ]);
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

  // Within the outline's blur no mix of card and table is lighter than the lighter of the two:
  // a blue border on a darker table, a black border on a grey desk.
  it.each([
    ['a coloured border on a darker table', card],
    ['a dark border on a lighter table', { ...card, table: [150, 150, 150], border: [20, 20, 25] } as DrawnCard],
  ])('reads a hairline of whitening at the very edge of %s', (_, drawn) => {
    const result = hairlineOnTop(drawn);
    const top = view(result, 'top');
    expect(top.lengthMm).toBeGreaterThan(5.8);
    expect(top.lengthMm).toBeLessThan(6.2);
    expect(result.defects).toEqual([expect.objectContaining({ kind: 'edge_whitening', location: 'top edge' })]);
  });

  // Worn stock a photo pixel or two deep beside a black border is blurred with it: it reads far
  // lighter than the border (zoo seed 329: L 50 to 70 against 6) but short of stock's own L 78.
  const black: DrawnCard = { ...card, table: [35, 45, 80], border: [15, 15, 18] };
  const greyOnTop = (grey: number) =>
    measure({ ...black, paint: (x, y) => (y >= 0 && y < 0.2 && x > 20 && x < 26 ? [grey, grey, grey] : undefined) });
  it('reads blurred worn stock at the edge of a black border as whitening, though darker than stock', () => {
    // sRGB 150 grey: L* about 62, 56 over the border.
    const result = greyOnTop(150);
    const top = view(result, 'top');
    expect(top.lengthMm).toBeGreaterThan(5.8);
    expect(top.lengthMm).toBeLessThan(6.2);
    expect(result.defects).toEqual([expect.objectContaining({ kind: 'edge_whitening', location: 'top edge' })]);
  });

  it('does not read a dark grey line at the edge of a black border as whitening', () => {
    // sRGB 80 grey: L* about 34, under 40 over the border (a shadow's rim, a dark sleeve edge).
    const result = greyOnTop(80);
    expect(view(result, 'top').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('does not read a hairline at the edge of a dark border that is no lighter than the table beside it', () => {
    // On white paper a light line within the outline's blur may be the paper: not read.
    const onPaper: DrawnCard = { ...card, table: [235, 235, 230], border: [20, 20, 25] };
    const result = hairlineOnTop(onPaper);
    expect(view(result, 'top').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('does not read a light hairline at the edge of a grey border as whitening: a sharpening halo looks the same', () => {
    const grey: DrawnCard = { ...card, border: [150, 150, 150] };
    const result = hairlineOnTop(grey);
    expect(view(result, 'top').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('leaves out light print in the border that does not touch the outline', () => {
    // A white line from 0.5 to 0.7 mm in from the bottom side, with border between it and the outline.
    const result = measure({
      ...card,
      paint: (x, y) => (y > 88 - 0.7 && y < 88 - 0.5 && x > 20 && x < 40 ? WHITE : undefined),
    });
    expect(view(result, 'bottom').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('measures material missing against a straight line through the side, so a side set in whole is no chip', () => {
    // The whole left side 0.4 mm inside where detection put it.
    const result = measure({ ...card, paint: (x) => (x < 0.4 ? card.table : undefined) });
    expect(view(result, 'left').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('judges the outline against what lies beside it: a sleeve edge along most of a side is not the card', () => {
    // A grey table with a sleeve's faint light edge along the card's left side from 10 mm down,
    // the rest of that side bare: where the table begins is the card's edge all along.
    const table: [number, number, number] = [150, 150, 155];
    const sleeveEdge: [number, number, number] = [185, 185, 190];
    const result = measure({
      ...card,
      table,
      paint: (x, y) => (x >= -0.3 && x < 0 && y > 10 && y < 88 ? sleeveEdge : undefined),
    });
    expect(view(result, 'left').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('does not read an outline that wanders all along a side (a sleeve, a blurred photo) as chips', () => {
    // The right side's outline 0 to 0.4 mm in, changing every 0.5 mm down the side.
    const wander = (y: number) => ((Math.floor(y / 0.5) * 7) % 5) * 0.1;
    const result = measure({
      ...card,
      paint: (x, y) => (x > 63 - wander(y) && x <= 63 && y > 3 && y < 85 ? card.table : undefined),
    });
    expect(view(result, 'right').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('reads the table beside each stretch of a side, not one colour for the face (a playmat)', () => {
    // A yellow print on the dark mat beside most of the right side.
    const print: [number, number, number] = [200, 190, 60];
    const result = measure({ ...card, paint: (x, y) => (x > 63 && y > 10 && y < 65 ? print : undefined) });
    expect(view(result, 'right').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('judges wear against the colour at the card edge: a thin white rim around a coloured border is not whitening', () => {
    const result = measure({ ...card, paint: (x, y) => (onCardRim(x, y, 1) ? WHITE : undefined) });
    expect(result.views.map((v) => v.lengthMm)).toEqual([0, 0, 0, 0]);
    expect(result.defects).toEqual([]);
  });

  it('does not read the soft rim of light type in the border as the table showing through', () => {
    // A black border on a grey table; a white rule 0.45 to 0.55 mm in along 10 mm of the bottom,
    // its anti-aliased rim the grey of the table.
    const dark: DrawnCard = { table: [128, 128, 130], border: [20, 20, 20], art: [200, 120, 60], borderMm: 3 };
    const depth = (y: number) => 88 - y;
    const result = measure({
      ...dark,
      paint: (x, y) =>
        x > 20 && x < 30 && depth(y) > 0.38 && depth(y) < 0.62
          ? depth(y) > 0.44 && depth(y) < 0.56
            ? WHITE
            : dark.table
          : undefined,
    });
    expect(view(result, 'bottom').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('does not assess chips where a ruled line on the table runs along the side', () => {
    // A red rule 0.6 to 0.8 mm outside the bottom side, from 10 to 30 mm along.
    const rule: [number, number, number] = [200, 60, 60];
    const result = measure({ ...card, paint: (x, y) => (y > 88.6 && y < 88.8 && x > 10 && x < 30 ? rule : undefined) });
    expect(view(result, 'bottom').notAssessedMm).toBeGreaterThan(18);
    expect(view(result, 'bottom').notAssessedMm).toBeLessThan(22);
    expect(view(result, 'top').notAssessedMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('does not assess chips where art runs to the edge, and says how much it left out', () => {
    // Art to the edge whose colour near the left edge is the table's: not a chip, not assessed.
    const drawn = { ...card, paint: (x: number) => (x > 0 && x < 0.5 ? card.table : undefined) };
    const borders = { ...bordersOf(drawn), uniform: { top: true, right: true, bottom: true, left: false } };
    const result = measureEdges(drawFace(drawn), borders, 'back');
    expect(view(result, 'left').lengthMm).toBe(0);
    expect(view(result, 'left').notAssessedMm).toBeGreaterThan(80);
    expect(view(result, 'right').notAssessedMm).toBe(0);
  });

  it('where art runs to the edge, reads a light fleck shorter than a millimetre as print, a longer stretch as whitening', () => {
    // The left side's art not one colour: a light sparkle or etched line of foil meets the edge
    // 0.6 mm long, 0.3 mm deep; worn stock runs 2 mm along it.
    const fleck = (x: number, y: number, from: number, to: number) => x >= 0 && x < 0.3 && y > from && y < to;
    const drawn = {
      ...card,
      paint: (x: number, y: number) => (fleck(x, y, 30, 30.6) || fleck(x, y, 60, 62) ? WHITE : undefined),
    };
    const borders = { ...bordersOf(drawn), uniform: { top: true, right: true, bottom: true, left: false } };
    const result = measureEdges(drawFace(drawn), borders, 'back');
    expect(view(result, 'left').lengthMm).toBeGreaterThan(1.8);
    expect(view(result, 'left').lengthMm).toBeLessThan(2.2);
    expect(result.defects).toEqual([expect.objectContaining({ kind: 'edge_whitening', location: 'left edge' })]);
    expect(result.defects[0]!.positionMm.y).toBeCloseTo(61, 0);
  });

  it('does not read white paper inside a side fitted outside a dark card as whitening where the outline does not show', () => {
    // A black-bordered card on white paper whose right side was fitted 0.5 mm outside its edge,
    // that side's border not read as one colour (so its outline is not searched for): the paper
    // lies in the strip where whitening is read.
    const dark: DrawnCard = { table: WHITE, border: [25, 22, 20], art: [90, 60, 140], borderMm: 3 };
    const drawn = { ...dark, paint: (x: number, y: number) => (x > 62.5 && y > 0 && y < 88 ? WHITE : undefined) };
    const borders = { ...bordersOf(drawn), uniform: { top: true, right: false, bottom: true, left: true } };
    const result = measureEdges(drawFace(drawn), borders, 'back');
    expect(view(result, 'right').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('judges wear against the rim at the outline: a white rim narrower than where the border is read is not whitening', () => {
    // 0.35 mm of white at the card's edge (a silver or white rim, a holder's light edge on it).
    const result = measure({ ...card, paint: (x, y) => (onCardRim(x, y, 0.35) ? WHITE : undefined) });
    expect(result.views.map((v) => v.lengthMm)).toEqual([0, 0, 0, 0]);
    expect(result.defects).toEqual([]);
  });

  it('does not assess chips on a side whose outline runs off its line for over 10 mm (a second edge beside the card)', () => {
    // Something of the border's colour hugs the left side 0.5 mm out, from 3 to 60 mm down.
    const result = measure({
      ...card,
      paint: (x, y) => (x >= -0.5 && x < 0 && y > 3 && y < 60 ? card.border : undefined),
    });
    expect(view(result, 'left').lengthMm).toBe(0);
    expect(view(result, 'left').notAssessedMm).toBeGreaterThan(80);
    expect(view(result, 'right').notAssessedMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('does not read a light line at one depth along most of a side as whitening (a holder rim or sleeve edge on the card)', () => {
    // 0.25 mm of white inside the left side from 10 to 80 mm down, whole; and along the top
    // from 5 to 58 mm, broken every other millimetre where the photo's pixels fall across it.
    const result = measure({
      ...card,
      paint: (x, y) =>
        (x >= 0 && x < 0.25 && y > 10 && y < 80) || (y >= 0 && y < 0.25 && x > 5 && x < 58 && Math.floor(x) % 2 === 0)
          ? WHITE
          : undefined,
    });
    expect(view(result, 'left').lengthMm).toBe(0);
    expect(view(result, 'left').notAssessedMm).toBeGreaterThan(80);
    expect(view(result, 'top').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('still reads ragged whitening along most of a side, and a few stretches along one', () => {
    // Wear from 10 to 80 mm down the left side whose depth wanders between 0.15 and 0.5 mm; and
    // three 4 mm stretches 0.25 mm deep along the top.
    const ragged = (y: number) => 0.15 + 0.35 * ((y * 0.7) % 1);
    const result = measure({
      ...card,
      paint: (x, y) =>
        (x >= 0 && x < ragged(y) && y > 10 && y < 80) ||
        (y >= 0 && y < 0.25 && [10, 30, 50].some((a) => x > a && x < a + 4))
          ? WHITE
          : undefined,
    });
    expect(view(result, 'left').lengthMm).toBeGreaterThan(60);
    expect(view(result, 'top').lengthMm).toBeGreaterThan(11);
  });

  it('does not read chips along a side whose printed border was not read (art to the edge, or an outline off the card)', () => {
    // The table's colour 0.5 mm in along 4 mm of the right side, where the border's inner edge was
    // seen at only 2 of its 9 stations: a stroke of art or the table, not known to be missing card.
    const drawn = {
      ...card,
      paint: (x: number, y: number) => (x > 63 - 0.5 && y > 30 && y < 34 ? card.table : undefined),
    };
    const read = bordersOf(drawn);
    const stations = { ...read.stations, right: read.stations.right.map((v, i) => (i < 2 ? v : null)) };
    const result = measureEdges(drawFace(drawn), { ...read, stations }, 'back');
    expect(result.defects.filter((d) => d.kind === 'edge_chip')).toEqual([]);
    expect(view(result, 'right').notAssessedMm).toBeGreaterThan(80);
    expect(view(result, 'left').notAssessedMm).toBe(0);
  });

  it('does not read chips on a card seen through a holder, and says the edges were not assessed for them', () => {
    // The chip of the first test, 0.5 mm deep along 4 mm of the right side, on a card found in a sleeve.
    const drawn = {
      ...card,
      paint: (x: number, y: number) => (x > 63 - 0.5 && y > 30 && y < 34 ? card.table : undefined),
    };
    const result = measureEdges(drawFace(drawn), bordersOf(drawn), 'back', true);
    expect(result.defects.filter((d) => d.kind === 'edge_chip')).toEqual([]);
    expect(view(result, 'right').notAssessedMm).toBeGreaterThan(80);
  });

  it('at a low resolution, reads only wear that spans several of the photo pixels', () => {
    // A nick 0.5 mm long and 0.5 mm deep on the right side, and a chip 3 mm long but 0.45 mm deep on the left.
    const worn: DrawnCard = {
      ...card,
      paint: (x, y) =>
        (x > 63 - 0.5 && y > 30 && y < 30.5) || (x < 0.45 && y > 40 && y < 43) ? card.table : undefined,
    };
    const sharp = measure(worn);
    expect(view(sharp, 'right').lengthMm).toBeGreaterThan(0.3);
    expect(view(sharp, 'left').lengthMm).toBeGreaterThan(2.8);
    // At 5 px/mm one photo pixel is 0.2 mm: the nick spans 2.5 of them, too short to read. The
    // chip's depth is 2.25 of them, too shallow for one step, but it lasts 3 mm along the side.
    const coarse = measure({ ...worn, photoPxPerMm: 5 });
    expect(view(coarse, 'right').lengthMm).toBe(0);
    expect(view(coarse, 'left').lengthMm).toBeGreaterThan(2.5);
    expect(coarse.defects).toEqual([expect.objectContaining({ kind: 'edge_chip', location: 'left edge' })]);
  });

  it('at a low resolution, reads shallow wear the colour of the table by its length along the side', () => {
    // Stock as white as the paper beside the card, 0.25 mm deep along 4 mm of the bottom side: at
    // 5 px/mm a step of 1.25 photo pixels, a chip nowhere, but the outline set in all along it.
    const onPaper: DrawnCard = { ...card, table: WHITE, border: [20, 20, 25] };
    const worn = measure({
      ...onPaper,
      photoPxPerMm: 5,
      paint: (x, y) => (y > 88 - 0.25 && y <= 88 && x > 20 && x < 24 ? WHITE : undefined),
    });
    expect(view(worn, 'bottom').lengthMm).toBeGreaterThan(3.5);
    expect(view(worn, 'bottom').lengthMm).toBeLessThan(4.5);
    expect(worn.defects).toEqual([expect.objectContaining({ kind: 'edge_chip', location: 'bottom edge' })]);
    // The same depth over 1 mm is within what the photo's own pixels leave uncertain.
    const short = measure({
      ...onPaper,
      photoPxPerMm: 5,
      paint: (x, y) => (y > 88 - 0.25 && y <= 88 && x > 20 && x < 21 ? WHITE : undefined),
    });
    expect(short.defects).toEqual([]);
  });

  it('does not read a side bowed by the lens as a stretch of wear', () => {
    // The left side's outline bowed 0.2 mm in at its middle, straight at its ends.
    const bow = (y: number) => 0.2 * Math.sin((Math.PI * y) / 88);
    const result = measure({
      ...card,
      photoPxPerMm: 5,
      paint: (x, y) => (x >= 0 && x < bow(y) ? card.table : undefined),
    });
    expect(view(result, 'left').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });

  it('does not read glare across the edge, which lightens the border and the table with the outline, as wear', () => {
    // Over 4 mm of the left side, the border and the table lightened by a glare streak, and the
    // outline there read 0.25 mm in where the lightened border meets the lightened table.
    const glareBorder: [number, number, number] = [120, 140, 210];
    const glareTable: [number, number, number] = [110, 110, 115];
    const result = measure({
      ...card,
      photoPxPerMm: 5,
      paint: (x, y) =>
        y > 40 && y < 44 && x < 3 ? (x < 0.25 ? glareTable : x < 3 ? glareBorder : undefined) : undefined,
    });
    expect(view(result, 'left').lengthMm).toBe(0);
    expect(result.defects).toEqual([]);
  });
});

/** Whether (x, y) lies within `mm` of the card's straight sides (its corners' arcs included loosely). */
const onCardRim = (x: number, y: number, mm: number) =>
  x >= 0 && y >= 0 && x <= 63 && y <= 88 && (x < mm || y < mm || x > 63 - mm || y > 88 - mm);

describe('sustainedDips', () => {
  // A side's outline every 1/16 mm over 40 mm, read everywhere, set in by `depth(along)` mm.
  const side = (depth: (along: number) => number): EdgeSample[] =>
    Array.from({ length: 641 }, (_, i) => ({ along: i / 16, outline: depth(i / 16), whitenedDepth: 0, visible: true }));
  const marked = (samples: EdgeSample[], spread: number) => {
    const out = sustainedDips(
      samples,
      () => 0,
      spread,
      () => true,
    );
    return samples.filter((_, i) => out[i]).map((s) => s.along);
  };

  it('follows a worn stretch whose depth wanders out to where it fades, not just where it is deepest', () => {
    // 0.2 mm deep from 16 to 20 mm, with 0.05 mm tails from 15 to 16 and 20 to 21 mm: at a spread
    // of 0.02 mm a dip is 0.12 mm deep, and a tail a quarter of that still belongs to it.
    const wear = side((a) => (a >= 16 && a < 20 ? 0.2 : a >= 15 && a < 21 ? 0.05 : 0));
    const along = marked(wear, 0.02);
    expect(Math.min(...along)).toBeLessThan(15.1);
    expect(Math.max(...along)).toBeGreaterThan(20.9);
    expect(Math.max(...along) - Math.min(...along)).toBeLessThan(6.1);
    // The tails alone are not a dip.
    expect(
      marked(
        side((a) => (a >= 15 && a < 21 ? 0.05 : 0)),
        0.02,
      ),
    ).toEqual([]);
  });
});
