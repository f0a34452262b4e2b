import { randomBytes } from 'node:crypto';
import { mkdir, open, opendir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Sharp } from 'sharp';
import { IMAGE_DECODE_BUDGET_SECONDS, PHOTO_FORMATS, UPLOAD_MAX_PIXELS } from '@gradelens/shared';
import { AppError } from '../errors.ts';
import { loadSharp } from '../on-first-use.ts';
import { decodeHeic } from './heic.ts';
import { jpegScanCount, photoFormat } from './image-format.ts';

/** The names the store gives files (128 random bits in hex and the format): nothing else is ours to serve or delete. */
export const STORED_NAME = /^[0-9a-f]{32}\.(jpg|webp|png)$/;

/** The path a row stores for a file and the site serves it at. */
export const publicPathOf = (filename: string) => `/uploads/${filename}`;

export const MIME_TYPES = { jpg: 'image/jpeg', webp: 'image/webp', png: 'image/png' } as const;
export type Extension = keyof typeof MIME_TYPES;

/** A new stored name: 128 random bits, so no two saves ever pick the same one. */
export const newStoredName = (extension: Extension) => `${randomBytes(16).toString('hex')}.${extension}`;

export interface StoredImage {
  filename: string;
  /** Path under the site root, e.g. /uploads/3f9c....jpg */
  publicPath: string;
  /** Where the bytes are: a path on disk, or s3://bucket/key. */
  filePath: string;
  mimeType: string;
  size: number;
  width: number;
  height: number;
}

/** A stored file opened for sending: the body streams it; destroy the body if it is not sent. */
export interface OpenedImage {
  body: Readable;
  size: number;
  modifiedAt: Date;
  mimeType: string;
}

/** Where stored files live: local disk under DATA_DIR/uploads, or an S3-compatible bucket (storage/s3-store.ts). */
export interface ImageStore {
  save(data: Buffer, extension: Extension): Promise<StoredImage>;
  read(publicPath: string): Promise<Buffer>;
  /** The file of this stored name, or null when there is none (or the name is not one the store gives). */
  open(filename: string): Promise<OpenedImage | null>;
  /** Removes a file by its public path or stored name; anything not named like a stored file is left alone. */
  remove(publicPath: string): Promise<void>;
  /** Every stored file's name and last change, one at a time, so a folder of any size fits in memory. */
  list(): AsyncIterable<{ filename: string; modifiedAt: Date }>;
}

export function localImageStore(uploadsDir: string): ImageStore {
  return {
    async save(data, extension) {
      await mkdir(uploadsDir, { recursive: true });
      const filename = newStoredName(extension);
      const filePath = path.join(uploadsDir, filename);
      await writeFile(filePath, data, { flag: 'wx' });
      return describeStored(data, filename, filePath);
    },
    async read(publicPath) {
      return readFile(path.join(uploadsDir, path.basename(publicPath.replace(/\\/g, '/'))));
    },
    async open(filename) {
      const match = STORED_NAME.exec(filename);
      if (!match) return null;
      const file = await open(path.join(uploadsDir, filename)).catch(unlessMissing);
      if (!file) return null;
      try {
        // Size and date from the open handle: they describe the bytes streamed, whatever happens to the name meanwhile.
        const info = await file.stat();
        if (!info.isFile()) {
          await file.close();
          return null;
        }
        return {
          body: file.createReadStream(),
          size: info.size,
          modifiedAt: info.mtime,
          mimeType: MIME_TYPES[match[1] as Extension],
        };
      } catch (error) {
        await file.close();
        throw error;
      }
    },
    async remove(publicPath) {
      const name = path.basename(publicPath);
      if (!STORED_NAME.test(name)) return;
      await rm(path.join(uploadsDir, name), { force: true });
    },
    async *list() {
      const folder = await opendir(uploadsDir).catch(unlessMissing);
      if (!folder) return;
      for await (const entry of folder) {
        if (!entry.isFile() || !STORED_NAME.test(entry.name)) continue;
        // A file removed between the listing and the look is simply not reported.
        const info = await stat(path.join(uploadsDir, entry.name)).catch(unlessMissing);
        if (info) yield { filename: entry.name, modifiedAt: info.mtime };
      }
    },
  };
}

/** What a store answers for the bytes it just saved under this name. */
export async function describeStored(data: Buffer, filename: string, filePath: string): Promise<StoredImage> {
  const meta = await (await loadSharp())(data).metadata();
  return {
    filename,
    publicPath: publicPathOf(filename),
    filePath,
    mimeType: MIME_TYPES[filename.slice(filename.lastIndexOf('.') + 1) as Extension],
    size: data.length,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
  };
}

/** For a .catch(): a missing file or folder is null, any other failure stays one. */
function unlessMissing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}

