import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';

/** Reads PDFs in tests with pdf.js, so `npm test` needs no system tools. */
async function open(pdf: Buffer) {
  return getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 })
    .promise;
}

/** The text of every page, one line per run of text on the same baseline. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await open(pdf);
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const lines: string[] = [];
      let lastY: number | undefined;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const y = item.transform[5] as number;
        if (lastY !== undefined && Math.abs(y - lastY) > 2) lines.push('\n');
        else if (lines.length > 0 && item.str !== '') lines.push(' ');
        lines.push(item.str);
        lastY = y;
      }
      pages.push(
        lines
          .join('')
          .replace(/ +/g, ' ')
          .replace(/ ?\n ?/g, '\n'),
      );
    }
    return pages.join('\f');
  } finally {
    await doc.destroy();
  }
}

/** The first page rendered to RGBA pixels at the given scale (1 = 72 dpi). */
export async function renderFirstPage(
  pdf: Buffer,
  scale: number,
): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const doc = await open(pdf);
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale });
    const factory = doc.canvasFactory as {
      create(w: number, h: number): { canvas: { toBuffer(type: string): Buffer } };
    };
    const { canvas } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as unknown as Parameters<typeof page.render>[0]['canvas'], viewport }).promise;
    const { data, info } = await sharp(canvas.toBuffer('image/png'))
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    };
  } finally {
    await doc.destroy();
  }
}
