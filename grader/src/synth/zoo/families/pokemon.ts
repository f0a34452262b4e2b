import type { Random } from '../../random.ts';
import { artwork, type Box } from '../art.ts';
import { hex, hsl, shade } from '../colour.ts';
import { inner, inset, line, rect, texture, type FaceContext } from '../draw.ts';
import { etchedLines, rainbowSheen, reverseHoloPattern, sparkles } from '../foil.ts';
import { paragraph, textLine } from '../fonts.ts';
import { name, sentence } from '../words.ts';

/** Pokemon-like: yellow or silver border, type-coloured panel, framed art, attacks with rules. */
export const pokemonFronts = [
  { style: 'yellow', border: 3.2 },
  { style: 'yellow', border: 3.2 },
  { style: 'silver', border: 3.0 },
  { style: 'full_art', border: null },
  { style: 'borderless', border: null },
] as const;
export const POKEMON_BACK_BORDER = 3.6;

function energy(rng: Random, x: number, y: number, r: number): string {
  const hue = rng.pick([0, 30, 55, 120, 200, 280]);
  return `<circle cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" r="${r}" fill="${hex(hsl(hue, 0.7, 0.5))}" stroke="#222" stroke-width="0.08"/><circle cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" r="${r * 0.45}" fill="#fff" opacity="0.8"/>`;
}

/** Name, HP, attacks and the weakness row, laid out in the box the face leaves for text. */
function textBlock(rng: Random, box: Box, onDark: boolean): string {
  const ink = onDark ? '#f4f4f4' : '#1d1d1d';
  let s = '';
  let y = box.y;
  for (let a = 0, attacks = rng.next() < 0.7 ? 2 : 1; a < attacks; a += 1) {
    if (a > 0) {
      s += line(box.x, y + 0.6, box.x + box.w, y + 0.6, ink, 0.12, 0.7);
      y += 1.4;
    }
    const cost = rng.int(1, 3);
    for (let i = 0; i < cost; i += 1) s += energy(rng, box.x + 1.2 + i * 2.3, y + 1.2, 0.95);
    s += textLine(`${name(rng, 2)} ${name(rng, 2)}`, box.x + 1.6 + cost * 2.3, y + 2, {
      font: 'sansBold',
      capMm: 1.9,
      fill: ink,
    });
    s += textLine(String(10 * rng.int(1, 20)), box.x + box.w - 0.5, y + 2.2, {
      font: 'sansBold',
      capMm: 2.2,
      fill: ink,
      anchor: 'end',
    });
    y += 3.2;
    const text = paragraph(sentence(rng, rng.int(12, 30)), box.x + 0.5, y, box.w - 1, {
      font: 'sans',
      capMm: rng.range(1.2, 1.45),
      fill: ink,
    });
    s += text.svg;
    y = text.y + 0.8;
  }
  const rowY = box.y + box.h - 2.2;
  s += line(box.x, rowY - 1.2, box.x + box.w, rowY - 1.2, ink, 0.1, 0.8);
  ['weakness', 'resistance', 'retreat'].forEach((label, i) => {
    const x = box.x + 1 + (i * box.w) / 3;
    s += textLine(label, x, rowY, { font: 'sans', capMm: 1.1, fill: ink });
    s += energy(rng, x + 9, rowY - 0.5, 0.7);
  });
  return s;
}

