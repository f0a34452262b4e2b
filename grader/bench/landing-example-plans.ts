import type { ZooOptions } from '../src/synth/zoo/index.ts';

export type { LandingExample } from '@gradelens/shared';

/** What the landing page's examples are made of: one card per family, two of them worn. */
export const EXAMPLE_PLANS = [
  { family: 'pokemon', label: 'Pokemon-style card, clean', damaged: false, firstSeed: 800_001 },
  { family: 'magic', label: 'Magic-style card, worn', damaged: true, firstSeed: 800_101 },
  { family: 'yugioh', label: 'Yu-Gi-Oh-style card, clean', damaged: false, firstSeed: 800_201 },
  { family: 'sports', label: 'Sports card, worn', damaged: true, firstSeed: 800_301 },
] as const;

/** A plain, well-lit photo: white paper, no holder, 1080p. */
export const exampleOptions = (plan: (typeof EXAMPLE_PLANS)[number], seed: number): ZooOptions => ({
  seed,
  family: plan.family,
  damaged: plan.damaged,
  background: 'white_paper',
  holder: 'none',
  frame: '1080p',
});
