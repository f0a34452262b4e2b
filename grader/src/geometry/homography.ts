export interface Point {
  x: number;
  y: number;
}

/** 3x3 projective transform, row-major. */
export type Homography = [number, number, number, number, number, number, number, number, number];

/** The homography taking the four `from` points onto the four `to` points (direct linear solve). */
export function homographyFrom(from: Point[], to: Point[]): Homography {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
}

export function applyHomography(h: Homography, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

/** Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) throw new Error('degenerate points: no homography');
    for (let r = 0; r < n; r += 1) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      if (f === 0) continue;
      for (let c = col; c <= n; c += 1) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

export interface Line {
  /** Unit normal (a, b) and offset c: a x + b y = c. */
  a: number;
  b: number;
  c: number;
}

/** Total-least-squares line through points. */
export function fitLine(points: Point[]): Line {
  const n = points.length;
  let mx = 0;
  let my = 0;
  for (const p of points) {
    mx += p.x;
    my += p.y;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of points) {
    const dx = p.x - mx;
    const dy = p.y - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  // The normal is the eigenvector of the smaller eigenvalue of the scatter matrix.
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const a = -Math.sin(theta);
  const b = Math.cos(theta);
  return { a, b, c: a * mx + b * my };
}

/**
 * A line through the points most of them agree on. The consensus line comes first: of the lines
 * through two of the points, the one with the most points within `tolerance` of it (so a run
 * of stray points, texture or a shadow along part of a side, cannot tilt it); then a least
 * squares fit of those points, dropping the farthest twice.
 */
export function robustFitLine(points: Point[], tolerance: number): Line {
  let kept = consensus(points, tolerance);
  let line = fitLine(kept);
  for (let round = 0; round < 3 && kept.length > 8; round += 1) {
    const distances = kept.map((p) => Math.abs(line.a * p.x + line.b * p.y - line.c));
    const sorted = [...distances].sort((x, y) => x - y);
    const limit = Math.max(tolerance, 2.5 * (sorted[Math.floor(sorted.length / 2)] ?? 0));
    const next = kept.filter((_, i) => distances[i]! <= limit);
    if (next.length === kept.length || next.length < 6) break;
    kept = next;
    line = fitLine(kept);
  }
  return line;
}

/** The points within `tolerance` of the best-supported line through two of (at most 40 of) them. */
function consensus(points: Point[], tolerance: number): Point[] {
  if (points.length < 6) return points;
  const stride = Math.max(1, Math.floor(points.length / 40));
  const candidates = points.filter((_, i) => i % stride === 0);
  const cx = Float64Array.from(candidates, (r) => r.x);
  const cy = Float64Array.from(candidates, (r) => r.y);
  // Support is counted on at most about 160 of the points: enough to tell the lines apart.
  const judgeStride = Math.max(1, Math.floor(points.length / 160));
  const judges = points.filter((_, i) => i % judgeStride === 0);
  const jx = Float64Array.from(judges, (r) => r.x);
  const jy = Float64Array.from(judges, (r) => r.y);
  let bestLine: { a: number; b: number; c: number } | null = null;
  let bestCount = 0;
  for (let i = 0; i < cx.length; i += 1) {
    const px = cx[i]!;
    const py = cy[i]!;
    for (let j = i + 1; j < cx.length; j += 1) {
      const qx = cx[j]!;
      const qy = cy[j]!;
      const length = Math.sqrt((qx - px) ** 2 + (qy - py) ** 2);
      if (length === 0) continue;
      const a = -(qy - py) / length;
      const b = (qx - px) / length;
      const c = a * px + b * py;
      const count = support(jx, jy, a, b, c, tolerance, bestCount);
      if (count > bestCount) {
        bestCount = count;
        bestLine = { a, b, c };
      }
    }
  }
  if (!bestLine) return points;
  const { a, b, c } = bestLine;
  const best = points.filter((r) => Math.abs(a * r.x + b * r.y - c) <= tolerance);
  return best.length >= 2 ? best : points;
}

/**
 * How many judges lie within `tolerance` of the line, counted only as far as it can still beat
 * `toBeat` (a smaller count is returned once it cannot).
 */
function support(
  jx: Float64Array,
  jy: Float64Array,
  a: number,
  b: number,
  c: number,
  tolerance: number,
  toBeat: number,
): number {
  const nj = jx.length;
  // Once this many judges are off the line, the rest cannot lift the count above `toBeat`.
  const allowedMisses = nj - toBeat;
  let misses = 0;
  for (let k = 0; k < nj; k += 1) {
    if (!(Math.abs(a * jx[k]! + b * jy[k]! - c) <= tolerance) && ++misses >= allowedMisses) return nj - misses;
  }
  return nj - misses;
}

export function intersect(l1: Line, l2: Line): Point {
  const det = l1.a * l2.b - l2.a * l1.b;
  if (Math.abs(det) < 1e-9) throw new Error('parallel lines');
  return { x: (l1.c * l2.b - l2.c * l1.b) / det, y: (l1.a * l2.c - l2.a * l1.c) / det };
}

/**
 * The quadrilateral four sides make (side i running from corner i to corner i + 1, so corner i
 * lies where sides i - 1 and i meet), each corner moved by `shift`; null where two neighbouring
 * sides are parallel.
 */
export function cornersOfSides(
  sides: readonly Line[],
  shift: Point = { x: 0, y: 0 },
): [Point, Point, Point, Point] | null {
  try {
    return [0, 1, 2, 3].map((i) => {
      const p = intersect(sides[(i + 3) % 4]!, sides[i]!);
      return { x: p.x + shift.x, y: p.y + shift.y };
    }) as [Point, Point, Point, Point];
  } catch {
    return null;
  }
}

export const distance = (p: Point, q: Point) => Math.hypot(p.x - q.x, p.y - q.y);
