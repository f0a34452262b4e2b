import sharp, { type OutputInfo } from 'sharp';
import type { GradeRejection } from '@gradelens/shared';
import type { Raster } from './raster.ts';

sharp.cache(false);

export const DEFAULT_MAX_PIXELS = 50_000_000;

/** The full photo, and a copy of at most 400 px a side that libvips shrinks while decoding. */
export type Decoded = { ok: true; raster: Raster; preview: Raster } | { ok: false; rejection: GradeRejection };

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
    const decode = (resize: boolean) => {
      let image = sharp(input, { failOn: 'truncated', limitInputPixels: maxPixels }).rotate();
      if (resize) image = image.resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true, kernel: 'cubic' });
      return image.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    };
    const [full, small] = await Promise.all([decode(false), decode(true)]);
    return { ok: true, raster: toRaster(full), preview: toRaster(small) };
  } catch {
    return reject('corrupt_image', 'This photo is damaged or incomplete (the file may have been cut off while copying). Take or send the photo again.');
  }
}

const PREVIEW_SIDE = 400;

function toRaster({ data, info }: { data: Buffer; info: OutputInfo }): Raster {
  if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, channels: 3 };
}

function reject(code: GradeRejection['code'], message: string): Decoded {
  return { ok: false, rejection: { code, message } };
}
