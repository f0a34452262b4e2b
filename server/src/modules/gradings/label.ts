import { BRAND, halfPointOf, overallLabel, subgradeText, type GradeReport } from '@gradelens/shared';
import type { cardGradings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { loadPdfKit, loadQrCode, loadSharp } from '../../on-first-use.ts';
import type { ImageStore } from '../../storage/images.ts';
import { centeringSetByOwner, certificateNumber } from './certificate.ts';

type GradingRow = typeof cardGradings.$inferSelect;

const WIDTH = 432; // 6 x 3 inches, the proportions of a slab label
const HEIGHT = 216;

/** A one-page PDF grade label with a front thumbnail and a QR code to the public certificate page. */
export async function renderLabel(
  grading: GradingRow,
  options: { images: ImageStore; certificateUrl: string; corrected: boolean },
): Promise<Buffer> {
  if (grading.overallGrade === null) {
    throw new AppError(
      'CONFLICT',
      'This card has not been graded yet. Run the analysis first, then download its label.',
    );
  }
  const [PDFDocument, QRCode] = await Promise.all([loadPdfKit(), loadQrCode()]);
  const [thumbnail, qr] = await Promise.all([
    frontThumbnail(grading, options.images),
    QRCode.toBuffer(options.certificateUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' }),
  ]);
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    info: { Title: `${BRAND} label ${certificateNumber(grading)}`, Author: BRAND },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.rect(0, 0, WIDTH, HEIGHT).fill('#ffffff');
  doc.rect(0, 0, WIDTH, 30).fill('#1e3a8a');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(14).text(BRAND.toUpperCase(), 12, 9);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(certificateNumber(grading), WIDTH - 132, 12, { width: 120, align: 'right' });

  if (thumbnail) doc.image(thumbnail, 12, 40, { fit: [110, 154] });
  else doc.rect(12, 40, 110, 154).stroke('#cbd5e1');

  const x = 134;
  const title = [grading.cardName ?? `Card #${grading.id}`, grading.cardNumber ? `#${grading.cardNumber}` : '']
    .filter(Boolean)
    .join(' ');
  doc
    .fillColor('#0f172a')
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(title, x, 40, { width: 190, height: 30, ellipsis: true });
  doc.font('Helvetica').fontSize(8).fillColor('#334155');
  doc.text([grading.year, grading.gameBrand].filter(Boolean).join(' ') || 'Game not given', x, 72, { width: 190 });
  doc.text(grading.cardSet ?? 'Set not given', x, 84, { width: 190, height: 10, ellipsis: true });

  doc.font('Helvetica-Bold').fontSize(40).fillColor('#1e3a8a').text(String(grading.overallGrade), x, 98, { width: 60 });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#0f172a')
    .text(overallLabel(grading.overallGrade).toUpperCase(), x + 58, 108, { width: 130 });
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#475569')
    .text('OVERALL GRADE', x + 58, 124);

  // The whole grades the spec asks for, each with the engine's half point when it measured one.
  const scores = (grading.analysis as GradeReport | null)?.scores;
  const overallHalf = halfPointOf(scores, options.corrected, 'overall', grading.overallGrade);
  if (overallHalf !== null) {
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#475569')
      .text(`MEASURED ${overallHalf}`, x + 58, 133);
  }
  const subgrades = [
    ['Centering', 'centering', grading.centeringGrade],
    ['Corners', 'corners', grading.cornerGrade],
    ['Edges', 'edges', grading.edgeGrade],
    ['Surface', 'surface', grading.surfaceGrade],
  ] as const;
  subgrades.forEach(([name, key, value], i) => {
    const cx = x + (i % 2) * 95;
    const cy = 150 + Math.floor(i / 2) * 16;
    doc.font('Helvetica').fontSize(9).fillColor('#334155').text(`${name}:`, cx, cy);
    const half = halfPointOf(scores, options.corrected, key, value);
    doc.font('Helvetica-Bold').text(`${subgradeText(value, true)}${half === null ? '' : ` (${half})`}`, cx + 55, cy);
  });
  if (
    overallHalf !== null ||
    subgrades.some(([, key, value]) => halfPointOf(scores, options.corrected, key, value) !== null)
  ) {
    doc.font('Helvetica').fontSize(6).fillColor('#64748b').text('In brackets: the half point measured.', x, 180);
  }

  const graded = (grading.gradedAt ?? grading.createdAt).toISOString().slice(0, 10);
  const ownerLines = centeringSetByOwner(grading.analysis as GradeReport | null)
    ? ' · centering lines set by the owner'
    : '';
  doc.font('Helvetica').fontSize(7).fillColor('#475569').text(`Graded ${graded}${ownerLines}`, x, 190, { width: 190 });

  doc.image(qr, WIDTH - 100, 44, { width: 88 });
  doc
    .font('Helvetica')
    .fontSize(6)
    .fillColor('#475569')
    .text('Scan to verify', WIDTH - 100, 136, { width: 88, align: 'center' });
  doc.end();
  return done;
}

async function frontThumbnail(grading: GradingRow, images: ImageStore): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    const data = await images.read(grading.frontImagePath);
    return await sharp(data).resize(330, 462, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
  } catch {
    return null;
  }
}
