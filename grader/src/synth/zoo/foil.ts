import type { Random } from '../random.ts';
import type { Box } from './art.ts';

/**
 * Foil printing as seen in a photo: a rainbow sheen that sweeps across the foil, sparkle
 * points, the textured reverse-holo pattern of a border or frame, and etched line patterns.
 * All of it is printing: a grader must see through it.
 */
export type FoilKind = 'none' | 'holo' | 'reverse' | 'etched' | 'sparkle';

export function rainbowSheen(rng: Random, box: Box, id: string, strength = rng.range(0.2, 0.4)): string {
  const angle = rng.range(0, 180);
  const hues = ['#ff5d73', '#ffd35c', '#7dff8a', '#5ce1ff', '#9b7bff', '#ff5d73'];
  const offset = rng.range(0, 0.4);
  const stops = hues
    .map(
      (c, i) =>
        `<stop offset="${Math.min(1, offset + (i / (hues.length - 1)) * (1 - offset)).toFixed(3)}" stop-color="${c}"/>`,
    )
    .join('');
  return (
    `<linearGradient id="${id}" gradientTransform="rotate(${angle.toFixed(1)} 0.5 0.5)">${stops}</linearGradient>` +
    `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="url(#${id})" opacity="${strength.toFixed(2)}"/>`
  );
}

export function sparkles(rng: Random, box: Box, count: number): string {
  let s = '';
  for (let i = 0; i < count; i += 1) {
    const x = box.x + rng.next() * box.w;
    const y = box.y + rng.next() * box.h;
    const r = rng.range(0.05, 0.25);
    if (rng.next() < 0.25) {
      // A four-pointed glint.
      s += `<path d="M${(x - 2.5 * r).toFixed(2)} ${y.toFixed(2)}L${x.toFixed(2)} ${(y - r / 3).toFixed(2)}L${(x + 2.5 * r).toFixed(2)} ${y.toFixed(2)}L${x.toFixed(2)} ${(y + r / 3).toFixed(2)}ZM${x.toFixed(2)} ${(y - 2.5 * r).toFixed(2)}L${(x + r / 3).toFixed(2)} ${y.toFixed(2)}L${x.toFixed(2)} ${(y + 2.5 * r).toFixed(2)}L${(x - r / 3).toFixed(2)} ${y.toFixed(2)}Z" fill="#fff" opacity="${rng.range(0.5, 0.95).toFixed(2)}"/>`;
    } else
      s += `<circle cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" r="${r.toFixed(2)}" fill="#fff" opacity="${rng.range(0.3, 0.9).toFixed(2)}"/>`;
  }
  return s;
}

/** The reverse-holo texture: a fine repeating pattern of small shapes over the non-art area. */
export function reverseHoloPattern(rng: Random, id: string): string {
  const cell = rng.range(0.8, 1.6);
  const shape = rng.pick(['dots', 'dashes', 'stars'] as const);
  const inner =
    shape === 'dots'
      ? `<circle cx="${cell / 2}" cy="${cell / 2}" r="${cell * 0.18}" fill="#fff"/>`
      : shape === 'dashes'
        ? `<line x1="0" y1="${cell}" x2="${cell}" y2="0" stroke="#fff" stroke-width="${cell * 0.12}"/>`
        : `<path d="M${cell / 2} 0L${cell * 0.6} ${cell * 0.4}L${cell} ${cell / 2}L${cell * 0.6} ${cell * 0.6}L${cell / 2} ${cell}L${cell * 0.4} ${cell * 0.6}L0 ${cell / 2}L${cell * 0.4} ${cell * 0.4}Z" fill="#fff"/>`;
  return `<pattern id="${id}" width="${cell.toFixed(3)}" height="${cell.toFixed(3)}" patternUnits="userSpaceOnUse" patternTransform="rotate(${rng.range(0, 90).toFixed(1)})">${inner}</pattern>`;
}

/** Etched foil: fine parallel or concentric lines across the art, at any angle. */
export function etchedLines(rng: Random, box: Box): string {
  const cx = box.x + rng.next() * box.w;
  const cy = box.y + rng.next() * box.h;
  let s = '';
  if (rng.next() < 0.5) {
    for (let r = rng.range(1, 3); r < Math.hypot(box.w, box.h); r += rng.range(0.6, 1.2))
      s += `<circle cx="${cx.toFixed(2)}" cy="${cy.toFixed(2)}" r="${r.toFixed(2)}"/>`;
  } else {
    const a = rng.range(0, 180);
    const span = Math.hypot(box.w, box.h);
    for (let d = -span; d < span; d += rng.range(0.5, 1.0))
      s += `<line x1="${(cx + d).toFixed(2)}" y1="${(cy - span).toFixed(2)}" x2="${(cx + d).toFixed(2)}" y2="${(cy + span).toFixed(2)}"/>`;
    s = `<g transform="rotate(${a.toFixed(1)} ${cx.toFixed(2)} ${cy.toFixed(2)})">${s}</g>`;
  }
  return `<g fill="none" stroke="#fff" stroke-width="${rng.range(0.05, 0.1).toFixed(3)}" opacity="${rng.range(0.15, 0.35).toFixed(2)}">${s}</g>`;
}
