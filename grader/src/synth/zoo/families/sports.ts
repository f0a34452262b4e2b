import { artwork, type Box } from '../art.ts';
import { hex, hsl, shade } from '../colour.ts';
import { inner, line, rect, type FaceContext } from '../draw.ts';
import { rainbowSheen } from '../foil.ts';
import { paragraph, textLine } from '../fonts.ts';
import { name, sentences } from '../words.ts';

/** Sports: a photo of a player, a name plate, a team logo block; the back a bio and a stat table. */
export const sportsFronts = [
  { style: 'white', border: 3.4 },
  { style: 'white', border: 3.4 },
  { style: 'team', border: 3.0 },
  { style: 'full_bleed', border: null },
] as const;
export const SPORTS_BACK_BORDER = 3.2;

function logo(x: number, y: number, size: number, colour: string, letters: string): string {
  return (
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.15}" fill="${colour}" stroke="#fff" stroke-width="0.3"/>` +
    `<circle cx="${x + size / 2}" cy="${y + size / 2}" r="${size * 0.34}" fill="none" stroke="#fff" stroke-width="0.25"/>` +
    textLine(letters, x + size / 2, y + size / 2 + size * 0.14, {
      font: 'display',
      capMm: size * 0.28,
      fill: '#fff',
      anchor: 'middle',
    })
  );
}

export async function sportsFront(c: FaceContext, style: string): Promise<string> {
  const { rng, w, h } = c;
  const hue = rng.int(0, 359);
  const team = hex(hsl(hue, rng.range(0.5, 0.85), rng.range(0.25, 0.45)));
  let s = rect({ x: 0, y: 0, w, h }, `fill="${style === 'team' ? team : '#f5f4ef'}"`);
  const box = inner(c);
  s += await artwork(rng, box, c.pxPerMm, 'player', hue);
  if (c.foil !== 'none') s += rainbowSheen(rng, box, 'sho', 0.15);
  if (style !== 'full_bleed') s += rect(box, 'fill="none" stroke="#c9a43a" stroke-width="0.35"');
  const plate: Box = { x: box.x + 1.5, y: box.y + box.h - 9.5, w: box.w - 3, h: 6.5 };
  s += `<path d="M${plate.x} ${plate.y + 1.5}L${plate.x + plate.w * 0.7} ${plate.y}H${plate.x + plate.w}V${plate.y + plate.h}H${plate.x}Z" fill="${team}" stroke="#fff" stroke-width="0.2"/>`;
  s += textLine(`${name(rng, 2)} ${name(rng, 3)}`.toUpperCase(), plate.x + 1.5, plate.y + 4.6, {
    font: 'display',
    capMm: 2.6,
    fill: '#fff',
    maxWidth: plate.w * 0.7,
  });
  s += textLine(
    rng.pick(['PITCHER', 'OUTFIELD', 'FORWARD', 'GUARD', 'QUARTERBACK', 'DEFENSE']),
    plate.x + plate.w - 1,
    plate.y + 4.3,
    { font: 'sansBold', capMm: 1.3, fill: '#f1f1f1', anchor: 'end' },
  );
  s += logo(box.x + box.w - 11, box.y + box.h - 19, 9, shade(team, -0.2), name(rng, 1).slice(0, 2).toUpperCase());
  s += textLine(rng.pick(['PRIME', 'CHROME', 'ROOKIES', 'SELECT']), box.x + 2, box.y + 4.5, {
    font: 'display',
    capMm: 2.4,
    fill: '#fff',
  });
  return s;
}

/** The back: a cream border, a header with the name, a bio in small type and a stat table in tiny type. */
export async function sportsBack(c: FaceContext): Promise<string> {
  const { rng, w, h } = c;
  const box = inner(c);
  const team = hex(hsl(rng.int(0, 359), 0.6, 0.35));
  const paper = rng.pick(['#e8e4d6', '#dfe3e4', '#ece7dc']);
  let s = rect({ x: 0, y: 0, w, h }, `fill="${rng.pick(['#f6f5f0', '#cfd3d6', '#ffffff'])}"`);
  s += rect(box, `fill="${paper}"`);
  s += rect({ x: box.x, y: box.y, w: box.w, h: 8 }, `fill="${team}"`);
  s +=
    `<circle cx="${box.x + 5}" cy="${box.y + 4}" r="3" fill="#fff"/>` +
    textLine(String(rng.int(1, 350)), box.x + 5, box.y + 4.8, {
      font: 'sansBold',
      capMm: 1.7,
      fill: '#111',
      anchor: 'middle',
    });
  s += textLine(`${name(rng, 2)} ${name(rng, 3)}`.toUpperCase(), box.x + 10, box.y + 5.4, {
    font: 'display',
    capMm: 2.8,
    fill: '#fff',
    maxWidth: box.w - 12,
  });
  let y = box.y + 10.5;
  for (const label of ['HT', 'WT', 'BATS', 'BORN', 'HOME']) {
    s += textLine(
      `${label}: ${rng.int(1, 300)} ${name(rng, 2)}`,
      box.x + 1.5 + (['HT', 'BATS', 'HOME'].indexOf(label) >= 0 ? 0 : box.w / 2),
      y,
      { font: 'sans', capMm: 1.15, fill: '#222' },
    );
    if (label !== 'HT' && label !== 'BATS') y += 2.1;
  }
  y += 1.5;
  const table: Box = { x: box.x + 1.2, y, w: box.w - 2.4, h: 0 };
  const columns = ['YEAR', 'TEAM', 'G', 'AB', 'R', 'H', 'HR', 'RBI', 'AVG'];
  const rowH = 2.05;
  const rows = rng.int(8, 13);
  table.h = rowH * (rows + 1);
  s += rect({ x: table.x, y: table.y, w: table.w, h: rowH }, `fill="${team}"`);
  for (let r = 0; r <= rows; r += 1) {
    const ry = table.y + r * rowH;
    if (r > 0 && r % 2 === 0) s += rect({ x: table.x, y: ry, w: table.w, h: rowH }, 'fill="#000" opacity="0.07"');
    columns.forEach((col, i) => {
      const x = table.x + 0.6 + (i * (table.w - 1.2)) / columns.length;
      const value =
        r === 0
          ? col
          : i === 0
            ? String(2000 + r)
            : i === 1
              ? name(rng, 1).slice(0, 3).toUpperCase()
              : i === 8
                ? `.${rng.int(180, 340)}`
                : String(rng.int(0, 160));
      s += textLine(value, x, ry + rowH - 0.5, {
        font: r === 0 ? 'sansBold' : 'sans',
        capMm: 1.1,
        fill: r === 0 ? '#fff' : '#1a1a1a',
      });
    });
    s += line(table.x, ry + rowH, table.x + table.w, ry + rowH, '#555', 0.06);
  }
  const blurb = paragraph(
    sentences(rng, 2),
    box.x + 1.5,
    table.y + table.h + 1.5,
    box.w - 3,
    { font: 'sans', capMm: 1.2, fill: '#222' },
    1.35,
  );
  s += blurb.svg;
  s += textLine(
    `(c) ${rng.int(1990, 2024)} ${name(rng, 2).toUpperCase()} CARDS. ALL RIGHTS RESERVED.`,
    box.x + box.w / 2,
    box.y + box.h - 1,
    { font: 'sans', capMm: 0.9, fill: '#333', anchor: 'middle', maxWidth: box.w - 2 },
  );
  return s;
}
