import { describe, expect, it } from 'vitest';
import { distance } from '../geometry/homography.ts';
import { rasterOfSvg } from '../image/drawn-raster.ts';
import type { Lab } from '../image/color.ts';
import type { Raster } from '../image/raster.ts';
import { distinctCards, locateByOutline, severalCardsIn, shownCards } from './locate-by-outline.ts';
import { labAt, type OutlineCandidate } from './outline-candidates.ts';

const W = 400;
const H = 300;

/** A preview drawn from SVG: a light-falloff table and cards (x, y, width, height) with an art window each. */
async function preview(
  cards: { x: number; y: number; w: number; h: number; border?: string }[],
  table = 'falloff',
): Promise<Raster> {
  const background =
    table === 'falloff'
      ? `<defs><radialGradient id="g" cx="0.2" cy="0.3" r="1"><stop offset="0" stop-color="#fbfbf8"/><stop offset="1" stop-color="#8d8d88"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>`
      : `<rect width="${W}" height="${H}" fill="${table}"/>`;
  const drawn = cards
    .map(
      ({ x, y, w, h, border = '#d6cfba' }) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.05}" fill="${border}"/>` +
        `<rect x="${x + w * 0.1}" y="${y + h * 0.12}" width="${w * 0.8}" height="${h * 0.45}" fill="#3b6ea8" stroke="#222" stroke-width="1"/>` +
        `<rect x="${x + w * 0.1}" y="${y + h * 0.62}" width="${w * 0.8}" height="${h * 0.28}" fill="#f4efe0" stroke="#555" stroke-width="0.6"/>`,
    )
    .join('');
  return rasterOfSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${background}${drawn}</svg>`);
}

describe('finding a card by its outline', () => {
  it('finds a light card on paper whose brightness falls off across the frame, within three preview pixels', async () => {
    const located = await locateByOutline(await preview([{ x: 140, y: 60, w: 126, h: 176 }]), W * 10);
    expect(located?.ok).toBe(true);
    if (!located?.ok) return;
    const truth = [
      { x: 1400, y: 600 },
      { x: 2660, y: 600 },
      { x: 2660, y: 2360 },
      { x: 1400, y: 2360 },
    ];
    // Each found corner lies near one true corner (the rounded corners are cut by the fit: up to 3 px of the preview).
    for (const corner of located.card.coarse)
      expect(Math.min(...truth.map((t) => distance(t, corner)))).toBeLessThan(30);
  });

  it('answers multiple_cards for two cards side by side, whatever the table', async () => {
    for (const table of ['falloff', '#6b4f33']) {
      const located = await locateByOutline(
        await preview(
          [
            { x: 60, y: 60, w: 110, h: 154 },
            { x: 220, y: 70, w: 110, h: 154 },
          ],
          table,
        ),
        W,
      );
      expect(located && !located.ok ? located.rejection.code : 'no rejection').toBe('multiple_cards');
    }
  });

  it('takes a card with its art window and text box for one card, not three', async () => {
    const located = await locateByOutline(await preview([{ x: 120, y: 40, w: 150, h: 210 }], '#2f2f33'), W);
    expect(located?.ok).toBe(true);
  });

  it('answers card_cut_off for a card that runs out of the frame', async () => {
    const located = await locateByOutline(await preview([{ x: 300, y: 40, w: 150, h: 210 }], '#2f2f33'), W);
    expect(located && !located.ok ? located.rejection.code : 'no rejection').not.toBe('multiple_cards');
    expect(located?.ok ?? false).toBe(false);
  });

  it('finds nothing on an empty table', async () => {
    expect(await locateByOutline(await preview([], '#d9d4c8'), W)).toBeNull();
  });
});

describe('finding the card inside a holder or a frame', () => {
  /** A preview of one card (and what is drawn around it) on a plain table. */
  async function drawn(body: string, table = '#3a3f47'): Promise<Raster> {
    return rasterOfSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${table}"/>${body}</svg>`,
    );
  }
  const card = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.04}" fill="#1d1d1f"/>` +
    `<rect x="${x + w * 0.06}" y="${y + w * 0.06}" width="${w * 0.88}" height="${h - w * 0.12}" fill="#c9a46a"/>`;
  const height = (corners: { x: number; y: number }[]) =>
    Math.max(...corners.map((p) => p.y)) - Math.min(...corners.map((p) => p.y));

  it('takes the card in a slab, not the slab with its label', async () => {
    // The slab: 0.6 wide for its height, a label above the card's window.
    const slab = `<rect x="130" y="20" width="150" height="250" rx="8" fill="#9aa0a6"/><rect x="140" y="30" width="130" height="40" fill="#f4f4f4"/>`;
    const located = await locateByOutline(await drawn(slab + card(150, 85, 110, 154)), W);
    expect(located?.ok).toBe(true);
    if (located?.ok) expect(height(located.card.coarse)).toBeLessThan(165);
  });

  it('takes a black-bordered card for the card, not its inner frame', async () => {
    const located = await locateByOutline(await drawn(card(140, 60, 126, 176), '#6b4f33'), W);
    expect(located?.ok).toBe(true);
    if (located?.ok) expect(height(located.card.coarse)).toBeGreaterThan(170);
    if (located?.ok) expect(located.card.inHolder).toBe(false);
  });

  it('finds a card only 28 preview pixels tall when looking for small cards, for the grader to call too small', async () => {
    const located = await locateByOutline(await drawn(card(190, 130, 20, 28), '#d9d4c8'), W, true);
    expect(located?.ok).toBe(true);
  });

  it('finds a white card on white paper, a few Lab units apart', async () => {
    const rows = Array.from(
      { length: 8 },
      (_, i) =>
        `<line x1="150" x2="250" y1="${120 + i * 10}" y2="${120 + i * 10}" stroke="#8a8f96" stroke-width="0.8"/>`,
    ).join('');
    const located = await locateByOutline(
      await drawn(
        `<rect x="130" y="60" width="140" height="196" rx="6" fill="#f4f4f1"/><rect x="140" y="70" width="120" height="28" fill="#23408e"/>${rows}`,
        '#e4e4df',
      ),
      W,
    );
    expect(located?.ok).toBe(true);
    if (located?.ok) expect(height(located.card.coarse)).toBeGreaterThan(190);
  });

  it('takes small card-shaped marks on the table for no second card, even beside a card photographed too small', async () => {
    // Two stamps of a card's shape, each a quarter of a percent of the frame, beside a card not much larger.
    const marks = `<rect x="40" y="200" width="14" height="19" fill="#202020"/><rect x="340" y="40" width="14" height="19" fill="#202020"/>`;
    const located = await locateByOutline(await drawn(marks + card(190, 120, 22, 30), '#d9d4c8'), W, true);
    expect(located?.ok).toBe(true);
  });

  it('takes the card inside a top loader, not the top loader', async () => {
    // A top loader is about 76 x 101 mm around a 63 x 88 mm card: clear plastic, a lighter rim.
    const loader = `<rect x="127" y="45" width="152" height="208" rx="3" fill="#474d56" stroke="#a9aeb6" stroke-width="2"/><rect x="134" y="52" width="138" height="194" fill="none" stroke="#7d838c" stroke-width="1.5"/>`;
    const located = await locateByOutline(await drawn(loader + card(140, 61, 126, 176)), W);
    expect(located?.ok).toBe(true);
    if (located?.ok) expect(height(located.card.coarse) / 10).toBeLessThan(180);
    if (located?.ok) expect(located.card.inHolder).toBe(true);
  });

  it('takes the card inside a hazy top loader, whose plastic reads almost like a pale border', async () => {
    // The pocket is 0.74 wide for its height (no card's size); the haze lifts the table by about 16 dE.
    const loader = `<rect x="127" y="47" width="152" height="205" fill="#5d636d" stroke="#b4b9c1" stroke-width="2"/>`;
    const located = await locateByOutline(await drawn(loader + card(140, 61, 126, 176)), W * 10);
    expect(located?.ok).toBe(true);
    if (located?.ok) expect(height(located.card.coarse) / 10).toBeLessThan(181);
  });

  it('takes the card inside a penny sleeve, not the sleeve', async () => {
    const sleeve = `<rect x="133" y="50" width="140" height="194" fill="#474d56" stroke="#b9bec6" stroke-width="1.5"/>`;
    const located = await locateByOutline(await drawn(sleeve + card(140, 61, 126, 176)), W * 10);
    expect(located?.ok).toBe(true);
    if (located?.ok) expect(height(located.card.coarse) / 10).toBeLessThan(181);
    if (located?.ok) expect(located.card.inHolder).toBe(true);
  });
});

