import type { HalfPointScores, RejectionCode } from '@gradelens/shared';
import {
  backCenteringGrade,
  cornerViewGrade,
  edgesGrade,
  frontCenteringGrade,
  overallScore,
  surfaceGrade,
} from '../rubric.ts';
import { renderCardFace, SIZES, type CardDesign } from './card.ts';
import { photograph, type Background, type PhotoSetup } from './photo.ts';
import { seededRandom, type Random } from './random.ts';

/** Bumped whenever a change makes the same seed give a different photo (for caches of cases). */
export const GENERATOR_VERSION = 5;

export interface CenteringTruth {
  measurable: boolean;
  leftRight?: [number, number];
  topBottom?: [number, number];
}

export interface GroundTruth {
  cardSize: 'standard' | 'small';
  centering: { front: CenteringTruth; back: CenteringTruth };
  /** Corner whitening radii per face (TL, TR, BR, BL) in mm. */
  cornerWhitening: { front: number[]; back: number[] };
  pxPerMm: { front: number; back: number };
  /** Print line lengths per face, in mm (none unless the case asked for one). */
  printLinesMm?: { front: number[]; back: number[] };
  /** Crease lengths per face, in mm (none unless the case asked for one). */
  creasesMm?: { front: number[]; back: number[] };
  /** Total scratch length per face, in mm. */
  scratchMm?: { front: number; back: number };
  /** The card's virtual corners in each photo (TL, TR, BR, BL of the card), in pixels. */
  corners?: { front: { x: number; y: number }[]; back: { x: number; y: number }[] };
  frame: '12mp' | '1080p';
  /** The half-point scores the rubric gives the true measurements. */
  expected: HalfPointScores;
  expectedRejection?: RejectionCode;
}

export interface SynthOptions {
  seed: number;
  frame?: '12mp' | '1080p';
  /** Which card to make: a clean bordered card, a worn one (corners, edges, scratches), a full-art front, or a clean holo front. */
  variant?: 'clean' | 'worn' | 'full_art' | 'holo';
  background?: Background;
  blurSigma?: number;
  /** A glare spot on the front: 'light' stays gradable, 'heavy' hides most of the card. */
  glare?: 'light' | 'heavy';
  /** A lamp to one side: the card casts a soft shadow on the table (left out unless asked for). */
  shadow?: boolean;
  /** Small print in the bottom border of bordered faces (an artist credit): printing, not damage. */
  borderPrint?: boolean;
  /** A crease across the front: a fold line, lit so that one side of it is light and the other dark. */
  crease?: boolean;
  /** A print line across the front: a faint straight line, light or dark, from edge to edge. */
  printLine?: boolean;
  /** Force the card size (else 80% standard, 20% small). */
  size?: 'standard' | 'small';
}

const FRAMES = { '12mp': { width: 4000, height: 3000 }, '1080p': { width: 1920, height: 1080 } } as const;
const BORDER_COLOURS = ['#f2cf3a', '#1b1b1b', '#2d5fa8', '#e8e6e0', '#c0392b', '#7a7f87'];

const pair = (a: number, b: number): [number, number] => {
  const larger = (100 * Math.max(a, b)) / (a + b);
  return [larger, 100 - larger];
};

