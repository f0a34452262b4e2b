import sharp from 'sharp';
import type { Random } from '../random.ts';
import { damageSvg, type FaceDamage } from './damage.ts';
import type { FaceContext } from './draw.ts';
import type { FoilKind } from './foil.ts';
import { CARD_MM, FAMILY_DESIGNS, type Family } from './families/index.ts';

export interface Borders {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Everything that decides how one face looks, fixed before any pixel is drawn. */
export interface FacePlan {
  family: Family;
  side: 'front' | 'back';
  /** The family's style of this face ('yellow', 'full_art', 'back', ...). */
  style: string;
  size: 'standard' | 'small';
  borders: Borders | null;
  foil: FoilKind;
  damage: FaceDamage;
}

export interface FaceRaster {
  rgba: Buffer;
  width: number;
  height: number;
  pxPerMm: number;
}

/**
 * Off-centre borders: most cards are printed near 50/50, some visibly off. The back is allowed
 * more slack (the rubric forgives the back up to 75/25).
 */
export function pickBorders(rng: Random, nominal: number, side: 'front' | 'back'): Borders {
  const roll = rng.next();
  const worst = side === 'front' ? (roll < 0.6 ? 54 : roll < 0.9 ? 61 : 72) : roll < 0.7 ? 58 : 78;
  const lr = rng.range(50, worst) / 100;
  const tb = rng.range(50, worst) / 100;
  const totalLr = 2 * nominal * rng.range(0.9, 1.1);
  const totalTb = 2 * nominal * rng.range(0.9, 1.15);
  const [left, right] = rng.next() < 0.5 ? [totalLr * lr, totalLr * (1 - lr)] : [totalLr * (1 - lr), totalLr * lr];
  const [top, bottom] = rng.next() < 0.5 ? [totalTb * tb, totalTb * (1 - tb)] : [totalTb * (1 - tb), totalTb * tb];
  return { left, right, top, bottom };
}

/** The face as an RGBA raster at pxPerMm, transparent outside the die-cut outline. */
export async function renderFace(rng: Random, plan: FacePlan, pxPerMm: number): Promise<FaceRaster> {
  const { w, h } = CARD_MM[plan.size];
  const design = FAMILY_DESIGNS[plan.family];
  const context: FaceContext = { rng, w, h, pxPerMm, borders: plan.borders, foil: plan.foil };
  const body = plan.side === 'front' ? await design.front(context, plan.style) : await design.back(context);
  const r = design.cornerRadius;
  const width = Math.round(w * pxPerMm);
  const height = Math.round(h * pxPerMm);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none">` +
    `<clipPath id="die"><rect width="${w}" height="${h}" rx="${r}"/></clipPath>` +
    `<g clip-path="url(#die)">${body}${damageSvg(rng, plan.damage, w, h, r)}</g></svg>`;
  const rgba = await sharp(Buffer.from(svg), { limitInputPixels: false, unlimited: true })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { rgba, width, height, pxPerMm: width / w };
}