export async function pokemonFront(c: FaceContext, style: string): Promise<string> {
  const { rng, w, h } = c;
  const hue = rng.pick([0, 25, 50, 110, 200, 270, 300, 35]);
  const typeLight = hex(hsl(hue, 0.55, 0.8));
  const typeMid = hex(hsl(hue, 0.5, 0.6));
  let s = '';
  if (style === 'full_art' || style === 'borderless') {
    s += await artwork(rng, { x: 0, y: 0, w, h }, c.pxPerMm, 'creature', hue);
    if (style === 'full_art') {
      s += `<g>${rainbowSheen(rng, { x: 0, y: 0, w, h }, 'pfa')}</g>${etchedLines(rng, { x: 0, y: 0, w, h })}${sparkles(rng, { x: 0, y: 0, w, h }, rng.int(80, 200))}`;
      s += textLine(name(rng), 4, 7.5, { font: 'sansBold', capMm: 2.8, fill: '#fff' });
      s += textLine(`HP ${10 * rng.int(6, 34)}`, w - 4, 7.5, {
        font: 'sansBold',
        capMm: 2.6,
        fill: '#fff',
        anchor: 'end',
      });
      s += textBlock(rng, { x: 4, y: h * 0.62, w: w - 8, h: h * 0.32 }, true);
    } else {
      const panel = { x: 3, y: h * 0.56, w: w - 6, h: h * 0.4 };
      s += rect(panel, `fill="${typeLight}" opacity="0.92"`, 1.2);
      s += textLine(name(rng), 4, 7.5, { font: 'sansBold', capMm: 2.8, fill: '#111' });
      s += textBlock(rng, inset(panel, 1), false);
    }
    return s;
  }
  const silver = style === 'silver';
  const borderFill = silver ? ['#dfe2e6', '#a9aeb5'] : ['#f6da4a', '#e6bd24'];
  s += `<linearGradient id="pb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${borderFill[0]}"/><stop offset="0.5" stop-color="${borderFill[1]}"/><stop offset="1" stop-color="${borderFill[0]}"/></linearGradient>`;
  s += rect({ x: 0, y: 0, w, h }, 'fill="url(#pb)"');
  const box = inner(c);
  s += `<clipPath id="pin"><rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="1"/></clipPath><g clip-path="url(#pin)">`;
  s += await texture(rng, box, c.pxPerMm, [typeLight, typeMid], rng.range(6, 15));
  if (c.foil === 'reverse')
    s += `<defs>${reverseHoloPattern(rng, 'prh')}</defs>${rect(box, 'fill="url(#prh)" opacity="0.35"')}${rainbowSheen(rng, box, 'prs', 0.25)}`;
  s += '</g>';
  const ink = '#1b1b1b';
  s += textLine('BASIC', box.x + 1.2, box.y + 2.2, { font: 'sansBold', capMm: 1.1, fill: ink });
  s += textLine(name(rng), box.x + 1.2, box.y + 5.3, {
    font: 'sansBold',
    capMm: 2.6,
    fill: ink,
    maxWidth: box.w * 0.6,
  });
  s += textLine(`HP${10 * rng.int(3, 25)}`, box.x + box.w - 4.2, box.y + 5.3, {
    font: 'sansBold',
    capMm: 2.3,
    fill: '#c0271e',
    anchor: 'end',
  });
  s += energy(rng, box.x + box.w - 2.2, box.y + 4.2, 1.3);
  const art: Box = { x: box.x + 2.2, y: box.y + 6.8, w: box.w - 4.4, h: box.h * 0.41 };
  s += rect(inset(art, -0.6), `fill="${silver ? '#c7cbd1' : '#d9b64a'}"`);
  s += await artwork(rng, art, c.pxPerMm, rng.next() < 0.8 ? 'creature' : 'landscape', hue);
  if (c.foil === 'holo') s += `${rainbowSheen(rng, art, 'pho')}<g>${sparkles(rng, art, rng.int(40, 120))}</g>`;
  if (c.foil === 'etched')
    s += `<clipPath id="pec">${rect(art, '')}</clipPath><g clip-path="url(#pec)">${etchedLines(rng, art)}</g>`;
  s += rect(art, `fill="none" stroke="${silver ? '#6d737c' : '#8a6d1c'}" stroke-width="0.3"`);
  // The slanted info strip under the art, in fine type.
  const stripY = art.y + art.h + 0.9;
  s += `<path d="M${art.x + 3} ${stripY}H${art.x + art.w - 3}l-1 2.1H${art.x + 2}Z" fill="${shade(typeMid, 0.5)}" stroke="#777" stroke-width="0.08"/>`;
  s += textLine(
    `NO. ${rng.int(1, 999)}  ${name(rng, 2)} Monster  HT: ${rng.int(1, 9)}' ${rng.int(1, 11)}"  WT: ${rng.range(1, 300).toFixed(1)} lbs.`,
    art.x + art.w / 2,
    stripY + 1.55,
    { font: 'sans', capMm: 1.0, fill: '#222', anchor: 'middle', maxWidth: art.w - 7 },
  );
  s += textBlock(rng, { x: box.x + 1.5, y: stripY + 3, w: box.w - 3, h: box.y + box.h - stripY - 6.5 }, false);
  s += textLine(`Illus. ${name(rng, 2)} ${name(rng, 2)}`, box.x + 1.2, box.y + box.h - 1.0, {
    font: 'sans',
    capMm: 0.95,
    fill: ink,
  });
  s += textLine(`${rng.int(1, 199)}/${rng.int(150, 250)}`, box.x + box.w - 1.2, box.y + box.h - 1.0, {
    font: 'sansBold',
    capMm: 0.95,
    fill: ink,
    anchor: 'end',
  });
  return s;
}

/** The blue back: a dark blue border around a lighter swirl, a ball-like emblem and a logo. */
export async function pokemonBack(c: FaceContext): Promise<string> {
  const { rng, w, h } = c;
  const box = inner(c);
  let s = rect({ x: 0, y: 0, w, h }, 'fill="#1d3f93"');
  s += `<clipPath id="pbk"><rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="1.5"/></clipPath><g clip-path="url(#pbk)">`;
  s += await texture(rng, box, c.pxPerMm, ['#2f6fd0', '#7fb7f0'], 12, 'swirl');
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  for (let i = 0; i < 14; i += 1) {
    const r = 6 + i * 3.2;
    s += `<path d="M${cx + r} ${cy}A${r} ${r * 0.8} 0 0 1 ${cx - r * 0.7} ${cy + r * 0.6}" fill="none" stroke="#bfe0ff" stroke-width="${(0.4 + 0.1 * (i % 3)).toFixed(2)}" opacity="0.35" transform="rotate(${i * 23} ${cx} ${cy})"/>`;
  }
  s += '</g>';
  const r = box.w * 0.2;
  s += `<path d="M${cx - r} ${cy}A${r} ${r} 0 0 1 ${cx + r} ${cy}Z" fill="#d7262b"/><path d="M${cx - r} ${cy}A${r} ${r} 0 0 0 ${cx + r} ${cy}Z" fill="#f3f3f3"/>`;
  s += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#111" stroke-width="0.8"/>${line(cx - r, cy, cx + r, cy, '#111', 1.1)}<circle cx="${cx}" cy="${cy}" r="${r * 0.3}" fill="#f3f3f3" stroke="#111" stroke-width="0.7"/>`;
  s += `<g transform="rotate(-12 ${cx} ${box.y + 14})">${textLine('MONSTERS', cx, box.y + 16, { font: 'display', capMm: 6, fill: '#ffcb05', anchor: 'middle' })}</g>`;
  s += textLine('TRADING CARD GAME', cx, box.y + box.h - 9, {
    font: 'display',
    capMm: 3,
    fill: '#ffcb05',
    anchor: 'middle',
  });
  return s;
}
