import { BACKGROUNDS, type Background } from './desk.ts';
import { FAMILIES, type Family } from './families/index.ts';
import type { Holder } from './holder.ts';

/** Tuning seeds: engineers may look at these cases while they improve the engine. */
export const ZOO_TUNING_SEEDS = { first: 1, last: 99_999 } as const;
/** Test seeds: the bench reports these, and no one tunes the engine on them. */
export const ZOO_TEST_SEEDS = { first: 900_000, last: 900_399 } as const;

export interface ZooConditions {
  family: Family;
  frame: '12mp' | '1080p';
  background: Background;
  holder: Holder;
  /** False for a clean card: about 60% of seeds, so false defects on designs can be counted. */
  damaged: boolean;
}

/** Four bare cards to three in a holder, each holder as often as another. */
const HOLDER_CYCLE: readonly Holder[] = ['none', 'penny_sleeve', 'none', 'top_loader', 'none', 'slab', 'none'];

/**
 * Spreads consecutive seeds evenly: family (seed mod 4) and frame (seed mod 8) with
 * background (mod 9), holder (mod 7) and damage (mod 5), all coprime with 8 and each other,
 * so every combination comes round once in 2,520 seeds and any run of nine seeds sees every
 * background, any run of seven every holder.
 */
export function zooConditions(seed: number): ZooConditions {
  const s = Math.abs(Math.trunc(seed));
  return {
    family: FAMILIES[s % 4]!,
    frame: Math.floor(s / 4) % 2 ? '1080p' : '12mp',
    background: BACKGROUNDS[s % BACKGROUNDS.length]!,
    holder: HOLDER_CYCLE[s % HOLDER_CYCLE.length]!,
    damaged: s % 5 >= 3,
  };
}
