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
  return sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality: options.quality ?? 85 }).toBuffer();
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
