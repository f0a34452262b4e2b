import { seededRandom, type Random } from '../random.ts';
import type { Box } from './art.ts';
import { fibreImage, fibreSeed } from './fibre.ts';

/**
 * Wear drawn onto a face, in mm, together with what it measures. Whitening is the white paper
 * core showing through; a scratch a thin light ridge with a dark hairline beside it; a crease a
 * fold with a lit and a shaded side; a print line a faint straight line from edge to edge.
 */
export interface FaceDamage {
  /** Radius in mm of the whitened patch at each corner (TL, TR, BR, BL), centred where the rounded corner meets the diagonal. */
  cornerWhitening: [number, number, number, number];
  /** Stretches of whitened or chipped edge; side 0 top, 1 right, 2 bottom, 3 left; depth in mm from the edge inwards. */
  edges: { side: number; start: number; length: number; depth: number }[];
  scratches: { points: [number, number][] }[];
  creases: { x1: number; y1: number; x2: number; y2: number }[];
  printLines: { vertical: boolean; at: number; width: number; light: boolean; opacity: number }[];
}

export const noDamage = (): FaceDamage => ({
  cornerWhitening: [0, 0, 0, 0] as [number, number, number, number],
  edges: [],
  scratches: [],
  creases: [],
  printLines: [],
});

export const polylineLength = (points: [number, number][]) =>
  points.slice(1).reduce((t, p, i) => t + Math.hypot(p[0] - points[i]![0], p[1] - points[i]![1]), 0);

export interface DamageWish {
  corners: boolean;
  edges: boolean;
  scratches: boolean;
  crease: boolean;
  printLine: boolean;
}

/** Wear for one face of a w x h mm card with corner radius r. */
export function pickDamage(rng: Random, wish: DamageWish, w: number, h: number, r: number): FaceDamage {
  const d = noDamage();
  if (wish.corners) {
    for (let i = 0; i < 4; i += 1)
      if (rng.next() < 0.5) d.cornerWhitening[i] = rng.next() < 0.7 ? rng.range(0.2, 1.0) : rng.range(1.0, 2.6);
    if (Math.max(...d.cornerWhitening) === 0) d.cornerWhitening[rng.int(0, 3)] = rng.range(0.25, 1.2);
  }
  if (wish.edges) {
    for (let i = 0, n = rng.int(1, 3); i < n; i += 1) {
      const side = rng.int(0, 3);
      const along = side % 2 === 0 ? w : h;
      const length = rng.range(1, 6);
      d.edges.push({
        side,
        start: rng.range(r + 2, along - r - 2 - length),
        length,
        depth: rng.next() < 0.75 ? rng.range(0.1, 0.28) : rng.range(0.35, 0.7),
      });
    }
  }
  if (wish.scratches) {
    for (let i = 0, n = rng.int(1, 3); i < n; i += 1) {
      const length = rng.range(3, 18);
      const a = rng.range(0, Math.PI);
      const [ux, uy] = [Math.cos(a), Math.sin(a)];
      // Start so the whole scratch stays 3 mm inside the card.
      const x0 = rng.range(3 + Math.max(0, -ux * length), w - 3 - Math.max(0, ux * length));
      const y0 = rng.range(3, h - 3 - uy * length);
      const bend = rng.range(-0.4, 0.4);
      const points: [number, number][] = [];
      for (let k = 0; k <= 4; k += 1) {
        const t = k / 4;
        const off = bend * Math.sin(Math.PI * t);
        points.push([x0 + ux * length * t - uy * off, y0 + uy * length * t + ux * off]);
      }
      d.scratches.push({ points });
    }
  }
  if (wish.crease) {
    const a = rng.range(0, Math.PI);
    const [ux, uy] = [Math.cos(a), Math.sin(a)];
    const cx = rng.range(0.3, 0.7) * w;
    const cy = rng.range(0.25, 0.75) * h;
    const half = rng.range(6, 35);
    // Up to 2 mm from the outline each way: creases rarely run cleanly off the card in photos.
    const reach = (sx: number, sy: number) =>
      Math.min(
        sx > 0 ? (w - 2 - cx) / sx : sx < 0 ? (2 - cx) / sx : Infinity,
        sy > 0 ? (h - 2 - cy) / sy : sy < 0 ? (2 - cy) / sy : Infinity,
      );
    const f = Math.min(half, reach(ux, uy));
    const b = Math.min(half, reach(-ux, -uy));
    d.creases.push({ x1: cx - b * ux, y1: cy - b * uy, x2: cx + f * ux, y2: cy + f * uy });
  }
  if (wish.printLine) {
    const vertical = rng.next() < 0.5;
    d.printLines.push({
      vertical,
      at: rng.range(0.2, 0.8) * (vertical ? w : h),
      width: rng.range(0.1, 0.25),
      light: rng.next() < 0.5,
      opacity: rng.range(0.2, 0.35),
    });
  }
  return d;
}

