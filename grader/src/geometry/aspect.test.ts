import { describe, expect, it } from 'vitest';
import {
  CARD_RATIOS,
  facesToGrade,
  lensReadings,
  mayReadAs,
  pairSize,
  ratioReadings,
  sizeOfTheClearOutline,
} from './aspect.ts';
import type { Point } from './homography.ts';

const photo = { width: 4000, height: 3000 };

/**
 * A 63 x 88 mm card photographed by a pinhole camera (principal point at the photo's centre,
 * focal length `focal` photo widths) tilted `tiltDeg` about the card's horizontal axis, then
 * `turnDeg` about its vertical one, its centre `offsetMm` right of the lens's axis: its corners.
 */
function photographed(
  tiltDeg: number,
  { focal = 26 / 36, turnDeg = 0, offsetMm = 0 } = {},
): [Point, Point, Point, Point] {
  const f = focal * photo.width;
  const t = (tiltDeg * Math.PI) / 180;
  const u = (turnDeg * Math.PI) / 180;
  const distanceMm = 200;
  const project = (x: number, y: number): Point => {
    const [x1, y1, z1] = [x, y * Math.cos(t), y * Math.sin(t)];
    const [cx, cy, cz] = [
      x1 * Math.cos(u) + z1 * Math.sin(u) + offsetMm,
      y1,
      distanceMm - x1 * Math.sin(u) + z1 * Math.cos(u),
    ];
    return { x: photo.width / 2 + (f * cx) / cz, y: photo.height / 2 + (f * cy) / cz };
  };
  return [project(-31.5, -44), project(31.5, -44), project(31.5, 44), project(-31.5, 44)];
}

const STANDARD = 63 / 88;
const SIZES = { standard: STANDARD, small: 59 / 86 };

describe('the card ratio read from its corners', () => {
  it('undoes the perspective of a slanted view, where the plain side ratio would name the other card size', () => {
    const [plain, perspective] = ratioReadings(photographed(15, { focal: 1.2, turnDeg: 8, offsetMm: 20 }), photo);
    expect(Math.abs(plain! - STANDARD)).toBeGreaterThan(0.015);
    expect(perspective).toBeCloseTo(STANDARD, 3);
  });

  it("assumes a phone's lens when a tilt about the card's own axis hides the focal length", () => {
    const [plain, perspective] = ratioReadings(photographed(15), photo);
    expect(Math.abs(plain! - STANDARD)).toBeGreaterThan(0.015);
    expect(perspective).toBeCloseTo(STANDARD, 2);
  });

  it('reads a view square on plainly, whatever noise the corners carry', () => {
    const [tl, tr, br, bl] = photographed(0);
    const noisy: [Point, Point, Point, Point] = [
      { x: tl.x + 0.6, y: tl.y - 0.4 },
      { x: tr.x - 0.5, y: tr.y + 0.3 },
      br,
      { x: bl.x + 0.4, y: bl.y },
    ];
    expect(ratioReadings(noisy, photo)[0]).toBeCloseTo(STANDARD, 2);
  });

  it('does not trust a focal length that a pixel on a corner would swing (one pair of sides nearly parallel)', () => {
    // Zoo tuning seed 391's back, a standard card tilted 10 degrees, found within 0.2 px of its
    // corners in a 1920 x 1080 photo: the focal length these corners give read it as 0.60.
    const found: [Point, Point, Point, Point] = [
      { x: 607.5, y: 88.6 },
      { x: 1168.4, y: 26.4 },
      { x: 1298.9, y: 837.0 },
      { x: 652.9, y: 908.7 },
    ];
    expect(Math.abs(ratioReadings(found, { width: 1920, height: 1080 })[1] - STANDARD)).toBeLessThan(0.01);
  });

  it('keeps the focal length a slanted view tells steadily, with a pixel of noise on the corners', () => {
    const [tl, tr, br, bl] = photographed(15, { focal: 1.2, turnDeg: 8, offsetMm: 20 });
    const noisy: [Point, Point, Point, Point] = [{ x: tl.x + 1, y: tl.y - 1 }, tr, { x: br.x - 1, y: br.y }, bl];
    expect(Math.abs(ratioReadings(noisy, photo)[1] - STANDARD)).toBeLessThan(0.004);
  });
});

