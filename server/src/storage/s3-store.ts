import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { describeStored, MIME_TYPES, newStoredName, STORED_NAME, type Extension, type ImageStore } from './images.ts';
import type { BucketLocation } from './storage-url.ts';

export interface S3Keys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface S3StoreOptions extends BucketLocation {
  /** Without keys, the SDK's own sources: AWS_* variables, ~/.aws, the machine's role. */
  keys?: S3Keys;
  /** Objects asked for per ListObjectsV2 call; S3 answers at most 1000. */
  listPageSize?: number;
}

export interface S3ImageStore extends ImageStore {
  /** Resolves when the bucket answers to these keys; otherwise throws a sentence for the operator. */
  checkBucket(): Promise<void>;
}

/** A client for the bucket's service, as the store uses it (tests reach the bucket with the same). */
export function createS3Client({ region, endpoint, keys }: Pick<S3StoreOptions, 'region' | 'endpoint' | 'keys'>) {
  // The SDK warns on Node 20 that its releases after January 2027 need Node 22: a note for
  // whoever upgrades the pinned SDK (decision 24), not for the operator's log at every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region,
    // MinIO, R2 and most S3-compatible services take the bucket in the path, not the host name.
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(keys ? { credentials: keys } : {}),
    // The checksums newer SDKs add by default are refused by S3-compatible services that predate them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A service that stops answering fails the call instead of holding it open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/**
 * Stored files as private objects (no ACL is ever sent, so they take the bucket's default:
 * private) named `<prefix>/<stored name>`. Nothing outside the prefix, and nothing not named
 * like a stored file, is read, listed or deleted.
 */
export function s3ImageStore(options: S3StoreOptions): S3ImageStore {
  const { bucket, prefix, listPageSize = 1000 } = options;
  const client = createS3Client(options);
  const folder = prefix ? `${prefix}/` : '';
  const keyOf = (filename: string) => `${folder}${filename}`;
  const where = options.endpoint ? `${options.endpoint} (region ${options.region})` : `AWS S3 (${options.region})`;

  async function getObject(filename: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(filename) }));
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')) return null;
      throw error;
    }
  }

  return {
    async save(data, extension) {
      const filename = newStoredName(extension);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(filename),
          Body: data,
          ContentLength: data.length,
          ContentType: MIME_TYPES[extension],
        }),
      );
      return describeStored(data, filename, `s3://${bucket}/${keyOf(filename)}`);
    },
    async read(publicPath) {
      const filename = path.posix.basename(publicPath.replace(/\\/g, '/'));
      const object = STORED_NAME.test(filename) ? await getObject(filename) : null;
      if (!object?.Body) throw new Error(`No stored file ${filename} in the bucket ${bucket}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async open(filename) {
      const match = STORED_NAME.exec(filename);
      if (!match) return null;
      const object = await getObject(filename);
      if (!object) return null;
      if (!(object.Body instanceof Readable) || object.ContentLength === undefined || !object.LastModified) {
        (object.Body as Readable | undefined)?.destroy?.();
        throw new Error(`The bucket ${bucket} answered ${filename} without its body, size or date`);
      }
      return {
        body: object.Body,
        size: object.ContentLength,
        modifiedAt: object.LastModified,
        mimeType: MIME_TYPES[match[1] as Extension],
      };
    },
    async remove(publicPath) {
      const filename = path.posix.basename(publicPath);
      if (!STORED_NAME.test(filename)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(filename) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        // One page at a time; the delimiter keeps objects in folders below the prefix out.
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: folder,
            Delimiter: '/',
            MaxKeys: listPageSize,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const filename = object.Key?.slice(folder.length) ?? '';
          if (STORED_NAME.test(filename) && object.LastModified) yield { filename, modifiedAt: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new Error(`STORAGE_URL: the bucket "${bucket}" at ${where} ${whyUnreachable(error)}.`, { cause: error });
      }
    },
  };
}

function whyUnreachable(error: unknown): string {
  if (!(error instanceof S3ServiceException)) {
    const message = error instanceof Error ? error.message : String(error);
    if (/credential/i.test(message)) {
      return `cannot be asked without keys (${message}): set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`;
    }
    return `cannot be reached (${message}): check the endpoint and that the service is running`;
  }
  const status = error.$metadata.httpStatusCode;
  if (status === 404) return 'does not exist: create it, or correct the name';
  if (status === 403) return 'refuses these keys: check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and their permissions';
  if (status === 301) {
    const region = error.$response?.headers['x-amz-bucket-region'];
    return `is in another region${region ? ` (${region})` : ''}: set ?region= in STORAGE_URL`;
  }
  return `answered ${status ?? 'no status'} (${error.name})`;
}
