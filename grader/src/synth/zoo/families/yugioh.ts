import { artwork, type Box } from '../art.ts';
import { shade } from '../colour.ts';
import { bevel, inner, inset, line, rect, texture, type FaceContext } from '../draw.ts';
import { rainbowSheen, sparkles } from '../foil.ts';
import { paragraph, textLine } from '../fonts.ts';
import { name, sentences } from '../words.ts';

/** Yu-Gi-Oh-like (59 x 86 mm): coloured frame, bevelled name box and art frame, effect box in fine type. */
export const yugiohFronts = [
  { style: 'monster', border: 2.4 },
  { style: 'monster', border: 2.4 },
  { style: 'spell', border: 2.4 },
] as const;
export const YUGIOH_BACK_BORDER = 2.4;

const MONSTER_FRAMES = ['#c8763a', '#d7b063', '#8a4f9c', '#6d7fa6'];

export async function yugiohFront(c: FaceContext, style: string): Promise<string> {
  const { rng, w, h } = c;
  const frame = style === 'spell' ? rng.pick(['#1f9a8a', '#b4457f']) : rng.pick(MONSTER_FRAMES);
  const box = inner(c);
  // The border is the frame colour, darker, ending at a bevel: the line centering is judged by.
  let s = rect({ x: 0, y: 0, w, h }, `fill="${shade(frame, -0.45)}"`);
  s += await texture(rng, box, c.pxPerMm, [shade(frame, -0.1), shade(frame, 0.2)], rng.range(2, 5));
  s += bevel(box, 0.3, '#ffffff', '#000000', 0.5);
  const nameBox: Box = { x: box.x + 1.4, y: box.y + 1.4, w: box.w - 2.8, h: 5.2 };
  s += rect(nameBox, `fill="${shade(frame, 0.15)}"`) + bevel(nameBox, 0.35, '#fff', '#000', 0.6);
  s += textLine(name(rng, 3).toUpperCase(), nameBox.x + 1, nameBox.y + 3.7, {
    font: 'serifBold',
    capMm: 2.3,
    fill: style === 'spell' ? '#fff' : '#111',
    maxWidth: nameBox.w - 7,
  });
  s += `<circle cx="${nameBox.x + nameBox.w - 2.8}" cy="${nameBox.y + nameBox.h / 2}" r="2" fill="${rng.pick(['#c0392b', '#2980b9', '#27ae60', '#8e44ad', '#f1c40f'])}" stroke="#fff" stroke-width="0.25"/>`;
  const rowY = nameBox.y + nameBox.h + 1.6;
  if (style === 'spell')
    s += textLine('[SPELL CARD]', nameBox.x + nameBox.w, rowY + 0.8, {
      font: 'serifBold',
      capMm: 1.6,
      fill: '#111',
      anchor: 'end',
    });
  else
    for (let i = 0, level = rng.int(1, 8); i < level; i += 1)
      s += `<circle cx="${nameBox.x + nameBox.w - 1.2 - i * 2.5}" cy="${rowY}" r="1" fill="#d03a1f" stroke="#f6d36b" stroke-width="0.2"/>`;
  const side = box.w * 0.8;
  const art: Box = { x: box.x + (box.w - side) / 2, y: rowY + 2.2, w: side, h: side };
  s +=
    rect(inset(art, -1.0), `fill="${shade(frame, -0.25)}"`) +
    bevel(inset(art, -1.0), 0.5, '#000', '#fff', 0.5) +
    bevel(inset(art, -0.3), 0.3, '#fff', '#000', 0.45);
  s += await artwork(rng, art, c.pxPerMm, rng.next() < 0.7 ? 'creature' : 'landscape', rng.int(0, 359));
  if (c.foil === 'holo' || c.foil === 'sparkle')
    s += `${rainbowSheen(rng, art, 'yho', 0.18)}${sparkles(rng, art, rng.int(60, 160))}`;
  s += textLine(
    `${name(rng, 2).toUpperCase().slice(0, 4)}-EN${String(rng.int(1, 99)).padStart(3, '0')}`,
    art.x + art.w,
    art.y + art.h + 2.3,
    { font: 'sans', capMm: 1.0, fill: '#111', anchor: 'end' },
  );
  const effect: Box = {
    x: art.x - 1.2,
    y: art.y + art.h + 3.0,
    w: art.w + 2.4,
    h: box.y + box.h - (art.y + art.h + 3.0) - 2.2,
  };
  s += rect(effect, 'fill="#efe4c8" stroke="#7a6a4a" stroke-width="0.15"') + bevel(effect, 0.25, '#000', '#fff', 0.3);
  let y = effect.y + 0.5;
  if (style !== 'spell') {
    s += textLine(`[ ${name(rng, 2)} / Effect ]`, effect.x + 0.8, y + 1.4, {
      font: 'serifBold',
      capMm: 1.3,
      fill: '#111',
    });
    y += 1.8;
  }
  const cap = rng.range(1.05, 1.25);
  const body = paragraph(
    sentences(rng, 3),
    effect.x + 0.8,
    y,
    effect.w - 1.6,
    { font: 'serif', capMm: cap, fill: '#161616' },
    1.3,
  );
  s += body.svg;
  if (style !== 'spell') {
    const statY = effect.y + effect.h - 1.0;
    s += line(effect.x + effect.w * 0.45, statY - 1.9, effect.x + effect.w - 0.6, statY - 1.9, '#111', 0.12);
    s += textLine(`ATK/${100 * rng.int(0, 40)}  DEF/${100 * rng.int(0, 40)}`, effect.x + effect.w - 0.8, statY, {
      font: 'serifBold',
      capMm: 1.3,
      fill: '#111',
      anchor: 'end',
    });
  }
  s += textLine(String(rng.int(10_000_000, 99_999_999)), box.x + 0.8, box.y + box.h - 0.6, {
    font: 'sans',
    capMm: 0.9,
    fill: '#111',
  });
  return s;
}

/** The brown and orange back: a dark border, a marbled swirl, a dark oval with an eye in it. */
export async function yugiohBack(c: FaceContext): Promise<string> {
  const { rng, w, h } = c;
  const box = inner(c);
  let s = rect({ x: 0, y: 0, w, h }, 'fill="#2a1609"');
  s += await texture(rng, box, c.pxPerMm, ['#5a2a0c', '#e08a2c'], rng.range(6, 10), 'swirl');
  s += bevel(box, 0.3, '#f1b060', '#000', 0.5);
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  s += `<radialGradient id="yov"><stop offset="0" stop-color="#3b1c0a"/><stop offset="0.85" stop-color="#140904"/><stop offset="1" stop-color="#c77a2a"/></radialGradient>`;
  s += `<ellipse cx="${cx}" cy="${cy}" rx="${box.w * 0.33}" ry="${box.h * 0.3}" fill="url(#yov)"/>`;
  s += `<path d="M${cx - 7} ${cy}Q${cx} ${cy - 5} ${cx + 7} ${cy}Q${cx} ${cy + 5} ${cx - 7} ${cy}Z" fill="#e0b45a" stroke="#3b1c0a" stroke-width="0.3"/><circle cx="${cx}" cy="${cy}" r="1.8" fill="#3b1c0a"/>`;
  s += textLine('DUEL CARDS', box.x + 2, box.y + 6, { font: 'display', capMm: 3.2, fill: '#f3d27a' });
  return s;
}