describe("whether an outline may be a card's at all", () => {
  it('reads a card under every phone lens near its size, however steep the view or long the lens', () => {
    for (const [tiltDeg, focal] of [
      [0, 0.72],
      [12, 0.6],
      [15, 1.0],
      [8, 0.85],
    ] as const) {
      const readings = lensReadings(photographed(tiltDeg, { focal, turnDeg: 5, offsetMm: 15 }), photo);
      expect(mayReadAs(readings, STANDARD)).toBe(true);
    }
  });

  it('keeps a card whose own focal length reads it about 0.02 off its size', () => {
    // The first generator's seed 1176 front as the engine finds it (4000 x 3000): the focal length
    // measured from the outline reads 0.696; every phone lens reads 0.715 to 0.716.
    const corners: [Point, Point, Point, Point] = [
      { x: 1260.1, y: 593 },
      { x: 2857.8, y: 376.7 },
      { x: 3119.5, y: 2563.3 },
      { x: 1584.8, y: 2766.9 },
    ];
    expect(Math.abs(ratioReadings(corners, photo)[1] - STANDARD)).toBeGreaterThan(0.015);
    expect(mayReadAs(lensReadings(corners, photo), STANDARD)).toBe(true);
  });

  it("does not take an outline 0.86 of a card's width for any card size", () => {
    // As one run along a holder's rim on some sides and the card's print on others reads (0.62):
    // no lens makes it a card.
    const card = photographed(10, { turnDeg: 4 });
    const width = card[1].x - card[0].x;
    const narrow: [Point, Point, Point, Point] = [
      card[0],
      { x: card[0].x + width * 0.86, y: card[1].y },
      { x: card[3].x + width * 0.86, y: card[2].y },
      card[3],
    ];
    const readings = lensReadings(narrow, photo);
    expect(mayReadAs(readings, STANDARD)).toBe(false);
    expect(mayReadAs(readings, SIZES.small)).toBe(false);
  });
});

describe('which faces are graded against the size', () => {
  const face = (ratios: number[], lensRatios: number[], placed = false) => ({ ratios, lensRatios, placed });
  const found = face([0.715, 0.716], [0.716, 0.716, 0.716, 0.716, 0.716]);
  const onRim = face([0.702, 0.62], [0.63, 0.625, 0.62, 0.61, 0.62]);

  it('leaves out an outline within the slack that no lens reads as the size, where the other face is read well', () => {
    expect(facesToGrade([onRim, found], STANDARD)).toEqual([false, true]);
  });

  it('does not turn a pair away on the lens test alone: where no face passes it, the slack decides', () => {
    expect(facesToGrade([onRim, onRim], STANDARD)).toEqual([true, true]);
  });

  it("grades a face whose corners the owner placed, and leaves out one that fits the size's slack nowhere", () => {
    expect(facesToGrade([face([0.6, 0.6], [0.6], true), face([0.65, 0.66], [0.66])], STANDARD)).toEqual([true, false]);
  });
});

