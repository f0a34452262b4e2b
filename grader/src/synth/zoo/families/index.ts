import type { FaceContext } from '../draw.ts';
import { MAGIC_BACK_BORDER, magicBack, magicFront, magicFronts } from './magic.ts';
import { POKEMON_BACK_BORDER, pokemonBack, pokemonFront, pokemonFronts } from './pokemon.ts';
import { SPORTS_BACK_BORDER, sportsBack, sportsFront, sportsFronts } from './sports.ts';
import { YUGIOH_BACK_BORDER, yugiohBack, yugiohFront, yugiohFronts } from './yugioh.ts';

export const FAMILIES = ['pokemon', 'magic', 'yugioh', 'sports'] as const;
export type Family = (typeof FAMILIES)[number];

export interface FamilyDesign {
  size: 'standard' | 'small';
  /** The factory rounding of the die cut, in mm: part of the card, not wear. */
  cornerRadius: number;
  /** Front styles with their nominal border in mm (null: printed to the edge). */
  fronts: readonly { style: string; border: number | null }[];
  backBorder: number;
  front: (c: FaceContext, style: string) => Promise<string>;
  back: (c: FaceContext) => Promise<string>;
}

export const FAMILY_DESIGNS: Record<Family, FamilyDesign> = {
  pokemon: {
    size: 'standard',
    cornerRadius: 3.0,
    fronts: pokemonFronts,
    backBorder: POKEMON_BACK_BORDER,
    front: pokemonFront,
    back: pokemonBack,
  },
  magic: {
    size: 'standard',
    cornerRadius: 2.8,
    fronts: magicFronts,
    backBorder: MAGIC_BACK_BORDER,
    front: magicFront,
    back: magicBack,
  },
  yugioh: {
    size: 'small',
    cornerRadius: 2.2,
    fronts: yugiohFronts,
    backBorder: YUGIOH_BACK_BORDER,
    front: yugiohFront,
    back: yugiohBack,
  },
  sports: {
    size: 'standard',
    cornerRadius: 2.6,
    fronts: sportsFronts,
    backBorder: SPORTS_BACK_BORDER,
    front: sportsFront,
    back: sportsBack,
  },
};

export const CARD_MM = { standard: { w: 63, h: 88 }, small: { w: 59, h: 86 } } as const;
