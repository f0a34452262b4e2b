import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import opentype, { type Font, type Glyph, type PathCommand } from 'opentype.js';

/**
 * Text as glyph outlines from real fonts (the @fontsource packages, SIL OFL 1.1, see README.md):
 * librsvg would otherwise pick whatever fonts the machine has, and the same seed must give the
 * same pixels everywhere.
 */
const require = createRequire(import.meta.url);
const FILES = {
  sans: ['@fontsource/roboto-condensed', 'roboto-condensed-latin-400-normal.woff'],
  sansBold: ['@fontsource/roboto-condensed', 'roboto-condensed-latin-700-normal.woff'],
  serif: ['@fontsource/eb-garamond', 'eb-garamond-latin-400-normal.woff'],
  serifBold: ['@fontsource/eb-garamond', 'eb-garamond-latin-700-normal.woff'],
  display: ['@fontsource/oswald', 'oswald-latin-600-normal.woff'],
} as const;
export type FontName = keyof typeof FILES;

const loaded = new Map<
  FontName,
  { font: Font; capHeight: number; glyphs: Map<string, { glyph: Glyph; advance: number }> }
>();

function load(name: FontName) {
  let entry = loaded.get(name);
  if (!entry) {
    const [pkg, file] = FILES[name];
    const dir = path.dirname(require.resolve(`${pkg}/LICENSE`));
    const bytes = readFileSync(path.join(dir, 'files', file));
    const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const capHeight = (font.tables.os2?.sCapHeight || 0.7 * font.unitsPerEm) / font.unitsPerEm;
    entry = { font, capHeight, glyphs: new Map() };
    loaded.set(name, entry);
  }
  return entry;
}

function glyphOf(name: FontName, char: string) {
  const entry = load(name);
  let g = entry.glyphs.get(char);
  if (!g) {
    const glyph = entry.font.charToGlyph(char);
    g = { glyph, advance: (glyph.advanceWidth ?? 0) / entry.font.unitsPerEm };
    entry.glyphs.set(char, g);
  }
  return g;
}

const n = (v: number | undefined) => (v ?? 0).toFixed(3);

/** SVG path data written here: opentype.js's own writer drops short closing lines of outlines. */
function pathData(commands: PathCommand[]): string {
  let d = '';
  for (const c of commands) {
    if (c.type === 'Z') d += 'Z';
    else if (c.type === 'Q') d += `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
    else if (c.type === 'C') d += `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
    else d += `${c.type}${n(c.x)} ${n(c.y)}`;
  }
  return d;
}

/** Width in mm of a line of text set at the given cap height. */
export function textWidth(name: FontName, text: string, capMm: number): number {
  const size = capMm / load(name).capHeight;
  let width = 0;
  for (const char of text) width += glyphOf(name, char).advance * size;
  return width;
}

export interface TextStyle {
  font: FontName;
  capMm: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  /** Squeezes the line sideways to fit, as card printers do with long names. */
  maxWidth?: number;
  opacity?: number;
}

/** One line of text as an SVG path; (x, y) is the baseline point the anchor names, in mm. */
export function textLine(text: string, x: number, y: number, style: TextStyle): string {
  const size = style.capMm / load(style.font).capHeight;
  const natural = textWidth(style.font, text, style.capMm);
  const squeeze = style.maxWidth && natural > style.maxWidth ? style.maxWidth / natural : 1;
  const width = natural * squeeze;
  const start = style.anchor === 'middle' ? x - width / 2 : style.anchor === 'end' ? x - width : x;
  let pen = 0;
  let d = '';
  for (const char of text) {
    const g = glyphOf(style.font, char);
    if (char !== ' ') d += pathData(g.glyph.getPath(pen, 0, size).commands);
    pen += g.advance * size;
  }
  const transform = `translate(${start.toFixed(3)} ${y.toFixed(3)})${squeeze < 1 ? ` scale(${squeeze.toFixed(4)} 1)` : ''}`;
  return `<path transform="${transform}" d="${d}" fill="${style.fill}"${style.opacity !== undefined ? ` opacity="${style.opacity.toFixed(3)}"` : ''}/>`;
}

/** Words wrapped into a box, line after line; returns the SVG and the y of the next free line. */
export function paragraph(
  words: string[],
  x: number,
  y: number,
  width: number,
  style: TextStyle,
  leading = 1.55,
): { svg: string; y: number } {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (current && textWidth(style.font, next, style.capMm) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  let svg = '';
  let baseline = y + style.capMm;
  for (const line of lines) {
    svg += textLine(line, x, baseline, { ...style, maxWidth: width });
    baseline += style.capMm * leading * 1.4;
  }
  return { svg, y: baseline - style.capMm };
}