describe('finding a card whose outline runs into the table', () => {
  it('finds the card by its straight sides where a seam in the table and the grain touch it', async () => {
    const grain = Array.from(
      { length: 14 },
      (_, i) =>
        `<path d="M0 ${10 + i * 21} Q 200 ${i * 21 + 22} 400 ${14 + i * 21}" stroke="#5a3f27" stroke-width="2" fill="none"/>`,
    ).join('');
    // Full art: its strokes run to the card's edge, so no contour closes inside the card either.
    const art = Array.from(
      { length: 9 },
      (_, i) => `<line x1="${110 + i * 25}" y1="60" x2="${170 + i * 25}" y2="236" stroke="#3d6b8f" stroke-width="4"/>`,
    ).join('');
    const body = `<rect width="${W}" height="${H}" fill="#8a6240"/>${grain}<line x1="0" y1="150" x2="400" y2="128" stroke="#2b1a0e" stroke-width="3"/>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}<clipPath id="c"><rect x="150" y="60" width="126" height="176" rx="5"/></clipPath><g clip-path="url(#c)"><rect x="150" y="60" width="126" height="176" fill="#d8c9a0"/>${art}</g></svg>`;
    const located = await locateByOutline(await rasterOfSvg(svg), W);
    expect(located?.ok).toBe(true);
    if (!located?.ok) return;
    const truth = [
      { x: 150, y: 60 },
      { x: 276, y: 60 },
      { x: 276, y: 236 },
      { x: 150, y: 236 },
    ];
    // Within a few preview pixels: the full-resolution side fit places it exactly.
    for (const corner of located.card.coarse)
      expect(Math.min(...truth.map((t) => distance(t, corner)))).toBeLessThan(4);
  });
});