describe('the size both faces agree on', () => {
  it('takes the size a slanted face fits with its perspective undone and a square-on face fits plainly', () => {
    const slanted = ratioReadings(photographed(15, { focal: 1.2, turnDeg: 8, offsetMm: 20 }), photo);
    const squareOn = ratioReadings(photographed(0), photo);
    expect(pairSize([slanted, squareOn], SIZES)).toEqual({ ok: true, kind: 'standard' });
  });

  it('keeps the size when one reading of a face is off (a cropped photo moves the centre the perspective assumes)', () => {
    expect(
      pairSize(
        [
          [0.717, 0.66],
          [0.715, 0.716],
        ],
        SIZES,
      ),
    ).toEqual({ ok: true, kind: 'standard' });
  });

  it('takes the size the perspective readings lie nearer where every face fits both sizes within the slack', () => {
    // A zoo tuning seed (178): a tilted Yu-Gi-Oh-like front found in a top loader, its plain
    // reading near the standard size and its perspective reading on the small one; the back's
    // outline ran along the loader and had no say.
    expect(pairSize([[0.7121, 0.6812]], SIZES, [true])).toEqual({ ok: true, kind: 'small' });
    expect(
      pairSize(
        [
          [0.7121, 0.6812],
          [0.7, 0.688],
        ],
        SIZES,
      ),
    ).toEqual({ ok: true, kind: 'small' });
  });

  it('takes the one size a face reads closely with the perspective undone, though a plain reading fits another', () => {
    // Zoo tuning seed 613's shape: the front's outline on a white border's printed frame, 4 mm
    // inside the card, reads 0.697; the tilted back's plain reading fits the small size within the
    // slack, its perspective reading is the standard card's.
    expect(
      pairSize(
        [
          [0.697, 0.697],
          [0.7, 0.715],
        ],
        SIZES,
      ),
    ).toEqual({ ok: true, kind: 'standard' });
  });

  it('calls the faces different only when both readings of each face fit one size and no size fits both', () => {
    expect(
      pairSize(
        [
          [0.716, 0.717],
          [0.686, 0.684],
        ],
        SIZES,
      ),
    ).toEqual({ ok: false });
    expect(
      pairSize(
        [
          [0.686, 0.69],
          [0.687, 0.683],
        ],
        SIZES,
      ),
    ).toEqual({ ok: true, kind: 'small' });
  });

  it('takes faces for one card when a face fits the other size by one reading only (an outline misplaced on a frame or a holder)', () => {
    // The back's plain ratio says small, its perspective reading fits neither size.
    expect(
      pairSize(
        [
          [0.716, 0.717],
          [0.686, 0.664],
        ],
        SIZES,
      ),
    ).toEqual({ ok: true, kind: 'standard' });
  });

  it('answers the nearest size when a face fits none (a misread corner is not a card of another size)', () => {
    expect(
      pairSize(
        [
          [0.716, 0.716],
          [0.76, 0.75],
        ],
        SIZES,
      ),
    ).toEqual({ ok: true, kind: 'standard' });
  });

  it("answers the size one face fits when the other fits none, however far that one's readings lie", () => {
    // A back found on a frame reads 0.64: nearer the small size, but the front surely shows a standard card.
    expect(
      pairSize(
        [
          [0.7154, 0.7155],
          [0.638, 0.6445],
        ],
        SIZES,
      ),
    ).toEqual({ ok: true, kind: 'standard' });
    expect(
      pairSize(
        [
          [0.686, 0.687],
          [0.76, 0.77],
        ],
        SIZES,
      ),
    ).toEqual({ ok: true, kind: 'small' });
  });

  it('calls the faces different when the perspective readings lie close to different sizes, however the plain readings fall under a tilt', () => {
    // A standard front and a small back, both found well: the back's plain reading, tilted, fits the standard size.
    expect(
      pairSize(
        [
          [0.715, 0.716],
          [0.698, 0.684],
        ],
        SIZES,
      ),
    ).toEqual({ ok: false });
  });

  it('calls faces different where each reads its own size closely and a tilted face agrees plainly only within the slack', () => {
    // Zoo tuning bad input 79's shape: a standard front tilted (plain 0.673, perspective 0.717) and
    // a small back (0.686, 0.685), both outlines on the card. The front's plain reading lies 0.013
    // from the small ratio, inside the slack: that is a tilt, not a crop.
    expect(
      pairSize(
        [
          [0.673, 0.717],
          [0.686, 0.685],
        ],
        SIZES,
      ),
    ).toEqual({ ok: false });
  });

  it('keeps one size where the plain readings agree on it closely, whatever a perspective reading says (a cropped photo)', () => {
    expect(
      pairSize(
        [
          [0.717, 0.716],
          [0.721, 0.684],
        ],
        SIZES,
      ),
    ).toEqual({ ok: true, kind: 'standard' });
  });

  describe('each face read as its own size under every lens', () => {
    // Zoo tuning bad input 144's shape: a tilted standard front (plain 0.681) and a small back, both
    // found within 0.1 mm; the plain readings agree on the small size within PLAIN_AGREE, as a
    // cropped photo's would.
    const faces = [
      [0.681, 0.717],
      [0.694, 0.686],
    ];
    const lenses = [
      [0.713, 0.715, 0.718, 0.721, 0.717],
      [0.684, 0.686, 0.687, 0.69, 0.686],
    ];

    it('calls the faces different, though a tilted plain reading lies near the other size', () => {
      expect(pairSize(faces, SIZES, [], lenses)).toEqual({ ok: false });
    });

    it("keeps one size where a face's lens readings part (a cropped photo)", () => {
      const cropped = [0.684, 0.69, 0.7, 0.712, 0.684];
      expect(pairSize(faces, SIZES, [], [lenses[0]!, cropped])).toEqual({ ok: true, kind: 'small' });
    });

    it('keeps one size where a face reads between the sizes under every lens (its outline 5 mm off the card)', () => {
      // Zoo tuning seed 389's shape: the front's outline off a standard card reads 0.695 whatever the lens.
      const pair = [
        [0.697, 0.695],
        [0.715, 0.715],
      ];
      const offCard = [0.695, 0.695, 0.695, 0.695, 0.695];
      const onCard = [0.715, 0.715, 0.715, 0.715, 0.715];
      expect(pairSize(pair, SIZES, [], [offCard, onCard])).toEqual({ ok: true, kind: 'standard' });
    });

    it('leaves a face found through a holder out of it', () => {
      expect(pairSize(faces, SIZES, [true, false], lenses)).toEqual({ ok: true, kind: 'small' });
    });
  });

  it('does not call faces found through a holder different on their readings: a well or a rim reads as either size', () => {
    expect(
      pairSize(
        [
          [0.715, 0.716],
          [0.698, 0.684],
        ],
        SIZES,
        [false, true],
      ),
    ).toEqual({ ok: true, kind: 'standard' });
    expect(
      pairSize(
        [
          [0.716, 0.717],
          [0.686, 0.684],
        ],
        SIZES,
        [true, false],
      ),
    ).toEqual({ ok: true, kind: 'standard' });
  });
});

