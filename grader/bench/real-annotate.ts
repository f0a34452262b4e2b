// The tools the real photos' annotations were made with (test/fixtures/real/annotations.json),
// kept so a reviewer can check or extend them:
//
//   tsx bench/real-annotate.ts zoom <photo> <out.png> <x,y> [<x,y> ...] [--size 60] [--scale 6]
//     a montage of enlarged crops centred on each point, with a labelled grid (every 10 px in small crops) and
//     the annotated sides of that photo drawn through them, to place a side point on the edge;
//   tsx bench/real-annotate.ts corners
//     recomputes every annotated card's corners from its side points and writes them back;
//   tsx bench/real-annotate.ts outline <photo> <out.png>
//     the photo downscaled with every annotated outline drawn on it, to check the whole card;
//   tsx bench/real-annotate.ts cross <photo> <x1,y1> <x2,y2> [--n 9] [--w 10]
//     a first reading of one side where the background beside it is plain: at n stations between
//     the two rough points (given clockwise, so the normal points into the card) the brightness
//     profile across the side, and where it first crosses halfway from the background to the
//     level farthest from it (usually the light line along the card's edge: its outer side).
//     Every reading is checked on zoom crops before it goes into the annotations: a busy
//     background or print near the edge misleads it.
//
// Coordinates are photo pixels with pixel i's centre at i + 0.5, as in the engine: the line
// between pixel columns 9 and 10 is x = 10.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { readAnnotations, cornersFromSides, type AnnotatedCard, type Annotations } from '../test/real-annotations.ts';

const fixtures = fileURLToPath(new URL('../test/fixtures/real/', import.meta.url));
const annotationsPath = `${fixtures}annotations.json`;

function cardsOf(photo: string): AnnotatedCard[] {
  return readAnnotations(annotationsPath).photos.find((p) => p.file === photo)?.cards ?? [];
}

/** The straight lines of each annotated side as SVG, in the coordinates of `map`. */
function sideLines(cards: AnnotatedCard[], map: (x: number, y: number) => [number, number], width: number): string {
  const colours = ['#ff00ff', '#00ffff', '#ffff00', '#00ff00'];
  return cards
    .flatMap((card) =>
      Object.values(card.sides).map((points, i) => {
        const [[x1, y1], [x2, y2]] = [points[0]!, points[points.length - 1]!];
        // Drawn well past both points so the line crosses the whole crop.
        const ext = (t: number) => map(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
        const [a, b] = [ext(-3), ext(4)];
        return `<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="${colours[i]}" stroke-width="${width}" opacity="0.8"/>`;
      }),
    )
    .join('');
}

async function zoom(args: string[]): Promise<void> {
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args.splice(i, 2)[1]) : fallback;
  };
  const size = option('--size', 60);
  const scale = option('--scale', 6);
  const [photo, out, ...points] = args as [string, string, ...string[]];
  const image = sharp(readFileSync(`${fixtures}${photo}`));
  const { width, height } = await image.metadata();
  const cards = cardsOf(photo);
  const tile = Math.round(size * scale);
  // About eight grid lines across a crop, at a round number of pixels.
  const step = [10, 25, 50, 100, 250].find((s) => size / s <= 10) ?? 500;
  const tiles = await Promise.all(
    points.map(async (text) => {
      const [cx, cy] = text.split(',').map(Number) as [number, number];
      const left = Math.max(0, Math.min(width - size, Math.round(cx - size / 2)));
      const top = Math.max(0, Math.min(height - size, Math.round(cy - size / 2)));
      const crop = await image
        .clone()
        .extract({ left, top, width: size, height: size })
        .resize(tile, tile, { kernel: 'nearest' })
        .png()
        .toBuffer();
      const map = (x: number, y: number): [number, number] => [(x - left) * scale, (y - top) * scale];
      let grid = '';
      for (let v = Math.ceil(left / step) * step; v <= left + size; v += step) {
        grid += `<line x1="${(v - left) * scale}" y1="0" x2="${(v - left) * scale}" y2="${tile}" stroke="red" stroke-width="1"/>`;
        grid += `<text x="${(v - left) * scale + 2}" y="12" font-size="11" fill="red" font-family="DejaVu Sans Mono">${v}</text>`;
      }
      for (let v = Math.ceil(top / step) * step; v <= top + size; v += step) {
        grid += `<line x1="0" y1="${(v - top) * scale}" x2="${tile}" y2="${(v - top) * scale}" stroke="red" stroke-width="1"/>`;
        grid += `<text x="2" y="${(v - top) * scale - 2}" font-size="11" fill="red" font-family="DejaVu Sans Mono">${v}</text>`;
      }
      const mark = `<circle cx="${(cx - left) * scale}" cy="${(cy - top) * scale}" r="4" fill="none" stroke="lime" stroke-width="2"/>`;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${tile}" height="${tile}">${grid}${sideLines(cards, map, 1)}${mark}<text x="${tile - 110}" y="${tile - 6}" font-size="13" fill="yellow" font-family="DejaVu Sans Mono">${cx},${cy}</text></svg>`;
      return sharp(crop)
        .composite([{ input: Buffer.from(svg) }])
        .png()
        .toBuffer();
    }),
  );
  const columns = Math.min(tiles.length, Math.max(1, Math.floor(1200 / (tile + 4))));
  const rows = Math.ceil(tiles.length / columns);
  await sharp({ create: { width: columns * (tile + 4), height: rows * (tile + 4), channels: 3, background: '#222' } })
    .composite(
      tiles.map((input, i) => ({ input, left: (i % columns) * (tile + 4), top: Math.floor(i / columns) * (tile + 4) })),
    )
    .png()
    .toFile(out);
}

