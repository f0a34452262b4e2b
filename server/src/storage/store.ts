import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';
import { localImageStore, type ImageStore } from './images.ts';
import { s3ImageStore } from './s3-store.ts';

type StoreSettings = Pick<
  Env,
  'DATA_DIR' | 'STORAGE_URL' | 'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY' | 'AWS_SESSION_TOKEN'
>;

/**
 * The store every process of one site uses (the server, a grading worker): the bucket of
 * STORAGE_URL, checked to answer before anything starts, or else DATA_DIR/uploads.
 */
export async function openImageStore(env: StoreSettings): Promise<ImageStore> {
  if (!env.STORAGE_URL) {
    const uploads = path.join(env.DATA_DIR, 'uploads');
    await mkdir(uploads, { recursive: true });
    return localImageStore(uploads);
  }
  const keys =
    env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          accessKeyId: env.AWS_ACCESS_KEY_ID,
          secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
          ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
        }
      : undefined;
  const store = s3ImageStore({ ...env.STORAGE_URL, ...(keys ? { keys } : {}) });
  await store.checkBucket();
  return store;
}
