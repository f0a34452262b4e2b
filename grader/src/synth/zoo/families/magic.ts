import { artwork, type Box } from '../art.ts';
import { hex, hsl, shade } from '../colour.ts';
import { bevel, inner, inset, line, rect, texture, type FaceContext } from '../draw.ts';
import { etchedLines, rainbowSheen } from '../foil.ts';
import { paragraph, textLine } from '../fonts.ts';
import { name, sentence, sentences } from '../words.ts';

/** Magic-like: black or white border, title bar, art, type line, ruled text box, P/T box. */
export const magicFronts = [
  { style: 'black', border: 2.9 },
  { style: 'black', border: 2.9 },
  { style: 'white', border: 2.9 },
  { style: 'borderless', border: null },
] as const;
export const MAGIC_BACK_BORDER = 2.9;

const FRAMES = ['#e9e4d0', '#2f6fb5', '#2b2724', '#c8422f', '#2f7d45', '#cfa84a', '#9aa1a8'];

export async function magicFront(c: FaceContext, style: string): Promise<string> {
  const { rng, w, h } = c;
  const frame = rng.pick(FRAMES);
  const darkFrame = frame === '#2b2724';
  let s = '';
  if (style === 'borderless') {
    s += await artwork(
      rng,
      { x: 0, y: 0, w, h },
      c.pxPerMm,
      rng.next() < 0.5 ? 'landscape' : 'creature',
      rng.int(0, 359),
    );
  } else {
    s += rect({ x: 0, y: 0, w, h }, `fill="${style === 'white' ? '#f2f0ea' : '#141414'}"`);
  }
  const box = inner(c);
  const body = style === 'borderless' ? inset(box, 2.6) : box;
  if (style !== 'borderless') {
    s += `<clipPath id="mfr"><rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="0.8"/></clipPath><g clip-path="url(#mfr)">`;
    s += await texture(rng, box, c.pxPerMm, [shade(frame, -0.15), shade(frame, 0.15)], rng.range(3, 8));
    s += '</g>';
  }
  const title: Box = { x: body.x + 0.8, y: body.y + 0.9, w: body.w - 1.6, h: 4.2 };
  s += rect(title, `fill="${shade(frame, 0.55)}" stroke="#222" stroke-width="0.15"`, 1.2);
  s += textLine(name(rng), title.x + 1.3, title.y + 2.9, {
    font: 'serifBold',
    capMm: 2.0,
    fill: '#111',
    maxWidth: title.w * 0.62,
  });
  for (let i = 0, n = rng.int(1, 4); i < n; i += 1) {
    const x = title.x + title.w - 1.4 - i * 2.1;
    s += `<circle cx="${x}" cy="${title.y + title.h / 2}" r="0.9" fill="${hex(hsl(rng.pick([0, 50, 120, 220, 280]), 0.45, 0.7))}" stroke="#222" stroke-width="0.1"/>`;
  }
  const art: Box = { x: body.x + 1.7, y: title.y + title.h + 0.6, w: body.w - 3.4, h: body.h * 0.44 };
  if (style !== 'borderless') {
    s += await artwork(rng, art, c.pxPerMm, rng.next() < 0.5 ? 'landscape' : 'creature', rng.int(0, 359));
    if (c.foil === 'holo') s += rainbowSheen(rng, art, 'mho');
    s += rect(art, 'fill="none" stroke="#111" stroke-width="0.25"');
  }
  const typeLine: Box = { x: title.x, y: art.y + art.h + 0.5, w: title.w, h: 3.6 };
  s += rect(typeLine, `fill="${shade(frame, 0.55)}" stroke="#222" stroke-width="0.15"`, 1.2);
  s += textLine(`Creature - ${name(rng, 2)} ${name(rng, 2)}`, typeLine.x + 1.3, typeLine.y + 2.5, {
    font: 'serifBold',
    capMm: 1.6,
    fill: '#111',
    maxWidth: typeLine.w - 6,
  });
  s += `<path d="M${typeLine.x + typeLine.w - 2.6} ${typeLine.y + 0.8}l1.1 1 -1.1 1 -1.1 -1Z" fill="${rng.pick(['#111', '#b8902f', '#c0392b'])}"/>`;
  const textBox: Box = {
    x: art.x,
    y: typeLine.y + typeLine.h + 0.5,
    w: art.w,
    h: body.y + body.h - (typeLine.y + typeLine.h + 0.5) - 2.8,
  };
  s += rect(
    textBox,
    `fill="${darkFrame ? '#d8d2c4' : shade(frame, 0.78)}"${style === 'borderless' ? ' opacity="0.88"' : ''} stroke="#444" stroke-width="0.1"`,
  );
  const cap = rng.range(1.3, 1.6);
  const rules = paragraph(
    sentences(rng, rng.int(1, 3)),
    textBox.x + 1,
    textBox.y + 0.9,
    textBox.w - 2,
    { font: 'serif', capMm: cap, fill: '#151515' },
    1.45,
  );
  s += rules.svg;
  if (rules.y < textBox.y + textBox.h - 5) {
    // The thin rule between rules text and flavour text.
    s += line(textBox.x + textBox.w * 0.2, rules.y + 1.2, textBox.x + textBox.w * 0.8, rules.y + 1.2, '#333', 0.1);
    s += paragraph(
      sentence(rng),
      textBox.x + 1.5,
      rules.y + 2,
      textBox.w - 3,
      { font: 'serif', capMm: cap * 0.9, fill: '#333' },
      1.4,
    ).svg;
  }
  const pt: Box = { x: body.x + body.w - 10.5, y: textBox.y + textBox.h - 2.2, w: 9.5, h: 4 };
  s += rect(pt, `fill="${shade(frame, 0.5)}" stroke="#222" stroke-width="0.15"`, 1) + bevel(inset(pt, 0.3), 0.15);
  s += textLine(`${rng.int(0, 9)}/${rng.int(1, 9)}`, pt.x + pt.w / 2, pt.y + 2.9, {
    font: 'serifBold',
    capMm: 2,
    fill: '#111',
    anchor: 'middle',
  });
  if (c.foil === 'etched')
    s += `<clipPath id="mec">${rect(box, '')}</clipPath><g clip-path="url(#mec)">${etchedLines(rng, box)}</g>`;
  // Artist credit and collector line: printing in the bottom border (or over the art).
  const creditY = c.borders ? h - c.borders.bottom / 2 + 0.45 : h - 1.8;
  const creditInk = style === 'white' ? '#333' : '#d8d8d8';
  s += textLine(`${rng.int(1, 280)}/${rng.int(250, 300)} R  ${name(rng, 2).toUpperCase()}`, body.x + 1, creditY, {
    font: 'sans',
    capMm: 0.9,
    fill: creditInk,
  });
  if (!c.borders)
    s += textLine(`Illus. ${name(rng, 2)} ${name(rng, 3)}`, body.x + 1, creditY - 1.3, {
      font: 'sansBold',
      capMm: 0.9,
      fill: creditInk,
    });
  return s;
}