function design(
  rng: Random,
  variant: SynthOptions['variant'],
  size: CardDesign['size'],
  face: 'front' | 'back',
  borderPrint = false,
  crease = false,
  printLine = false,
): CardDesign {
  const total = rng.range(5, 7.5);
  const lr = rng.range(0.5, 0.62);
  const tb = rng.range(0.5, 0.6);
  const fullArt = variant === 'full_art' && face === 'front';
  const worn = variant === 'worn';
  const borders = fullArt
    ? null
    : { left: total * lr, right: total * (1 - lr), top: total * tb * 1.1, bottom: total * (1 - tb) * 1.1 };
  const scratches: CardDesign['scratches'] = [];
  if (worn && face === 'front' && borders) {
    // Light scratches across the artwork, away from the text box (lower third).
    const { w, h } = SIZES[size];
    const count = rng.int(0, 2);
    for (let i = 0; i < count; i += 1) {
      const length = rng.range(3, 12);
      const angle = rng.range(0, Math.PI);
      const x1 = rng.range(borders.left + 2, w - borders.right - 2);
      const y1 = rng.range(borders.top + 2, borders.top + 0.55 * (h - borders.top - borders.bottom));
      const x2 = Math.max(borders.left + 1.5, Math.min(w - borders.right - 1.5, x1 + length * Math.cos(angle)));
      const y2 = Math.max(borders.top + 1.5, Math.min(h * 0.62, y1 + length * Math.sin(angle)));
      scratches.push({ x1, y1, x2, y2 });
    }
  }
  const d: CardDesign = {
    size,
    borders,
    holo: variant === 'holo' && face === 'front',
    borderColour: rng.pick(BORDER_COLOURS.slice(0, 3)),
    artHue: rng.int(0, 359),
    cornerWhitening: worn ? [rng.range(0.4, 1.2), 0, rng.range(0, 0.6), 0] : [0, 0, 0, 0],
    edgeWhitening: worn ? [{ side: rng.int(0, 3), start: 20, length: rng.range(2, 6) }] : [],
    scratches,
  };
  if (borderPrint && borders) {
    // A line of small print in the bottom border (an artist credit, a set code): glyph-sized
    // marks in a colour that stands out from the border. Drawn last, so other seeds stay the same.
    const { w, h } = SIZES[size];
    const height = Math.min(0.9, 0.35 * borders.bottom);
    const y = h - borders.bottom / 2 - height / 2;
    const glyphs: { x: number; y: number; w: number; h: number }[] = [];
    for (let x = rng.range(4, 10), end = x + rng.range(15, 30); x < Math.min(end, w - 5);) {
      const gw = rng.range(0.25, 0.6);
      glyphs.push({ x, y, w: gw, h: height * rng.range(0.7, 1) });
      x += gw + (rng.next() < 0.2 ? 0.5 : 0.15);
    }
    d.borderPrint = { colour: d.borderColour === '#1b1b1b' ? '#cfcfcf' : '#2a2a2a', glyphs };
  }
  if (crease && face === 'front') {
    // A fold line through a point of the card, at any angle, cut to stay 2 mm inside the outline.
    // Drawn only when asked for, so every case without one stays as it was.
    const { w, h } = SIZES[size];
    const angle = rng.range(0, Math.PI);
    const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
    const cx = rng.range(0.3, 0.7) * w;
    const cy = rng.range(0.25, 0.75) * h;
    const half = rng.range(6, 35);
    // How far the line can run each way before it comes within 2 mm of a side.
    const reach = (sx: number, sy: number) =>
      Math.min(
        sx > 0 ? (w - 2 - cx) / sx : sx < 0 ? (2 - cx) / sx : Infinity,
        sy > 0 ? (h - 2 - cy) / sy : sy < 0 ? (2 - cy) / sy : Infinity,
      );
    const forward = Math.min(half, reach(ux, uy));
    const back = Math.min(half, reach(-ux, -uy));
    d.creases = [
      {
        x1: cx - back * ux,
        y1: cy - back * uy,
        x2: cx + forward * ux,
        y2: cy + forward * uy,
        width: rng.range(0.3, 0.6),
        strength: rng.range(0.3, 0.5),
      },
    ];
  }
  if (printLine && face === 'front') {
    // Across the card along the press's direction, light or dark, a tenth to a quarter of a
    // millimetre wide and faint. Drawn only when asked for, like the crease.
    const { w, h } = SIZES[size];
    const vertical = rng.next() < 0.5;
    const light = rng.next() < 0.5;
    d.printLines = [
      {
        vertical,
        at: rng.range(0.2, 0.8) * (vertical ? w : h),
        width: rng.range(0.1, 0.25),
        colour: light ? '#ffffff' : '#000000',
        opacity: rng.range(0.2, 0.35),
      },
    ];
  }
  return d;
}