describe('counting cards in a finer preview', () => {
  const FW = 800;
  const FH = 600;
  /**
   * Points on a table (mm, the table's centre at the origin) seen by a camera tilted `tiltDeg`
   * about the frame's horizontal axis, its focal length `lens` times the frame's width, from
   * `distanceMm` away: a phone held low over a desk.
   */
  const view = (lens: number, tiltDeg: number, distanceMm: number) => (x: number, y: number) => {
    const t = (tiltDeg * Math.PI) / 180;
    const z = distanceMm + y * Math.sin(t);
    return `${FW / 2 + (lens * FW * x) / z},${FH / 2 + (lens * FW * y * Math.cos(t)) / z}`;
  };
  /** A card 63 x 88 mm centred at (cx, cy) on the table, with its art window, as seen. */
  const card = (see: (x: number, y: number) => string, cx: number, cy: number) => {
    const rect = (x0: number, y0: number, x1: number, y1: number, fill: string) =>
      `<polygon points="${[see(x0, y0), see(x1, y0), see(x1, y1), see(x0, y1)].join(' ')}" fill="${fill}"/>`;
    return (
      rect(cx - 31.5, cy - 44, cx + 31.5, cy + 44, '#c9ccd1') +
      rect(cx - 27, cy - 38, cx + 27, cy - 2, '#c0392b') +
      rect(cx - 27, cy + 4, cx + 27, cy + 36, '#e8a33d')
    );
  };
  const desk = (body: string) =>
    rasterOfSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${FW}" height="${FH}"><rect width="${FW}" height="${FH}" fill="#5b6470"/>${body}</svg>`,
    );

  it('counts two cards seen at a steep slant, read with one lens for the whole photo', async () => {
    // A lens 0.85 of the frame's width, tilted 40 degrees: the near side of each card 1.2 times the far one.
    const see = view(0.85, 40, 330);
    expect(await severalCardsIn(await desk(card(see, -45, 0) + card(see, 45, 0)))).toBe(true);
  });

  it("takes a playmat's card-shaped zones for no cards: their inside is the playmat", async () => {
    // A busy print (as the zoo's playmats) ruled into card-sized zones by thin light lines.
    const print =
      `<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="3" seed="3"/>` +
      `<feColorMatrix values="1.4 0 0 0 -0.25  0 0.5 0 0 0  0 0 1.6 0 -0.25  0 0 0 0 1"/></filter>` +
      `<rect width="${FW}" height="${FH}" filter="url(#n)"/>`;
    const zones = [0, 1, 2, 3]
      .flatMap((i) =>
        [0, 1].map(
          (j) =>
            `<rect x="${40 + i * 186}" y="${60 + j * 264}" width="170" height="236" rx="4" fill="none" stroke="#ebebf0" stroke-opacity="0.7" stroke-width="1.5"/>`,
        ),
      )
      .join('');
    expect(await severalCardsIn(await desk(print + zones))).toBe(false);
  });

  it('takes a zone whose line shows crisply all round for no card beside one card: the playmat lies on both hands of it', async () => {
    // A 400 x 300 preview of a mottled playmat, a white-bordered card with its art, and beside it a
    // card-sized zone ruled in an opaque light line (its outline shows all round, unlike faint zones).
    const print =
      `<filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.015" numOctaves="2" seed="5"/>` +
      `<feColorMatrix values="0.3 0 0 0 0.05  0 1.2 0 0 0.1  0 0 0.6 0 0.15  0 0 0 0 1"/></filter>` +
      `<rect width="${W}" height="${H}" filter="url(#n)"/>`;
    const cardAt =
      `<rect x="60" y="60" width="110" height="154" rx="5" fill="#eeeeea"/>` +
      `<rect x="67" y="67" width="96" height="120" fill="#7a4a8c"/><rect x="67" y="192" width="96" height="15" fill="#1c2a80"/>`;
    const zone = `<rect x="220" y="70" width="106" height="148" rx="4" fill="none" stroke="#e6e6ea" stroke-width="2"/>`;
    const raster = await rasterOfSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${print}${cardAt}${zone}</svg>`,
    );
    const found = await locateByOutline(raster, W);
    if (!found?.ok) throw new Error(`not found: ${found ? found.rejection.code : 'null'}`);
    expect(Math.min(...found.card.coarse.map((p) => p.x))).toBeLessThan(80);
    expect(Math.max(...found.card.coarse.map((p) => p.x))).toBeLessThan(200);
  });

  it('counts one card seen at a steep slant as one, its art window and text box inside it', async () => {
    const see = view(0.85, 40, 330);
    expect(await severalCardsIn(await desk(card(see, 0, 0)))).toBe(false);
  });
});

/** An outline candidate of an axis-aligned rectangle with how much of it shows, and the table just outside it. */
const outline = (
  x: number,
  y: number,
  w: number,
  h: number,
  support: number,
  background: Lab = [60, 0, 0],
  backgroundSpread = 2,
): OutlineCandidate => ({
  corners: [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ],
  area: w * h,
  support,
  background,
  backgroundSpread,
  touchesFrame: false,
});

/** A card with a brown border and a light inner frame on a dark table. */
const CARD_ON_DARK_TABLE =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#3a3f47"/>` +
  `<rect x="140" y="60" width="126" height="176" fill="#7a5a2a"/><rect x="146" y="66" width="114" height="164" fill="#e8dcc0"/></svg>`;

describe('choosing the outline of one object', () => {
  const scene = rasterOfSvg(CARD_ON_DARK_TABLE);

  it('leaves out a large outline that shows along little more than half of it, around a card that shows whole', async () => {
    // Straight lines of the table and a holder joined into a card-shaped outline twice the card's size.
    const chosen = distinctCards(await scene, [outline(100, 30, 190, 265, 0.56), outline(140, 60, 126, 176, 1)]);
    expect(chosen).toHaveLength(1);
    expect(chosen[0]!.corners[0]).toEqual({ x: 140, y: 60 });
  });

  it("keeps a card's fainter edge lying snugly around its crisp printed frame", async () => {
    const chosen = distinctCards(await scene, [outline(140, 60, 126, 176, 0.8), outline(146, 66, 114, 164, 1)]);
    expect(chosen).toHaveLength(1);
    expect(chosen[0]!.corners[0]).toEqual({ x: 140, y: 60 });
  });
});

describe('choosing the card among objects', () => {
  /** An outline on the scene's table, whose colour varies by a few units. */
  const onTable = (x: number, y: number, w: number, h: number, support: number, table: Lab) =>
    outline(x, y, w, h, support, table, 3);
  /** The card on the dark table, and the table's colour. */
  const scene = async () => {
    const raster = await rasterOfSvg(CARD_ON_DARK_TABLE);
    return { raster, table: labAt(raster, 20, 290)! };
  };

  it('leaves out a larger outline beside the card that shows along little more than half of it, with the table inside', async () => {
    const { raster, table } = await scene();
    const card = onTable(140, 60, 126, 176, 1, table);
    // Lines of the table and a holder's rim closed into an outline beside the card.
    expect(shownCards(raster, [onTable(272, 8, 125, 285, 0.6, table), card])).toEqual([card]);
  });

  it("keeps a dark card's weaker outline, its print reading like the table, beside a crisp mark much smaller than it", async () => {
    // An old black-bordered card on a dark desk: nothing inside its outline tells it from the table.
    const raster = await rasterOfSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#3a3f47"/>` +
        `<rect x="140" y="60" width="126" height="176" fill="#3c4149"/><rect x="20" y="20" width="10" height="14" fill="#f0f0f0"/></svg>`,
    );
    const table = labAt(raster, 20, 290)!;
    const objects = [onTable(140, 60, 126, 176, 0.6, table), onTable(20, 20, 10, 14, 1, table)];
    expect(shownCards(raster, objects)).toEqual(objects);
  });

  it('keeps a weaker outline with print inside beside a better-shown one', async () => {
    const { raster, table } = await scene();
    const objects = [onTable(140, 60, 126, 176, 0.6, table), onTable(272, 8, 125, 285, 1, table)];
    expect(shownCards(raster, objects)).toEqual(objects);
  });
});
