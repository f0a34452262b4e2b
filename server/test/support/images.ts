import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real JPEG of the given size, with a gradient so it is not trivially compressible. */
export async function jpegOf(width: number, height: number, options: { quality?: number } = {}): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * channels;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } })
    .jpeg({ quality: options.quality ?? 85 })
    .toBuffer();
}

/** Builds a multipart/form-data body by hand, as a browser would send it. */
export function multipart(files: Record<string, { data: Buffer; filename: string; type: string }>) {
  const boundary = `----gradelens${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [field, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Files that are not photos we take, named and typed as if they were. The SVG would keep a
 * core busy for minutes: its blur is rendered at 49 megapixels.
 */
export async function notPhotos(): Promise<{ kind: string; data: Buffer; filename: string; type: string }[]> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="7000" height="7000"><filter id="b"><feGaussianBlur stdDeviation="900"/></filter><rect width="7000" height="7000" fill="#3a6" filter="url(#b)"/></svg>';
  const square = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } });
  return [
    { kind: 'an SVG with a blur filter', data: Buffer.from(svg), filename: 'card.jpg', type: 'image/jpeg' },
    { kind: 'an SVG after blank lines', data: Buffer.from(`\n\n   \t${svg}`), filename: 'card.png', type: 'image/png' },
    {
      kind: 'an SVG after an XML declaration',
      data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`),
      filename: 'card.webp',
      type: 'image/webp',
    },
    { kind: 'a GIF', data: await square().gif().toBuffer(), filename: 'card.jpg', type: 'image/jpeg' },
    { kind: 'a TIFF', data: await square().tiff().toBuffer(), filename: 'card.heic', type: 'image/heic' },
    {
      kind: 'a PDF',
      data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
      filename: 'card.jpg',
      type: 'image/jpeg',
    },
    {
      kind: 'a text file',
      data: Buffer.from('just some text, not a photo'),
      filename: 'card.avif',
      type: 'image/avif',
    },
  ];
}

/** A tiny PNG whose header claims width x height pixels, with a few bytes of picture data. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const frame = Buffer.alloc(4);
    frame.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([frame, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A grey progressive JPEG of width x height whose AC band is sent `scans` times, each time as
 * a few bytes of end-of-band runs: every scan is a pass over all the blocks for the decoder.
 */
export function progressiveJpeg(width: number, height: number, scans: number): Buffer {
  const segment = (marker: number, body: number[]) =>
    Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // One-bit Huffman codes: DC "no change" and AC "end of band run of 2^14 + 14 bits".
  const oneCode = (symbol: number) => [1, ...Array<number>(15).fill(0), symbol];
  const dcScan = entropyCoded(Array.from({ length: blocks }, () => [0, 1] as const));
  const runs: (readonly [number, number])[] = [];
  for (let left = blocks; left > 0; left -= 32767) runs.push([0, 1], [Math.max(0, Math.min(left, 32767) - 16384), 14]);
  const acScan = entropyCoded(runs);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xdb, [0, ...Array<number>(64).fill(1)]),
    segment(0xc2, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    segment(0xc4, [0x00, ...oneCode(0)]),
    segment(0xc4, [0x10, ...oneCode(0xe0)]),
    segment(0xda, [1, 1, 0x00, 0, 0, 0]),
    dcScan,
    ...Array.from({ length: scans }, () => [segment(0xda, [1, 1, 0x00, 1, 63, 0]), acScan]).flat(),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** Packs (value, bit count) pairs MSB first, pads with ones and stuffs a zero after each FF. */
function entropyCoded(codes: readonly (readonly [number, number])[]): Buffer {
  const bytes: number[] = [];
  let current = 0;
  let filled = 0;
  const put = (value: number, bits: number) => {
    for (let i = bits - 1; i >= 0; i -= 1) {
      current = (current << 1) | ((value >> i) & 1);
      filled += 1;
      if (filled === 8) {
        bytes.push(current);
        if (current === 0xff) bytes.push(0);
        current = 0;
        filled = 0;
      }
    }
  };
  for (const [value, bits] of codes) put(value, bits);
  if (filled > 0) put((1 << (8 - filled)) - 1, 8 - filled);
  return Buffer.from(bytes);
}