describe('the size of a pair whose faces read different sizes', () => {
  // Plain, then perspective readings: the back reads the small size closely, the front the standard one.
  const small = [0.69, 0.687];
  const standard = [0.72, 0.716];
  const face = (shown: number, ratios: number[], placed = false) => ({ shown, ratios, placed });

  it("is the clear outline's where the other face's outline shows only weakly", () => {
    expect(sizeOfTheClearOutline([face(0.8, standard), face(1, small)], CARD_RATIOS)).toBe('small');
    expect(sizeOfTheClearOutline([face(0.97, standard), face(0.5, small)], CARD_RATIOS)).toBe('standard');
  });

  it('is none where both outlines show clearly (two cards), or neither does', () => {
    expect(sizeOfTheClearOutline([face(1, standard), face(0.96, small)], CARD_RATIOS)).toBeUndefined();
    expect(sizeOfTheClearOutline([face(0.92, standard), face(1, small)], CARD_RATIOS)).toBeUndefined();
    expect(sizeOfTheClearOutline([face(0.8, standard), face(0.85, small)], CARD_RATIOS)).toBeUndefined();
    // An outline showing along under half of it: a card the table's colour, found right.
    expect(sizeOfTheClearOutline([face(0.41, standard), face(1, small)], CARD_RATIOS)).toBeUndefined();
  });

  it('is none where the clear outline reads no size closely, or the owner placed its corners', () => {
    expect(sizeOfTheClearOutline([face(0.8, standard), face(1, [0.7, 0.701])], CARD_RATIOS)).toBeUndefined();
    expect(sizeOfTheClearOutline([face(0.8, standard), face(1, small, true)], CARD_RATIOS)).toBeUndefined();
  });
});
