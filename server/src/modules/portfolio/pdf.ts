import {
  BRAND,
  formatAverageGrade,
  gradeWithHalfPoint,
  halfPointOf,
  summarizePortfolio,
  type GradeReport,
  type HalfPointScores,
} from '@gradelens/shared';
import type { cardGradings } from '../../db/schema.ts';
import { loadPdfKit, loadSharp } from '../../on-first-use.ts';
import type { ImageStore } from '../../storage/images.ts';

type GradingRow = typeof cardGradings.$inferSelect;

const PAGE = { width: 612, height: 792, margin: 40 };
const ROW_HEIGHT = 64;

/** A thumbnail is drawn in a 40 x 56 pt box: 180 x 252 px prints it at over 300 dpi. */
const THUMB_PRINT = { width: 180, height: 252, quality: 75 };

/**
 * A portfolio PDF: a summary, then one row per card with its front thumbnail and grades. The
 * thumbnails are read first (re-encoded at print size, so 100 cards weigh about a megabyte);
 * the document is then returned as a stream the answer pipes out, never held whole in memory.
 */
export async function renderPortfolio(
  cards: GradingRow[],
  options: { userName: string; images: ImageStore; corrected: Set<number> },
): Promise<PDFKit.PDFDocument> {
  const thumbnails = await loadThumbnails(cards, options.images);
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: PAGE.margin,
    info: { Title: `${options.userName} portfolio`, Author: BRAND },
  });

  const summary = summarizePortfolio(cards);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#1e3a8a').text(`${BRAND} Portfolio`, PAGE.margin, PAGE.margin);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#334155')
    .text(`${options.userName} - ${new Date().toISOString().slice(0, 10)}`);
  doc.moveDown(0.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#0f172a')
    .text(
      `Cards: ${summary.totalCards}    Average grade: ${formatAverageGrade(summary.averageGrade)}    Highest grade: ${summary.highestGrade ?? 'N/A'}    Games: ${summary.games}`,
    );
  let y = doc.y + 16;

  cards.forEach((card, index) => {
    if (y + ROW_HEIGHT > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = PAGE.margin;
    }
    if (index % 2 === 0) doc.rect(PAGE.margin, y - 4, PAGE.width - 2 * PAGE.margin, ROW_HEIGHT).fill('#f1f5f9');
    const thumb = thumbnails.get(card.id);
    if (thumb) doc.image(thumb, PAGE.margin + 4, y, { fit: [40, 56] });
    const x = PAGE.margin + 56;
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a');
    doc.text(card.cardName ?? `Card #${card.id}`, x, y, { width: 300, height: 14, ellipsis: true });
    doc.font('Helvetica').fontSize(9).fillColor('#334155');
    doc.text(
      [
        card.cardSet ?? 'Unknown Set',
        card.cardNumber ? `#${card.cardNumber}` : null,
        card.gameBrand ?? 'Unknown Game',
        card.year,
      ]
        .filter(Boolean)
        .join('  |  '),
      x,
      y + 16,
      { width: 300, height: 12, ellipsis: true },
    );
    // Whole grades, each with the engine's half point when it measured one (none after a correction).
    const scores = (card.analysis as GradeReport | null)?.scores;
    const graded = card.overallGrade !== null;
    const grade = (key: keyof HalfPointScores, value: number | null) =>
      gradeWithHalfPoint(value, halfPointOf(scores, options.corrected.has(card.id), key, value), graded);
    doc.text(
      `Centering ${grade('centering', card.centeringGrade)}   Corners ${grade('corners', card.cornerGrade)}   Edges ${grade('edges', card.edgeGrade)}   Surface ${grade('surface', card.surfaceGrade)}`,
      x,
      y + 30,
      { width: PAGE.width - PAGE.margin - x, height: 12, ellipsis: true },
    );
    doc
      .fontSize(8)
      .fillColor('#64748b')
      .text(`Graded ${(card.gradedAt ?? card.createdAt).toISOString().slice(0, 10)}`, x, y + 43);
    doc.font('Helvetica-Bold').fontSize(22).fillColor('#1e3a8a');
    doc.text(card.overallGrade === null ? 'N/A' : String(card.overallGrade), PAGE.width - PAGE.margin - 70, y + 12, {
      width: 60,
      align: 'right',
    });
    const overallHalf = halfPointOf(scores, options.corrected.has(card.id), 'overall', card.overallGrade);
    if (overallHalf !== null) {
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor('#64748b')
        .text(`measured ${overallHalf}`, PAGE.width - PAGE.margin - 70, y + 38, { width: 60, align: 'right' });
    }
    y += ROW_HEIGHT;
  });
  if (cards.length === 0) doc.font('Helvetica').fontSize(11).text('No graded cards yet.', PAGE.margin, y);
  doc.end();
  return doc;
}

/** Small JPEGs of each front at print size, from the stored thumbnail, else from the photo. */
async function loadThumbnails(cards: GradingRow[], images: ImageStore): Promise<Map<number, Buffer>> {
  const result = new Map<number, Buffer>();
  const queue = [...cards];
  const sharp = await loadSharp();
  const worker = async () => {
    for (let card = queue.shift(); card; card = queue.shift()) {
      const source = card.frontThumbPath ?? card.frontImagePath;
      try {
        const data = await images.read(source);
        result.set(
          card.id,
          await sharp(data)
            .resize(THUMB_PRINT.width, THUMB_PRINT.height, { fit: 'inside', withoutEnlargement: true })
            .jpeg({ quality: THUMB_PRINT.quality })
            .toBuffer(),
        );
      } catch {
        // A missing image leaves the row without a picture rather than failing the whole PDF.
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return result;
}
