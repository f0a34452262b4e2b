import type { Quad } from '@gradelens/shared';

/** A card-shaped outline in the middle of a photo: where the owner starts placing corners by hand. */
export function defaultOutline(size: { width: number; height: number }): Quad {
  const h = size.height * 0.6;
  const w = Math.min(size.width * 0.6, (h * 63) / 88);
  const cx = size.width / 2;
  const cy = size.height / 2;
  return [
    [cx - w / 2, cy - h / 2],
    [cx + w / 2, cy - h / 2],
    [cx + w / 2, cy + h / 2],
    [cx - w / 2, cy + h / 2],
  ];
}
