import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env.ts';
import { localImageStore, type ImageStore } from './images.ts';

/**
 * The image store the settings name: the folder DATA_DIR/uploads. The API and the grading
 * workers (npm run worker) both build theirs here, so they read and write the same photos.
 */
export function imageStoreFrom(env: Pick<Env, 'DATA_DIR'>): ImageStore {
  const uploads = path.join(env.DATA_DIR, 'uploads');
  mkdirSync(uploads, { recursive: true });
  return localImageStore(uploads);
}