/** The corner patch's outline: `points` radii wandering 15% about `radius`, from the face's stream as before. */
function ragged(rng: Random, cx: number, cy: number, radius: number, points = 28): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < points; i += 1) {
    const a = (2 * Math.PI * i) / points;
    const r = radius * rng.range(0.85, 1.15);
    out.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return out;
}

/** How far, in mm, the broken print layer's boundary wanders in or out between the outline's points. */
const FRAY_MM = 0.05;

/**
 * Where the print layer broke the boundary is jagged at a finer scale than the outline's own
 * points: two more points between each pair, pushed in or out by up to FRAY_MM (at most a tenth
 * of the radius), from a generator of its own so the face's stream is untouched.
 */
function frayed(seed: number, cx: number, cy: number, radius: number, outline: [number, number][]): string {
  const fray = seededRandom(seed);
  const amplitude = Math.min(FRAY_MM, 0.1 * radius);
  let d = '';
  outline.forEach((p, i) => {
    const q = outline[(i + 1) % outline.length]!;
    for (const t of [0, 1 / 3, 2 / 3]) {
      const x = p[0] + (q[0] - p[0]) * t;
      const y = p[1] + (q[1] - p[1]) * t;
      const len = Math.hypot(x - cx, y - cy) || 1;
      const push = t === 0 ? 0 : fray.range(-amplitude, amplitude);
      d += `${d ? 'L' : 'M'}${(x + ((x - cx) / len) * push).toFixed(3)} ${(y + ((y - cy) / len) * push).toFixed(3)}`;
    }
  });
  return `${d}Z`;
}

/**
 * The shadow of the raised, broken coating along the worn boundary: thin, faint and broken (dashes
 * 0.15 to 0.8 mm, gaps 0.05 to 0.3 mm), so the outline is traceable on white without being drawn round.
 */
const LIP_MM = 0.05;
const LIP_COLOUR = '#5a554d';
const LIP_OPACITY = 0.3;
function lipDashes(seed: number): string {
  const dash = seededRandom(seed);
  const lengths = Array.from({ length: 16 }, (_, i) => (i % 2 ? dash.range(0.05, 0.3) : dash.range(0.15, 0.8)));
  return lengths.map((v) => v.toFixed(3)).join(' ');
}

/**
 * A worn area: exposed fibre clipped to `outline`, with the lip drawn inside it along `rim` (twice
 * as wide, half of it clipped away), so that no pixel outside the worn outline changes.
 */
function exposedCore(id: string, outline: string, rim: string, box: Box, seed: number): string {
  return (
    `<clipPath id="${id}"><path d="${outline}"/></clipPath><g clip-path="url(#${id})">${fibreImage(seed, box)}` +
    `<path d="${rim}" fill="none" stroke="${LIP_COLOUR}" stroke-width="${2 * LIP_MM}" stroke-dasharray="${lipDashes(seed ^ 0xd45)}" opacity="${LIP_OPACITY}" stroke-linejoin="round"/></g>`
  );
}

/** The box around `points`, cut to the w x h face. */
function boxOf(points: [number, number][], w: number, h: number): Box {
  const margin = FRAY_MM;
  const x0 = Math.max(0, Math.min(...points.map((p) => p[0])) - margin);
  const y0 = Math.max(0, Math.min(...points.map((p) => p[1])) - margin);
  const x1 = Math.min(w, Math.max(...points.map((p) => p[0])) + margin);
  const y1 = Math.min(h, Math.max(...points.map((p) => p[1])) + margin);
  return { x: x0, y: y0, w: Math.max(0.04, x1 - x0), h: Math.max(0.04, y1 - y0) };
}

