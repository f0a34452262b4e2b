// Drawn rectified faces for the measurement tests: a card with rounded corners, a printed border
// of one colour and art inside it, on a plain table, with no blur.
import { rgbToLab } from '../image/color.ts';
import type { RectifiedFace } from '../rectify.ts';
import type { BorderMeasurement } from './centering.ts';
import { labFace, type LabFace } from './lab-grid.ts';
import { SIDES } from './sides.ts';

export type Rgb = [number, number, number];

export interface DrawnCard {
  table: Rgb;
  border: Rgb;
  art: Rgb;
  borderMm: number;
  /** A colour for the point (x, y) in card mm that replaces what is drawn there (wear, a shadow), or undefined. */
  paint?: (x: number, y: number) => Rgb | undefined;
  /** The photo's own resolution the face was rectified from (20 px per mm unless given). */
  photoPxPerMm?: number;
}

const WIDTH_MM = 63;
const HEIGHT_MM = 88;
const PX_PER_MM = 16;
const MARGIN_MM = 1.5;
const RADIUS_MM = 3;

/** Whether (x, y) in mm lies on a 63 x 88 mm card with ideal 3 mm corners. */
function onCard(x: number, y: number): boolean {
  if (x < 0 || y < 0 || x > WIDTH_MM || y > HEIGHT_MM) return false;
  const cx = Math.min(Math.max(x, RADIUS_MM), WIDTH_MM - RADIUS_MM);
  const cy = Math.min(Math.max(y, RADIUS_MM), HEIGHT_MM - RADIUS_MM);
  return Math.hypot(x - cx, y - cy) <= RADIUS_MM;
}

/** The face as rectification leaves it, photographed at 20 px per mm unless the card says; each pixel coloured at its centre. */
export function drawFace(card: DrawnCard): LabFace {
  const width = Math.round((WIDTH_MM + 2 * MARGIN_MM) * PX_PER_MM);
  const height = Math.round((HEIGHT_MM + 2 * MARGIN_MM) * PX_PER_MM);
  const data = new Uint8Array(width * height * 3);
  for (let py = 0; py < height; py += 1) {
    for (let px = 0; px < width; px += 1) {
      const x = (px + 0.5) / PX_PER_MM - MARGIN_MM;
      const y = (py + 0.5) / PX_PER_MM - MARGIN_MM;
      const b = card.borderMm;
      const inArt = x > b && y > b && x < WIDTH_MM - b && y < HEIGHT_MM - b;
      const colour = card.paint?.(x, y) ?? (!onCard(x, y) ? card.table : inArt ? card.art : card.border);
      data.set(colour, (py * width + px) * 3);
    }
  }
  const face: RectifiedFace = {
    raster: { data, width, height, channels: 3 },
    widthMm: WIDTH_MM,
    heightMm: HEIGHT_MM,
    pxPerMm: PX_PER_MM,
    marginMm: MARGIN_MM,
    photoPxPerMm: card.photoPxPerMm ?? 20,
  };
  return labFace(face);
}

/** What the border measurement reads on a drawn card: its border width at every station, its colours. */
export function bordersOf(card: DrawnCard): BorderMeasurement {
  const every = <T>(value: () => T) =>
    Object.fromEntries(SIDES.map((side) => [side, value()])) as Record<(typeof SIDES)[number], T>;
  return {
    stations: every(() => Array<number | null>(9).fill(card.borderMm)),
    colour: every(() => rgbToLab(...card.border)),
    uniform: every(() => true),
    background: rgbToLab(...card.table),
    photoPxPerMm: 20,
    sizeMm: { width: WIDTH_MM, height: HEIGHT_MM },
  };
}
