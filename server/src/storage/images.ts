import { randomBytes } from 'node:crypto';
import { mkdir, open, opendir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { UPLOAD_MAX_PIXELS } from '@gradelens/shared';
import { AppError } from '../errors.ts';

sharp.cache(false);

/** The names the store gives files (128 random bits in hex and the format): nothing else is ours to serve or delete. */
export const STORED_NAME = /^[0-9a-f]{32}\.(jpg|webp|png)$/;

/** The path a row stores for a file and the site serves it at. */
export const publicPathOf = (filename: string) => `/uploads/${filename}`;

const MIME_TYPES = { jpg: 'image/jpeg', webp: 'image/webp', png: 'image/png' } as const;
type Extension = keyof typeof MIME_TYPES;

export interface StoredImage {
  filename: string;
  /** Path under the site root, e.g. /uploads/3f9c....jpg */
  publicPath: string;
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

/** Local-disk image store under DATA_DIR/uploads; an object store can replace it behind this interface. */
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
      const filename = `${randomBytes(16).toString('hex')}.${extension}`;
      const filePath = path.join(uploadsDir, filename);
      await writeFile(filePath, data, { flag: 'wx' });
      const meta = await sharp(data).metadata();
      return {
        filename,
        publicPath: publicPathOf(filename),
        filePath,
        mimeType: MIME_TYPES[extension],
        size: data.length,
        width: meta.width ?? 0,
        height: meta.height ?? 0,
      };
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
        return { body: file.createReadStream(), size: info.size, modifiedAt: info.mtime, mimeType: MIME_TYPES[match[1] as Extension] };
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

/** For a .catch(): a missing file or folder is null, any other failure stays one. */
function unlessMissing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}

const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];
const AVIF_BRANDS = ['avif', 'avis'];

/** The major and compatible brands of an ISO media file's leading ftyp box; none for other files. */
function ftypBrands(data: Buffer): string[] {
  if (data.length < 16 || data.toString('latin1', 4, 8) !== 'ftyp') return [];
  const end = Math.min(data.readUInt32BE(0), data.length);
  const brands = [data.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(data.toString('latin1', offset, offset + 4));
  return brands;
}

/** HEIC and AVIF share the HEIF container and often the mif1 brand: only an avif brand says AVIF. */
function isHeic(data: Buffer): boolean {
  const brands = ftypBrands(data);
  return brands.some((b) => HEIC_BRANDS.includes(b)) && !brands.some((b) => AVIF_BRANDS.includes(b));
}

/**
 * Decodes any image sharp reads, applies the EXIF rotation and re-encodes it, which also drops
 * metadata such as GPS. Refuses what is not an image with a sentence that says what to send.
 */
export async function normalizeImage(
  data: Buffer,
  output: { maxSide?: number; square?: number; format: 'jpg' | 'webp' },
): Promise<Buffer> {
  if (isHeic(data)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA',
      'HEIC photos cannot be read here. Send a JPEG instead: on an iPhone, set Settings > Camera > Formats to "Most Compatible", or share the photo as JPEG.',
    );
  }
  let image: Sharp;
  try {
    image = sharp(data, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' }).rotate();
    const meta = await image.metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > UPLOAD_MAX_PIXELS) throw tooManyPixels();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw notAnImage();
  }
  if (output.square) image = image.resize(output.square, output.square, { fit: 'cover', position: 'attention' });
  else if (output.maxSide) image = image.resize(output.maxSide, output.maxSide, { fit: 'inside', withoutEnlargement: true });
  try {
    return output.format === 'jpg'
      ? await image.jpeg({ quality: 92, mozjpeg: false }).toBuffer()
      : await image.webp({ quality: 90 }).toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw notAnImage();
  }
}

const notAnImage = () =>
  new AppError(
    'UNSUPPORTED_MEDIA',
    'That file is not an image we can read, or it is damaged. Send a JPEG, PNG or WebP photo.',
  );

const tooManyPixels = () =>
  new AppError(
    'TOO_LARGE',
    `That image has more than ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels. Send a smaller photo (a phone photo of 12 megapixels is plenty).`,
  );