/** Legitimate progressive JPEGs use about 10 scans; each one is a pass over the whole picture. */
const JPEG_MAX_SCANS = 100;

/**
 * Decodes a JPEG, PNG, WebP, HEIC or AVIF photo, applies its rotation and re-encodes it, which
 * also drops metadata such as GPS. The format is told by the bytes before any decoder sees them;
 * every decode is held to the pixel limit and to `budgetSeconds`. Refusals are sentences that
 * say what to send.
 */
export async function normalizeImage(
  data: Buffer,
  output: { maxSide?: number; square?: number; format: 'jpg' | 'webp' },
  { budgetSeconds = IMAGE_DECODE_BUDGET_SECONDS }: { budgetSeconds?: number } = {},
): Promise<Buffer> {
  const format = photoFormat(data);
  if (!format) throw notAPhoto();
  if (format === 'jpeg' && jpegScanCount(data, JPEG_MAX_SCANS) > JPEG_MAX_SCANS) throw tooManyScans();
  let image = format === 'heic' ? await heicPixels(data, budgetSeconds) : await openImage(data);
  if (output.square) image = image.resize(output.square, output.square, { fit: 'cover', position: 'attention' });
  else if (output.maxSide)
    image = image.resize(output.maxSide, output.maxSide, { fit: 'inside', withoutEnlargement: true });
  image = output.format === 'jpg' ? image.jpeg({ quality: 92, mozjpeg: false }) : image.webp({ quality: 90 });
  return encodeWithin(image, budgetSeconds);
}

/** Reads the header only, so a photo over the pixel limit is refused before it is decoded. */
async function openImage(data: Buffer): Promise<Sharp> {
  const sharp = await loadSharp();
  try {
    const image = sharp(data, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' }).rotate();
    const meta = await image.metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > UPLOAD_MAX_PIXELS) throw tooManyPixels();
    return image;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw damaged();
  }
}

/** sharp cannot decode HEVC: libheif in a worker thread gives the pixels, already rotated. */
async function heicPixels(data: Buffer, budgetSeconds: number): Promise<Sharp> {
  const result = await decodeHeic(data, { maxPixels: UPLOAD_MAX_PIXELS, budgetMs: budgetSeconds * 1000 });
  if (result.outcome === 'decoded') {
    const { width, height, rgba } = result;
    const sharp = await loadSharp();
    return sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width, height, channels: 4 } });
  }
  if (result.outcome === 'too-large') throw tooManyPixels();
  throw result.outcome === 'too-slow' ? tooSlow(budgetSeconds) : unreadableHeic();
}

/**
 * Answers when the budget runs out. sharp's timeout (whole seconds) then stops the libvips
 * pipeline at its next step; a step that cannot be interrupted (decoding an AVIF frame, reading
 * a progressive JPEG's scans) finishes first, bounded by the pixel limit and JPEG_MAX_SCANS.
 */
async function encodeWithin(image: Sharp, budgetSeconds: number): Promise<Buffer> {
  const encoding = image.timeout({ seconds: Math.ceil(budgetSeconds) }).toBuffer();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow(budgetSeconds)), budgetSeconds * 1000);
  });
  encoding.catch(() => undefined);
  try {
    return await Promise.race([encoding, late]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    if (error instanceof Error && /^timeout/.test(error.message)) throw tooSlow(budgetSeconds);
    throw damaged();
  } finally {
    clearTimeout(timer);
  }
}

const notAPhoto = () =>
  new AppError('UNSUPPORTED_MEDIA', `That file is not a photo in a format we take. Send a ${PHOTO_FORMATS} photo.`);

const damaged = () =>
  new AppError(
    'UNSUPPORTED_MEDIA',
    `That photo is damaged or incomplete and cannot be read. Send it again, as a ${PHOTO_FORMATS} photo.`,
  );

const unreadableHeic = () =>
  new AppError(
    'UNSUPPORTED_MEDIA',
    'That HEIC photo cannot be read: it is damaged or uses a kind of HEIF we do not decode. Send a JPEG instead: on an iPhone, set Settings > Camera > Formats to "Most Compatible", or share the photo as JPEG.',
  );

const tooManyPixels = () =>
  new AppError(
    'TOO_LARGE',
    `That image has more than ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels. Send a smaller photo (a phone photo of 12 megapixels is plenty).`,
  );

const tooSlow = (budgetSeconds: number) =>
  new AppError(
    'UNGRADABLE',
    `That photo took more than ${budgetSeconds} seconds to read, so it was stopped. Try again, or send a smaller photo (a phone photo of 12 megapixels is plenty).`,
  );

const tooManyScans = () =>
  new AppError(
    'UNGRADABLE',
    `That JPEG is saved in more than ${JPEG_MAX_SCANS} progressive passes, which takes too long to read. Send the photo straight from your camera, or save it again as an ordinary JPEG.`,
  );