const pathOf = (points: [number, number][]) =>
  points.map((p, i) => `${i ? 'L' : 'M'}${p[0].toFixed(3)} ${p[1].toFixed(3)}`).join('');

/** The damage as SVG, drawn inside the card's outline clip. */
export function damageSvg(rng: Random, d: FaceDamage, w: number, h: number, r: number): string {
  let s = '';
  const apex = r * (1 - Math.SQRT1_2);
  const apexes: [number, number][] = [
    [apex, apex],
    [w - apex, apex],
    [w - apex, h - apex],
    [apex, h - apex],
  ];
  d.cornerWhitening.forEach((radius, i) => {
    if (radius > 0) {
      const [cx, cy] = apexes[i]!;
      const outline = ragged(rng, cx, cy, radius);
      const seed = fibreSeed(radius, i, cx, cy, w, h);
      const path = frayed(seed ^ 0x5eed, cx, cy, radius, outline);
      s += exposedCore(`wear${i}`, path, path, boxOf(outline, w, h), seed);
    }
  });
  d.edges.forEach((e, n) => {
    // A band along the edge whose depth wanders between half and all of the stated depth.
    const steps = Math.max(4, Math.round(e.length / 0.25));
    // The point `along` mm down the stretch's side and `depth` mm in from the edge (negative: outside the card).
    const at = (along: number, depth: number): [number, number] =>
      e.side === 0
        ? [along, depth]
        : e.side === 1
          ? [w - depth, along]
          : e.side === 2
            ? [w - along, h - depth]
            : [depth, h - along];
    const pts: [number, number][] = [];
    for (let k = 0; k <= steps; k += 1) {
      const t = e.start + (e.length * k) / steps;
      const depth = k === 0 || k === steps ? 0 : e.depth * rng.range(0.5, 1);
      pts.push(at(t, depth));
    }
    const outside = [at(e.start + e.length, -1), at(e.start, -1)];
    const seed = fibreSeed(e.side, e.start, e.length, e.depth, n, w, h);
    s += exposedCore(`wear${4 + n}`, `${pathOf([...pts, ...outside])}Z`, pathOf(pts), boxOf(pts, w, h), seed);
  });
  for (const sc of d.scratches) {
    const pts = sc.points.map((p) => `${p[0].toFixed(3)},${p[1].toFixed(3)}`).join(' ');
    const width = rng.range(0.06, 0.12);
    s += `<polyline points="${pts}" fill="none" stroke="#000" stroke-width="${width.toFixed(3)}" opacity="0.25" transform="translate(0.05 0.05)"/>`;
    s += `<polyline points="${pts}" fill="none" stroke="#fff" stroke-width="${width.toFixed(3)}" opacity="${rng.range(0.55, 0.8).toFixed(2)}" stroke-linecap="round"/>`;
  }
  for (const c of d.creases) {
    const len = Math.hypot(c.x2 - c.x1, c.y2 - c.y1);
    const [nx, ny] = [-(c.y2 - c.y1) / len, (c.x2 - c.x1) / len];
    const o = 0.14;
    s += `<line x1="${c.x1 + nx * o}" y1="${c.y1 + ny * o}" x2="${c.x2 + nx * o}" y2="${c.y2 + ny * o}" stroke="#fff" stroke-width="0.26" opacity="${rng.range(0.4, 0.6).toFixed(2)}" stroke-linecap="round"/>`;
    s += `<line x1="${c.x1 - nx * o}" y1="${c.y1 - ny * o}" x2="${c.x2 - nx * o}" y2="${c.y2 - ny * o}" stroke="#000" stroke-width="0.26" opacity="${rng.range(0.3, 0.45).toFixed(2)}" stroke-linecap="round"/>`;
  }
  for (const p of d.printLines) {
    const colour = p.light ? '#fff' : '#000';
    s += p.vertical
      ? `<rect x="${p.at - p.width / 2}" y="0" width="${p.width}" height="${h}" fill="${colour}" opacity="${p.opacity.toFixed(2)}"/>`
      : `<rect x="0" y="${p.at - p.width / 2}" width="${w}" height="${p.width}" fill="${colour}" opacity="${p.opacity.toFixed(2)}"/>`;
  }
  return s;
}
