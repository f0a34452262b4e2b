import sharp, { type OutputInfo } from 'sharp';
import type { GradeRejection } from '@gradelens/shared';
import type { PhotoRegion, Raster } from './raster.ts';

sharp.cache(false);

export const DEFAULT_MAX_PIXELS = 50_000_000;

/**
 * A photo checked and previewed: its size with the EXIF rotation applied, and a copy of at most
 * 400 px a side that libvips shrinks while decoding (a fraction of a full decode's cost).
 */
export interface OpenedPhoto {
  input: Buffer;
  width: number;
  height: number;
  preview: Raster;
  maxPixels: number;
}

export type Opened = { ok: true; photo: OpenedPhoto } | { ok: false; rejection: GradeRejection };

const NOT_AN_IMAGE = 'This file is not a photo we can read. Send a JPEG or PNG photo of the card.';
const CORRUPT =
  'This photo is damaged or incomplete (the file may have been cut off while copying). Take or send the photo again.';

/** Reads a photo's size and decodes its preview, or says why the photo cannot be used. */
export async function openPhoto(input: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<Opened> {
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch {
    return reject('not_an_image', NOT_AN_IMAGE);
  }
  if (!width || !height) return reject('not_an_image', NOT_AN_IMAGE);
  if (width * height > maxPixels) {
    return reject(
      'too_many_pixels',
      `This photo has ${Math.round((width * height) / 1e6)} megapixels, more than the ${Math.round(maxPixels / 1e6)} we accept. Send a smaller photo; 12 megapixels is plenty.`,
    );
  }
  try {
    // The whole file is read even for the preview, so a truncated one fails here already.
    const small = await pipeline(input, maxPixels)
      .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true, kernel: 'cubic' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { ok: true, photo: { input, width, height, preview: toRaster(small), maxPixels } };
  } catch {
    return reject('corrupt_image', CORRUPT);
  }
}

/** The whole photo shrunk to at most `side` px a side: a finer preview, for cards the preview shows too small. */
export async function previewOf(photo: OpenedPhoto, side: number): Promise<Raster | null> {
  try {
    return toRaster(
      await pipeline(photo.input, photo.maxPixels)
        .resize(side, side, { fit: 'inside', withoutEnlargement: true, kernel: 'cubic' })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
  } catch {
    return null;
  }
}

export type DecodedRegion = { ok: true; region: PhotoRegion } | { ok: false; rejection: GradeRejection };

/** Decodes part of a photo at full resolution (EXIF rotation applied first). */
export async function decodeRegion(
  photo: OpenedPhoto,
  area: { left: number; top: number; width: number; height: number },
): Promise<DecodedRegion> {
  try {
    const raster = toRaster(
      await pipeline(photo.input, photo.maxPixels).extract(area).raw().toBuffer({ resolveWithObject: true }),
    );
    return { ok: true, region: { raster, left: area.left, top: area.top } };
  } catch {
    return reject('corrupt_image', CORRUPT);
  }
}

/** sRGB pixels without alpha, EXIF rotation applied before any extract or resize. */
const pipeline = (input: Buffer, maxPixels: number) =>
  sharp(input, { failOn: 'truncated', limitInputPixels: maxPixels }).rotate().removeAlpha().toColourspace('srgb');

const PREVIEW_SIDE = 400;

function toRaster({ data, info }: { data: Buffer; info: OutputInfo }): Raster {
  if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: 3,
  };
}

function reject(code: GradeRejection['code'], message: string): { ok: false; rejection: GradeRejection } {
  return { ok: false, rejection: { code, message } };
}
