import { z } from 'zod';

/** Where stored files go when STORAGE_URL is set: a bucket, a folder in it, and the service that holds it. */
export interface BucketLocation {
  bucket: string;
  /** The folder inside the bucket, without a slash at either end; '' for the bucket's top. */
  prefix: string;
  region: string;
  /** The service's address for MinIO, R2 and the like (asked with path-style requests); undefined for AWS S3. */
  endpoint: string | undefined;
}

const EXAMPLE = 's3://my-bucket/photos?region=eu-west-1';
const URL_SHAPE = /^s3:\/\/([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/;
// S3's rule for new buckets; R2 and MinIO follow it too.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const FOLDER_NAME = /^[A-Za-z0-9._-]+$/;
const REGION = /^[a-z0-9-]{1,40}$/;
const SETTINGS = ['endpoint', 'region'];

/**
 * Reads `s3://bucket/optional/folder?endpoint=https://host:port&region=name`. Keys never go in
 * the URL (secrets hold '/' and '+', and URLs end up in logs): they come from AWS_ACCESS_KEY_ID
 * and AWS_SECRET_ACCESS_KEY, or from the machine's AWS credentials. Throws a sentence saying
 * what is wrong.
 */
export function parseStorageUrl(raw: string): BucketLocation {
  const match = URL_SHAPE.exec(raw.trim());
  if (!match) throw new Error(`must be s3://bucket/optional-folder?options, such as ${EXAMPLE}`);
  const [, host = '', path = '', query = ''] = match;
  if (host.includes('@')) {
    throw new Error('must not hold keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  }
  if (host.includes(':')) {
    throw new Error('names a bucket, not a server: give the server as ?endpoint=http://host:port');
  }
  if (!BUCKET_NAME.test(host) || host.includes('..')) {
    throw new Error(
      `"${host}" is not a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit`,
    );
  }
  const folders = path
    .split('/')
    .filter((name, index, all) => !(name === '' && (index === 0 || index === all.length - 1)));
  if (folders.some((name) => !FOLDER_NAME.test(name) || name === '.' || name === '..')) {
    throw new Error(
      `the folder "${path.slice(1)}" may hold only letters, digits, '.', '_' and '-' in names separated by single slashes (no '.' or '..')`,
    );
  }
  const params = new URLSearchParams(query.slice(1));
  for (const key of new Set(params.keys())) {
    if (!SETTINGS.includes(key)) throw new Error(`takes only ${SETTINGS.join(' and ')}, not "${key}"`);
    if (params.getAll(key).length > 1) throw new Error(`gives ${key} more than once`);
  }
  const region = params.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw new Error(`"${region}" is not a region name, such as eu-west-1 (auto for R2)`);
  const endpoint = params.has('endpoint') ? endpointOf(params.get('endpoint')!) : undefined;
  return { bucket: host, prefix: folders.join('/'), region, endpoint };
}

function endpointOf(value: string): string {
  const wrong = new Error(
    `endpoint must be an http:// or https:// address with no path, such as http://minio.internal:9000, not "${value}"`,
  );
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw wrong;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) throw wrong;
  if (url.pathname !== '/' || url.search || url.hash) throw wrong;
  return url.origin;
}

/** STORAGE_URL in the checked settings: unset is local disk; anything else must read as a bucket. */
export const storageUrlSchema = z
  .string()
  .optional()
  .transform((raw, ctx): BucketLocation | undefined => {
    if (raw === undefined || raw.trim() === '') return undefined;
    try {
      return parseStorageUrl(raw);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

/** The keys for the bucket: both or neither (then the SDK's own sources: ~/.aws, an instance role). */
export function storageKeyProblems(env: {
  STORAGE_URL?: BucketLocation;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
}): { path: string; message: string }[] {
  if (!env.STORAGE_URL) return [];
  if (env.AWS_ACCESS_KEY_ID && !env.AWS_SECRET_ACCESS_KEY) {
    return [{ path: 'AWS_SECRET_ACCESS_KEY', message: 'must be set with AWS_ACCESS_KEY_ID for STORAGE_URL' }];
  }
  if (env.AWS_SECRET_ACCESS_KEY && !env.AWS_ACCESS_KEY_ID) {
    return [{ path: 'AWS_ACCESS_KEY_ID', message: 'must be set with AWS_SECRET_ACCESS_KEY for STORAGE_URL' }];
  }
  return [];
}