function recomputeCorners(): void {
  const annotations: Annotations = readAnnotations(annotationsPath);
  for (const photo of annotations.photos) {
    for (const card of photo.cards) {
      card.corners = cornersFromSides(card.sides).map(
        (p) => [round2(p.x), round2(p.y)] as [number, number],
      ) as AnnotatedCard['corners'];
      console.log(photo.file, JSON.stringify(card.corners));
    }
  }
  writeFileSync(
    annotationsPath,
    `${JSON.stringify(annotations, null, 2).replace(/\[\s+(-?[\d.]+),\s+(-?[\d.]+)\s+\]/g, '[$1, $2]')}\n`,
  );
}

const round2 = (v: number) => Math.round(v * 100) / 100;

async function outline(photo: string, out: string): Promise<void> {
  const image = sharp(readFileSync(`${fixtures}${photo}`));
  const { width, height } = await image.metadata();
  const k = Math.min(1, 1000 / Math.max(width, height));
  const [w, h] = [Math.round(width * k), Math.round(height * k)];
  const polygons = cardsOf(photo)
    .map((card, n) => {
      const points = card.corners.map(([x, y]) => `${x * k},${y * k}`).join(' ');
      const [x0, y0] = card.corners[0];
      return `<polygon points="${points}" fill="none" stroke="#00ff00" stroke-width="1"/><circle cx="${x0 * k}" cy="${y0 * k}" r="4" fill="red"/><text x="${x0 * k + 6}" y="${y0 * k + 16}" font-size="14" fill="yellow" font-family="DejaVu Sans Mono">${n}</text>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${polygons}</svg>`;
  await image
    .resize(w, h)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toFile(out);
}

async function cross(args: string[]): Promise<void> {
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args.splice(i, 2)[1]) : fallback;
  };
  const stations = option('--n', 9);
  const half = option('--w', 10);
  const [photo, a, b] = args as [string, string, string];
  const [x1, y1] = a.split(',').map(Number) as [number, number];
  const [x2, y2] = b.split(',').map(Number) as [number, number];
  const { data, info } = await sharp(readFileSync(`${fixtures}${photo}`))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Bilinear brightness at a point, pixel i's centre at i + 0.5.
  const at = (x: number, y: number) => {
    const [fx, fy] = [x - 0.5, y - 0.5];
    const [ix, iy] = [Math.floor(fx), Math.floor(fy)];
    const [tx, ty] = [fx - ix, fy - iy];
    const px = (u: number, v: number) =>
      data[Math.min(info.height - 1, Math.max(0, v)) * info.width + Math.min(info.width - 1, Math.max(0, u))]!;
    return (
      (1 - tx) * (1 - ty) * px(ix, iy) +
      tx * (1 - ty) * px(ix + 1, iy) +
      (1 - tx) * ty * px(ix, iy + 1) +
      tx * ty * px(ix + 1, iy + 1)
    );
  };
  const length = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const [nx, ny] = [-uy, ux];
  for (let k = 0; k < stations; k += 1) {
    const t = 0.1 + (0.8 * k) / Math.max(1, stations - 1);
    const [cx, cy] = [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t];
    // The profile from outside (s = -half) to inside, each sample averaged over 7 px along the side.
    const profile: number[] = [];
    for (let s = -half; s <= half; s += 0.5) {
      let sum = 0;
      for (let j = -3; j <= 3; j += 1) sum += at(cx + nx * s + ux * j, cy + ny * s + uy * j);
      profile.push(sum / 7);
    }
    const background = [...profile.slice(0, 5)].sort((p, q) => p - q)[2]!;
    const peak = profile.reduce((best, v) => (Math.abs(v - background) > Math.abs(best - background) ? v : best));
    const level = (background + peak) / 2;
    const i = profile.findIndex(
      (v, j) => j > 0 && (profile[j - 1]! - level) * (v - level) <= 0 && v !== profile[j - 1],
    );
    const s = i > 0 ? -half + 0.5 * (i - 1 + (level - profile[i - 1]!) / (profile[i]! - profile[i - 1]!)) : Number.NaN;
    const text = Number.isNaN(s) ? 'no crossing' : `[${(cx + nx * s).toFixed(1)}, ${(cy + ny * s).toFixed(1)}]`;
    console.log(
      `t=${t.toFixed(2)} ${text}  profile ${profile
        .filter((_, j) => j % 2 === 0)
        .map((v) => v.toFixed(0))
        .join(' ')}`,
    );
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === 'zoom') await zoom(args);
else if (command === 'corners') recomputeCorners();
else if (command === 'outline') await outline(args[0]!, args[1]!);
else if (command === 'cross') await cross(args);
else {
  console.error(
    'usage: real-annotate.ts zoom <photo> <out.png> <x,y>... [--size N] [--scale N] | corners | ' +
      'outline <photo> <out.png> | cross <photo> <x1,y1> <x2,y2> [--n N] [--w N]',
  );
  process.exit(2);
}