/** One synthetic front/back pair with its ground truth. */
export async function generateCase(
  options: SynthOptions,
): Promise<{ front: Buffer; back: Buffer; truth: GroundTruth }> {
  const rng = seededRandom(options.seed);
  const frame = options.frame ?? '12mp';
  const sizeRoll = rng.next();
  const size: CardDesign['size'] = options.size ?? (sizeRoll < 0.8 ? 'standard' : 'small');
  const background = options.background ?? rng.pick<Background>(['white_paper', 'dark_cloth', 'wood', 'grey_table']);
  const faces = {} as Record<
    'front' | 'back',
    { jpeg: Buffer; pxPerMm: number; design: CardDesign; corners: { x: number; y: number }[] }
  >;
  for (const face of ['front', 'back'] as const) {
    const d = design(rng, options.variant, size, face, options.borderPrint, options.crease, options.printLine);
    const flat = await renderCardFace(d, rng);
    const setup: PhotoSetup = {
      frame: FRAMES[frame],
      background,
      fill: rng.range(0.7, 0.85),
      rotationDeg: rng.range(-8, 8),
      tilt: rng.range(0, 0.17),
      blurSigma: options.blurSigma ?? rng.range(0, 0.8),
      noise: rng.range(1, 5),
      jpegQuality: rng.int(75, 95),
      ...(options.glare && face === 'front'
        ? {
            glare: {
              x: FRAMES[frame].width / 2 + rng.range(-0.05, 0.05) * FRAMES[frame].width,
              y: FRAMES[frame].height * rng.range(0.35, 0.6),
              radius: FRAMES[frame].height * (options.glare === 'heavy' ? 0.6 : 0.06),
              peak: options.glare === 'heavy' ? 1.4 : 0.95,
            },
          }
        : {}),
    };
    if (options.shadow) {
      // Drawn only when asked for, so the photos every other seed gives stay the same.
      const angle = rng.range(0, 2 * Math.PI);
      const offset = rng.range(0.6, 1.8);
      setup.shadow = {
        dxMm: offset * Math.cos(angle),
        dyMm: offset * Math.sin(angle),
        softMm: rng.range(0.3, 1.2),
        strength: rng.range(0.2, 0.45),
      };
    }
    const shot = await photograph(flat, d, setup, rng);
    faces[face] = { jpeg: shot.jpeg, pxPerMm: shot.pxPerMm, design: d, corners: shot.corners };
  }
  const centering = (d: CardDesign): CenteringTruth =>
    d.borders
      ? {
          measurable: true,
          leftRight: pair(d.borders.left, d.borders.right),
          topBottom: pair(d.borders.top, d.borders.bottom),
        }
      : { measurable: false };
  const centeringScores = (['front', 'back'] as const).flatMap((face) => {
    const c = centering(faces[face].design);
    if (!c.measurable || !c.leftRight || !c.topBottom) return [];
    const worst = Math.max(c.leftRight[0], c.topBottom[0]);
    return [face === 'front' ? frontCenteringGrade(worst) : backCenteringGrade(worst)];
  });
  const expectedCentering = centeringScores.length ? Math.min(...centeringScores) : null;
  const corners = Math.min(
    ...[...faces.front.design.cornerWhitening, ...faces.back.design.cornerWhitening].map(cornerViewGrade),
  );
  const edgeLength = [...faces.front.design.edgeWhitening, ...faces.back.design.edgeWhitening].reduce(
    (t, e) => t + e.length,
    0,
  );
  const edges = edgesGrade(edgeLength);
  const scratchMm = (d: CardDesign) => d.scratches.reduce((t, sc) => t + Math.hypot(sc.x2 - sc.x1, sc.y2 - sc.y1), 0);
  const creaseLengths = (d: CardDesign) => (d.creases ?? []).map((c) => Math.hypot(c.x2 - c.x1, c.y2 - c.y1));
  const allCreases = [...creaseLengths(faces.front.design), ...creaseLengths(faces.back.design)];
  // A print line counts as a scratch of its length at half weight (docs/grading.md).
  const printLineMm = (d: CardDesign) =>
    (d.printLines ?? []).map((l) => (l.vertical ? SIZES[d.size].h : SIZES[d.size].w));
  const lineScore = (d: CardDesign) => scratchMm(d) + 0.5 * printLineMm(d).reduce((t, v) => t + v, 0);
  const surface = surfaceGrade(lineScore(faces.front.design) + 0.5 * lineScore(faces.back.design), {
    count: allCreases.length,
    longestMm: Math.max(0, ...allCreases),
  });
  const expected = { centering: expectedCentering, corners, edges, surface };
  return {
    front: faces.front.jpeg,
    back: faces.back.jpeg,
    truth: {
      cardSize: size,
      centering: { front: centering(faces.front.design), back: centering(faces.back.design) },
      cornerWhitening: { front: faces.front.design.cornerWhitening, back: faces.back.design.cornerWhitening },
      pxPerMm: { front: faces.front.pxPerMm, back: faces.back.pxPerMm },
      corners: { front: faces.front.corners, back: faces.back.corners },
      scratchMm: { front: scratchMm(faces.front.design), back: scratchMm(faces.back.design) },
      creasesMm: { front: creaseLengths(faces.front.design), back: creaseLengths(faces.back.design) },
      printLinesMm: { front: printLineMm(faces.front.design), back: printLineMm(faces.back.design) },
      frame,
      expected: { ...expected, overall: overallScore(expected) },
    },
  };
}

export { SIZES };
