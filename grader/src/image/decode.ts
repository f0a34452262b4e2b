import sharp from 'sharp';
import type { GradeRejection } from '@gradelens/shared';
import type { Raster } from './raster.ts';

sharp.cache(false);

export const DEFAULT_MAX_PIXELS = 50_000_000;

export type Decoded = { ok: true; raster: Raster } | { ok: false; rejection: GradeRejection };

/** Decodes a photo to sRGB pixels with its EXIF rotation applied, or says why it cannot. */
export async function decodePhoto(input: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<Decoded> {
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    return reject('not_an_image', 'This file is not a photo we can read. Send a JPEG or PNG photo of the card.');
  }
  if (!width || !height) return reject('not_an_image', 'This file is not a photo we can read. Send a JPEG or PNG photo of the card.');
  if (width * height > maxPixels) {
    return reject(
      'too_many_pixels',
      `This photo has ${Math.round((width * height) / 1e6)} megapixels, more than the ${Math.round(maxPixels / 1e6)} we accept. Send a smaller photo; 12 megapixels is plenty.`,
    );
  }
  try {
    const { data, info } = await sharp(input, { failOn: 'truncated', limitInputPixels: maxPixels })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    return { ok: true, raster: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, channels: 3 } };
  } catch {
    return reject('corrupt_image', 'This photo is damaged or incomplete (the file may have been cut off while copying). Take or send the photo again.');
  }
}

function reject(code: GradeRejection['code'], message: string): Decoded {
  return { ok: false, rejection: { code, message } };
}
