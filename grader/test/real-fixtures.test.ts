// Checks the real photos' annotations themselves (not the engine): a wrong annotation would
// make `npm run bench:real` blame the finder for the annotator's mistake.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rectangleAspect } from '../src/geometry/aspect.ts';
import { distance } from '../src/geometry/homography.ts';
import { CARD_SIZES, cornersFromSides, cornersOf, readAnnotations } from './real-annotations.ts';

const dir = fileURLToPath(new URL('./fixtures/real/', import.meta.url));
const annotations = readAnnotations(`${dir}annotations.json`);
/** How far the annotated outline's aspect, perspective removed, may be from the card's: the slabbed card, seen through plastic in a cropped photo, is 4% off, the others within about 1%. */
const ASPECT_TOLERANCE = 0.05;
/** Each source's licence file beside the photos (its opening lines) and the repository the README names for it. */
const SOURCES = [
  {
    licence: 'LICENSE',
    text: /^MIT License\s+Copyright \(c\) 2021-2025 Timo Ikonen/,
    repository: 'tmikonen/magic_card_detector',
  },
  {
    licence: 'LICENSE-mtgscan',
    text: /^MIT License\s+Copyright \(c\) 2021 Quentin Fortier/,
    repository: 'fortierq/mtgscan',
  },
  {
    licence: 'LICENSE-card-sorting-bot',
    text: /^MIT License\s+Copyright \(c\) 2022 Kian Sheik/,
    repository: 'kiansheik/card-sorting-bot',
  },
  {
    licence: 'LICENSE-trading-card-scanner',
    text: /^MIT License\s+Copyright \(c\) 2025 Oh Snapdragonz!/,
    repository: 'lo-calvin/Trading-Card-Scanner',
  },
  {
    licence: 'LICENSE-pokemon-card-outliner',
    text: /^Attribution 4\.0 International\s+=+\s+Creative Commons Corporation/,
    repository: 'ShreyShingala/Pokemon-Card-Scanning-Webapp',
  },
];

describe('real photo fixtures', () => {
  it('carry the licence of every source and name the source of every photo', () => {
    const readme = readFileSync(`${dir}README.md`, 'utf8');
    for (const source of SOURCES) {
      expect(readFileSync(`${dir}${source.licence}`, 'utf8')).toMatch(source.text);
      expect(readme).toContain(source.repository);
      expect(readme).toContain(`\`${source.licence}\``);
    }
    for (const photo of annotations.photos) expect(readme).toContain(`\`${photo.file}\``);
  });

  it('keep no licence file that names no source', () => {
    const licences = readdirSync(dir).filter((f) => f.startsWith('LICENSE'));
    expect(licences.sort()).toEqual(SOURCES.map((s) => s.licence).sort());
  });

  it('annotate every photo in the folder, and only those', () => {
    const photos = readdirSync(dir)
      .filter((f) => /\.(jpe?g|png)$/i.test(f))
      .sort();
    expect(annotations.photos.map((p) => p.file).sort()).toEqual(photos);
  });

  for (const photo of annotations.photos) {
    describe(photo.file, () => {
      it('decodes to the annotated size', async () => {
        expect(existsSync(`${dir}${photo.file}`)).toBe(true);
        const { width, height } = await sharp(`${dir}${photo.file}`)
          .rotate()
          .toBuffer({ resolveWithObject: true })
          .then((r) => r.info);
        expect({ width, height }).toEqual({ width: photo.width, height: photo.height });
      });

      it('expects what its card count implies', () => {
        expect(photo.wholeCards).toBeGreaterThanOrEqual(0);
        if (photo.wholeCards === 1) expect(photo.expected).toBe('found');
        else if (photo.wholeCards > 1) expect(photo.expected).toBe('multiple_cards');
        // No whole card: a rejection, and neither of the answers that claim one.
        else expect(['found', 'multiple_cards']).not.toContain(photo.expected);
        if (photo.expected === 'found') expect(photo.cards).toHaveLength(1);
        expect(photo.cards.length).toBeLessThanOrEqual(photo.wholeCards);
      });

      photo.cards.forEach((card, n) => {
        const corners = cornersOf(card);

        it(`card ${n}: corners are where its side lines meet`, () => {
          const fitted = cornersFromSides(card.sides);
          for (const [i, p] of corners.entries()) expect(distance(p, fitted[i]!)).toBeLessThan(0.05);
        });

        it(`card ${n}: outline is convex, clockwise from the top-left and inside the photo`, () => {
          for (let i = 0; i < 4; i += 1) {
            const [a, b, c] = [corners[i]!, corners[(i + 1) % 4]!, corners[(i + 2) % 4]!];
            // Clockwise on screen (y down) turns the same way at every corner: positive cross product.
            expect((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)).toBeGreaterThan(0);
          }
          for (const p of corners) {
            expect(p.x).toBeGreaterThanOrEqual(0);
            expect(p.x).toBeLessThanOrEqual(photo.width);
            expect(p.y).toBeGreaterThanOrEqual(0);
            expect(p.y).toBeLessThanOrEqual(photo.height);
          }
        });

        it(`card ${n}: has the card's aspect once the perspective is removed`, () => {
          const { widthMm, heightMm } = CARD_SIZES[card.size];
          const aspect = rectangleAspect(corners, photo);
          expect(Math.abs(aspect / (widthMm / heightMm) - 1)).toBeLessThan(ASPECT_TOLERANCE);
        });
      });
    });
  }
});