/** The brown back: a very dark border, a mottled brown field, a central oval with five gems. */
export async function magicBack(c: FaceContext): Promise<string> {
  const { rng, w, h } = c;
  const box = inner(c);
  let s = rect({ x: 0, y: 0, w, h }, 'fill="#1a120b"');
  s += `<clipPath id="mbk"><rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="2"/></clipPath><g clip-path="url(#mbk)">`;
  s += await texture(rng, box, c.pxPerMm, ['#4a2d17', '#8a5a32'], rng.range(4, 8));
  s += '</g>';
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  s += `<radialGradient id="mov"><stop offset="0" stop-color="#9fb1c9"/><stop offset="0.6" stop-color="#4b3b6b"/><stop offset="1" stop-color="#2a1a12"/></radialGradient>`;
  s += `<ellipse cx="${cx}" cy="${cy}" rx="${box.w * 0.36}" ry="${box.h * 0.4}" fill="url(#mov)" stroke="#c9a25a" stroke-width="0.5"/>`;
  s += `<ellipse cx="${cx}" cy="${cy}" rx="${box.w * 0.36 - 1}" ry="${box.h * 0.4 - 1}" fill="none" stroke="#3a2412" stroke-width="0.2"/>`;
  ['#f3eed0', '#3d7fc4', '#2a2622', '#c4452d', '#3b8a4c'].forEach((gem, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
    s += `<circle cx="${(cx + box.w * 0.22 * Math.cos(a)).toFixed(2)}" cy="${(cy + box.h * 0.22 * Math.sin(a)).toFixed(2)}" r="2.2" fill="${gem}" stroke="#111" stroke-width="0.2"/>`;
  });
  s += `<g transform="rotate(-8 ${cx} ${cy})">${textLine('Arcana', cx, cy + 1.8, { font: 'serifBold', capMm: 5, fill: '#e8c66a', anchor: 'middle' })}</g>`;
  s += textLine('DECKMASTER', cx, box.y + box.h - 4, { font: 'serif', capMm: 1.6, fill: '#d9b36a', anchor: 'middle' });
  return s;
}
