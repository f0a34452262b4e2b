import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectCard } from '../src/index.ts';
import { cornerErrorMm, readAnnotations } from './real-annotations.ts';

const dir = fileURLToPath(new URL('./fixtures/real/', import.meta.url));
const annotations = readAnnotations(`${dir}annotations.json`);
/**
 * The card in a graded-card slab: the slab's own outline runs into the frame and the card's
 * outline inside it is too faint, so the finder answers card_cut_off. A known gap (decision 16):
 * slabs are not recognised yet.
 */
const KNOWN_GAPS = new Set(['counterspell_bgs.jpg']);

describe('the finder on real photos, against their hand annotations', () => {
  for (const photo of annotations.photos.filter((p) => !KNOWN_GAPS.has(p.file))) {
    const card = photo.cards[0];
    if (photo.expected === 'found' && card) {
      it(`finds the card in ${photo.file} within 1.5 mm of each annotated corner`, async () => {
        const detection = await detectCard(readFileSync(`${dir}${photo.file}`));
        expect(detection.ok ? 'found' : detection.rejection.code).toBe('found');
        if (detection.ok) expect(cornerErrorMm(detection.card.corners, card)).toBeLessThanOrEqual(1.5);
      });
    } else {
      it(`answers multiple_cards for the ${photo.wholeCards} cards of ${photo.file}`, async () => {
        const detection = await detectCard(readFileSync(`${dir}${photo.file}`));
        expect(detection.ok ? 'found' : detection.rejection.code).toBe('multiple_cards');
      });
    }
  }
});
