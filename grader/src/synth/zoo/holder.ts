import type { Random } from '../random.ts';
import { textLine } from './fonts.ts';
import { name } from './words.ts';

export const HOLDERS = ['none', 'penny_sleeve', 'top_loader', 'slab'] as const;
export type Holder = (typeof HOLDERS)[number];

export interface HolderLayout {
  /** The whole object on the table, in mm. */
  w: number;
  h: number;
  /** Where the card's top-left corner sits inside it, in mm. */
  cardX: number;
  cardY: number;
  /** Drawn under the card (the clear plastic's tint) and over it (edges, sheen, label), in the object's mm. */
  under: string;
  over: string;
}

/** A clear band of plastic catching the light, at a random angle across the holder. */
function sheen(rng: Random, w: number, h: number, id: string): string {
  const a = rng.range(20, 70);
  const at = rng.range(0.2, 0.8);
  const width = rng.range(0.05, 0.15);
  const peak = rng.range(0.12, 0.3);
  return (
    `<linearGradient id="${id}" gradientTransform="rotate(${a.toFixed(1)} 0.5 0.5)"><stop offset="${(at - width).toFixed(3)}" stop-color="#fff" stop-opacity="0"/><stop offset="${at.toFixed(3)}" stop-color="#fff" stop-opacity="${peak.toFixed(2)}"/><stop offset="${(at + width).toFixed(3)}" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<rect width="${w}" height="${h}" fill="url(#${id})"/>`
  );
}

/** The holder around a card of cw x ch mm: a penny sleeve, a rigid top loader or a graded slab. */
export function holderLayout(rng: Random, holder: Holder, cw: number, ch: number): HolderLayout {
  if (holder === 'penny_sleeve') {
    const [w, h] = [cw + 3, ch + 5];
    return {
      w,
      h,
      cardX: 1.5,
      cardY: 3.6,
      under: `<rect width="${w}" height="${h}" rx="0.8" fill="#eef2f5" opacity="0.1"/>`,
      over: `<rect x="0.1" y="0.1" width="${w - 0.2}" height="${h - 0.2}" rx="0.8" fill="none" stroke="#fff" stroke-width="0.2" opacity="0.55"/><line x1="0.4" y1="1.2" x2="${w - 0.4}" y2="1.2" stroke="#fff" stroke-width="0.25" opacity="0.35"/>${sheen(rng, w, h, 'ps')}`,
    };
  }
  if (holder === 'top_loader') {
    const [w, h] = [76.2, 101.6];
    const rim = rng.range(3, 5);
    return {
      w,
      h,
      cardX: (w - cw) / 2 + rng.range(-1, 1),
      cardY: h - ch - rim + rng.range(-0.5, 0.5),
      under: `<rect width="${w}" height="${h}" rx="2.5" fill="#e4ecf0" opacity="0.16"/>`,
      over:
        `<path fill-rule="evenodd" d="M2.5 0H${w - 2.5}A2.5 2.5 0 0 1 ${w} 2.5V${h - 2.5}A2.5 2.5 0 0 1 ${w - 2.5} ${h}H2.5A2.5 2.5 0 0 1 0 ${h - 2.5}V2.5A2.5 2.5 0 0 1 2.5 0ZM${rim} ${rim}V${h - rim}H${w - rim}V${rim}Z" fill="#dfe8ee" opacity="0.28"/>` +
        `<rect x="0.15" y="0.15" width="${w - 0.3}" height="${h - 0.3}" rx="2.5" fill="none" stroke="#fff" stroke-width="0.3" opacity="0.7"/>` +
        `<rect x="${rim}" y="${rim}" width="${w - 2 * rim}" height="${h - 2 * rim}" fill="none" stroke="#6c7a84" stroke-width="0.2" opacity="0.45"/>` +
        sheen(rng, w, h, 'tl'),
    };
  }
  if (holder === 'slab') {
    const [w, h] = [84, 136];
    const label = 22;
    const well = { x: (w - cw - 3) / 2, y: label + 7, w: cw + 3, h: ch + 3 };
    let barcode = '';
    for (let x = 48; x < 78; x += rng.range(0.35, 0.9))
      barcode += `<rect x="${x.toFixed(2)}" y="${label - 8}" width="${rng.range(0.15, 0.45).toFixed(2)}" height="5" fill="#111"/>`;
    return {
      w,
      h,
      cardX: well.x + 1.5,
      cardY: well.y + 1.5,
      under: `<rect width="${w}" height="${h}" rx="4" fill="#e9eef2" opacity="0.3"/><rect x="${well.x}" y="${well.y}" width="${well.w}" height="${well.h}" rx="1" fill="#f4f6f7" opacity="0.5"/>`,
      over:
        `<rect x="0.2" y="0.2" width="${w - 0.4}" height="${h - 0.4}" rx="4" fill="none" stroke="#fff" stroke-width="0.4" opacity="0.8"/>` +
        `<rect x="2.5" y="2.5" width="${w - 5}" height="${h - 5}" rx="2.5" fill="none" stroke="#78858f" stroke-width="0.25" opacity="0.5"/>` +
        `<rect x="${well.x}" y="${well.y}" width="${well.w}" height="${well.h}" rx="1" fill="none" stroke="#5d6a73" stroke-width="0.3" opacity="0.55"/>` +
        `<rect x="5" y="5" width="${w - 10}" height="${label}" rx="1" fill="#f7f7f4"/><rect x="5" y="5" width="${w - 10}" height="${label}" rx="1" fill="none" stroke="#c0392b" stroke-width="0.8"/>` +
        textLine(`${rng.int(2000, 2024)} ${name(rng).toUpperCase()} #${rng.int(1, 300)}`, 8, 11.5, {
          font: 'sansBold',
          capMm: 2,
          fill: '#111',
          maxWidth: 45,
        }) +
        textLine(`${name(rng, 2).toUpperCase()} - ${name(rng, 3).toUpperCase()}`, 8, 15.5, {
          font: 'sans',
          capMm: 1.6,
          fill: '#111',
          maxWidth: 45,
        }) +
        textLine(rng.pick(['GEM MT 10', 'MINT 9', 'NM-MT 8']), w - 8, 11.5, {
          font: 'sansBold',
          capMm: 2.2,
          fill: '#111',
          anchor: 'end',
        }) +
        barcode +
        sheen(rng, w, h, 'sl'),
    };
  }
  return { w: cw, h: ch, cardX: 0, cardY: 0, under: '', over: '' };
}
