import { orderTopShort, plausibleCard } from '../geometry/card-corners.ts';
import { cornersOfSides, distance, fitLine, robustFitLine, type Line, type Point } from '../geometry/homography.ts';
import { quantile } from '../geometry/median.ts';
import { backgroundDistance, type Lab } from '../image/color.ts';
import type { PhotoRegion, Raster } from '../image/raster.ts';
import type { LocatedCard, Refined } from './card-types.ts';
import { alongStep, findStep, Profile, riseAt, shadowLike, SHARPEST_SHARE, stepStandsClear } from './edge-profile.ts';
import { finderRejection } from './rejections.ts';

/** How far outside the rough outline the side search reads: up to 11% of the side's length. */
const reachOf = (sideLength: number) => Math.max(8, sideLength * 0.11);

/**
 * The part of the photo the side search and the rectified face read: the rough outline, the
 * search's reach beyond it and a few millimetres more, within the photo. Only this part is
 * decoded at full resolution, about half of a 12-megapixel frame.
 */
export function regionToRefine(
  card: LocatedCard,
  photoWidth: number,
  photoHeight: number,
): { left: number; top: number; width: number; height: number } {
  const { coarse } = card;
  const sides = coarse.map((p, i) => distance(p, coarse[(i + 1) % 4]!));
  const roughPxPerMm = Math.min(...sides) / 59;
  const margin = Math.ceil(reachOf(Math.max(...sides)) + 3 * roughPxPerMm + 8);
  const left = Math.max(0, Math.floor(Math.min(...coarse.map((p) => p.x)) - margin));
  const top = Math.max(0, Math.floor(Math.min(...coarse.map((p) => p.y)) - margin));
  const right = Math.min(photoWidth, Math.ceil(Math.max(...coarse.map((p) => p.x)) + margin));
  const bottom = Math.min(photoHeight, Math.ceil(Math.max(...coarse.map((p) => p.y)) + margin));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** The card's sides fitted in the full-resolution pixels of the region around it; corners in photo pixels. */
export function refineCard(region: PhotoRegion, card: LocatedCard, photoWidth: number, photoHeight: number): Refined {
  const { left, top } = region;
  const coarse = card.coarse.map((p) => ({ x: p.x - left, y: p.y - top })) as [Point, Point, Point, Point];
  const refined = refineSides(region.raster, coarse, card.background, card.backgroundSpread, card.reachPx);
  const corners = refined?.corners.map((p) => ({ x: p.x + left, y: p.y + top })) as
    [Point, Point, Point, Point] | undefined;
  if (!refined || !corners || !plausibleCard(corners, { width: photoWidth, height: photoHeight })) {
    return finderRejection('edges_not_found');
  }
  return {
    ok: true,
    card: { corners: orderTopShort(corners), background: card.background, edgeRisePx: refined.edgeRisePx },
    sidesFitted: refined.sidesFitted,
  };
}

/** Edge profiles across each side: enough for a robust line fit. */
const PROFILES = 48;

/**
 * For each side, finds edge points along the normal in the full-resolution photo (where the
 * colour distance to the background crosses half-way), fits a line, and intersects the lines.
 */
function refineSides(
  photo: Raster,
  coarse: [Point, Point, Point, Point],
  bg: Lab,
  backgroundSpread: number,
  reachPx?: number,
): { corners: [Point, Point, Point, Point]; edgeRisePx: number; sidesFitted: number } | null {
  const centre = { x: coarse.reduce((s, p) => s + p.x, 0) / 4, y: coarse.reduce((s, p) => s + p.y, 0) / 4 };
  const lines: Line[] = [];
  const rises: number[] = [];
  let sidesFitted = 0;
  // The card's shadow on the table is the table, darker: the outline is where the card starts.
  const fromBackground = backgroundDistance(bg);
  for (let side = 0; side < 4; side += 1) {
    const a = coarse[side]!;
    const b = coarse[(side + 1) % 4]!;
    const length = distance(a, b);
    const dir = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
    let normal = { x: -dir.y, y: dir.x };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if ((mid.x - centre.x) * normal.x + (mid.y - centre.y) * normal.y < 0) normal = { x: -normal.x, y: -normal.y };
    // Coarse corners sit on the rounded corners, up to a few percent inside the true sides, or
    // on the artwork when a border as dark as the background was left out of the mask.
    const reach = reachPx ?? reachOf(length);
    const steps = Math.ceil(reach * 2);
    const points: Point[] = [];
    // The 10-90% rise at each point (NaN where the step's contrast is too low to tell).
    const pointRises: number[] = [];
    // One profile at a time: each reuses these, writing every step before it reads it.
    const buffers = {
      colours: new Float32Array((steps + 1) * 3),
      values: new Float64Array(steps + 1),
      read: new Uint8Array(steps + 1),
    };
    for (let k = 0; k < PROFILES; k += 1) {
      const t = 0.12 + (0.76 * k) / (PROFILES - 1);
      const base = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      const profile = new Profile(photo, base, normal, dir, reach, steps, fromBackground, buffers);
      // Beyond the photo's edge the profile continues flat from the last pixel inside it; a
      // profile that leaves the photo again further in is not used.
      if (profile.firstInside < 0 || profile.firstInside > steps * 0.47 || !profile.insideFromFirst) continue;
      const outside = Math.ceil(steps * 0.08);
      const outer = profile.median(0, outside);
      const noise = profile.median(0, outside, outer);
      // The first lasting step from the background is the outline, even when the border is
      // close to the background and the artwork inside it stands out far more.
      // Never less than the background's own variation across the photo (wood grain, cloth).
      const rise = Math.max(3, 4 * noise, 0.55 * backgroundSpread);
      const sustain = Math.max(3, Math.round(steps * 0.02));
      let step = findStep(profile, 1, outer, rise, sustain);
      if (!step) continue;
      // A soft step into a darker shade of the table, with another step soon after it, is the
      // card's shadow (a lamp to one side, a card in a sleeve): the outline is the next step.
      if (shadowLike(profile, step, steps, length / 75)) {
        const next = findStep(
          profile,
          Math.round(step.half) + sustain,
          step.top,
          Math.max(rise, 3 * noise + 3),
          sustain,
          Math.round(step.half + length * 0.04),
          true,
        );
        if (next) step = next;
      }
      const half = step.half;
      // Sharpness from the step itself; where the outline is too faint to tell (a black border
      // on dark cloth), from the next printed edge inside it (border to art), just as sharp.
      const h = Math.round(half);
      // Timed on the profile's colours (edge-profile.ts alongStep), where the step stands clear of the table.
      const across = stepStandsClear(profile, h) ? alongStep(profile, h) : null;
      let riseSamples = across ? riseAt(across, h, true, true) : Number.NaN;
      if (Number.isNaN(riseSamples)) {
        const inside = profile.median(h + 3, h + 10);
        const limit = Math.min(steps - 10, h + Math.round(steps * 0.3));
        let k2 = h + 3;
        while (k2 < limit && Math.abs(profile.at(k2) - inside) < 20) k2 += 1;
        if (k2 < limit) {
          const after = profile.median(k2 + 3, k2 + 10);
          const mid = (inside + after) / 2;
          let c = k2;
          while (c > h + 3 && (profile.at(c - 1) - mid) * (after - inside) >= 0) c -= 1;
          riseSamples = riseAt(profile, c, false);
        }
      }
      const rise10to90 = (riseSamples * 2 * reach) / steps;
      const offset = reach - (2 * reach * half) / steps;
      points.push({ x: base.x + normal.x * offset, y: base.y + normal.y * offset });
      pointRises.push(rise10to90);
    }
    const coarseLine = fitLine([a, b]);
    if (points.length < PROFILES * 0.15) {
      lines.push(coarseLine);
      continue;
    }
    // A fit that turned away from the outline (a textured background, a shadow) is not the side.
    // Within a quarter of a percent of the side's length: a card bowed a little still fits one line.
    const tolerance = Math.max(1.5, 0.0025 * length);
    const fitted = robustFitLine(points, tolerance);
    const agrees = Math.abs(fitted.a * coarseLine.a + fitted.b * coarseLine.b) > Math.cos((6 * Math.PI) / 180);
    lines.push(agrees ? fitted : coarseLine);
    if (agrees) sidesFitted += 1;
    // Blur is read only where the profile found the outline itself, not the art inside it.
    points.forEach((q, i) => {
      const rise = pointRises[i]!;
      if (agrees && !Number.isNaN(rise) && Math.abs(fitted.a * q.x + fitted.b * q.y - fitted.c) <= tolerance)
        rises.push(rise);
    });
  }
  // Sampling above counts pixel centres at whole numbers; the rest of the engine (rectify)
  // puts pixel i's centre at i + 0.5, so the corners move by half a pixel.
  const corners = cornersOfSides(lines, { x: 0.5, y: 0.5 });
  return corners ? { corners, edgeRisePx: quantile(rises, SHARPEST_SHARE), sidesFitted } : null;
}
