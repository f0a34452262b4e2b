import type SharpType from 'sharp';
import type PDFDocumentType from 'pdfkit';
import type QRCodeType from 'qrcode';

/**
 * Libraries that only some calls need, loaded by the first such call instead of at boot: sharp
 * (libvips, about 20 MB resident) for photos, pdfkit and qrcode (about 8 MB with their fonts) for
 * labels and the portfolio PDF. A server answering the API's reads never maps them
 * (docs/decisions/0026). The first photo or PDF after a start waits for the load, once.
 */
const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};

export const loadSharp = once(async (): Promise<typeof SharpType> => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
});

export const loadPdfKit = once(async (): Promise<typeof PDFDocumentType> => (await import('pdfkit')).default);

export const loadQrCode = once(async (): Promise<typeof QRCodeType> => (await import('qrcode')).default);
