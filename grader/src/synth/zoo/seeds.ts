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
 * Spreads consecutive seeds evenly: the family and the frame turn over with every seed, and
 * then background (9), holder (7) and damage (5) by coprime cycles, so every combination comes
 * round once in 8 x 9 x 7 x 5 seeds and any run of a few hundred seeds sees each value often.
 */
export function zooConditions(seed: number): ZooConditions {
  const s = Math.abs(Math.trunc(seed));
  const k = Math.floor(s / 8);
  return {
    family: FAMILIES[s % 4]!,
    frame: Math.floor(s / 4) % 2 ? '1080p' : '12mp',
    background: BACKGROUNDS[k % BACKGROUNDS.length]!,
    holder: HOLDER_CYCLE[k % HOLDER_CYCLE.length]!,
    damaged: k % 5 >= 3,
  };
}
