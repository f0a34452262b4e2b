export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];
const AVIF_BRANDS = ['avif', 'avis'];
/** Real ftyp boxes list a handful of brands; a longer one is not worth reading. */
const FTYP_MAX_BYTES = 256;

/**
 * The photo format the bytes say, or null for anything else (SVG, GIF, TIFF, PDF, BMP, JPEG 2000,
 * JPEG XL, raw files, video, text...). The file name and the declared type are never consulted.
 */
export function photoFormat(data: Buffer): PhotoFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  const brands = ftypBrands(data);
  // HEIC and AVIF share the HEIF container and often the mif1 brand: only an avif brand says AVIF.
  if (brands.some((b) => AVIF_BRANDS.includes(b))) return 'avif';
  if (brands.some((b) => HEIC_BRANDS.includes(b))) return 'heic';
  return null;
}

/** The major and compatible brands of an ISO media file's leading ftyp box; none for other files. */
function ftypBrands(data: Buffer): string[] {
  if (data.length < 16 || data.toString('latin1', 4, 8) !== 'ftyp') return [];
  const end = Math.min(data.readUInt32BE(0), data.length, FTYP_MAX_BYTES);
  const brands = [data.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(data.toString('latin1', offset, offset + 4));
  return brands;
}

const START_OF_SCAN = Buffer.from([0xff, 0xda]);

/**
 * How many scans a JPEG holds, counted up to `atMost + 1`. Entropy-coded data never holds the
 * bytes FF DA (an FF there is followed by 00 or a restart marker), so each match starts a scan;
 * the few found in metadata or an embedded thumbnail only make the count a little high.
 */
export function jpegScanCount(data: Buffer, atMost: number): number {
  let count = 0;
  for (let at = data.indexOf(START_OF_SCAN); at !== -1 && count <= atMost; at = data.indexOf(START_OF_SCAN, at + 2))
    count += 1;
  return count;
}
