import type { GradeRejection } from '@gradelens/shared';

/** The finder's refusals, one sentence each, whichever search made them. */
const SENTENCES = {
  no_card:
    'No card was found in the photo. Lay the card flat on plain white paper and make it fill most of the picture.',
  multiple_cards: 'More than one card is in the photo. Photograph one card at a time.',
  heavy_glare:
    'Glare hides much of the card. Turn off the flash and tilt the card or the light until the reflection is gone.',
  card_cut_off:
    'Part of the card is outside the photo. Step back a little so the whole card and a margin around it are visible.',
  edges_not_found:
    'The edges of the card could not be found. Use a plain background that differs from the card border, with even light.',
} as const;

export function finderRejection(kind: keyof typeof SENTENCES): { ok: false; rejection: GradeRejection } {
  return { ok: false, rejection: { code: kind === 'edges_not_found' ? 'no_card' : kind, message: SENTENCES[kind] } };
}
