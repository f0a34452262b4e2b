import sharp from 'sharp';
import type { CenteringFace, Defect } from '@gradelens/shared';
import type { RectifiedFace } from '../rectify.ts';

/**
 * The rectified face with the outer edge, the inner frame and every defect boxed and labelled;
 * or, `plain`, the squared-up face alone, for a viewer that draws those itself from the report.
 */
export async function annotate(
  face: RectifiedFace,
  centering: CenteringFace,
  defects: Defect[],
  plain = false,
): Promise<Buffer> {
  const { width, height } = face.raster;
  const pixels = () =>
    sharp(Buffer.from(face.raster.data.buffer, face.raster.data.byteOffset, face.raster.data.length), {
      raw: { width, height, channels: 3 },
    });
  if (plain) return pixels().jpeg({ quality: 88 }).toBuffer();
  const p = face.pxPerMm;
  const m = face.marginMm;
  const X = (mm: number) => ((mm + m) * p).toFixed(1);
  const shapes: string[] = [
    `<rect x="${X(0)}" y="${X(0)}" width="${(face.widthMm * p).toFixed(1)}" height="${(face.heightMm * p).toFixed(1)}" fill="none" stroke="#22c55e" stroke-width="2"/>`,
  ];
  const b = centering.bordersMm;
  if (centering.measurable && b) {
    shapes.push(
      `<rect x="${X(b.left)}" y="${X(b.top)}" width="${((face.widthMm - b.left - b.right) * p).toFixed(1)}" height="${((face.heightMm - b.top - b.bottom) * p).toFixed(1)}" fill="none" stroke="#3b82f6" stroke-width="2" stroke-dasharray="8 4"/>`,
    );
  }
  defects.forEach((d, i) => {
    const x = Number(X(d.boxMm.x));
    const y = Number(X(d.boxMm.y));
    shapes.push(
      `<rect x="${x}" y="${y}" width="${Math.max(6, d.boxMm.w * p).toFixed(1)}" height="${Math.max(6, d.boxMm.h * p).toFixed(1)}" fill="none" stroke="#ef4444" stroke-width="2"/>`,
      // A line defect is drawn along itself too: the box of a diagonal crease spans half the card.
      d.lineMm
        ? `<line x1="${X(d.lineMm.x1)}" y1="${X(d.lineMm.y1)}" x2="${X(d.lineMm.x2)}" y2="${X(d.lineMm.y2)}" stroke="#ef4444" stroke-width="2" stroke-dasharray="6 3"/>`
        : '',
      `<text x="${x + 2}" y="${Math.max(14, y - 4)}" font-family="sans-serif" font-size="14" fill="#ef4444" stroke="#fff" stroke-width="0.6">${i + 1}. ${d.kind.replace('_', ' ')} ${d.sizeMm} mm</text>`,
    );
  });
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`,
  );
  return pixels()
    .composite([{ input: svg }])
    .jpeg({ quality: 88 })
    .toBuffer();
}
