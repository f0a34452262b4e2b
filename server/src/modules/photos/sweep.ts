import type { Executor } from '../../db/client.ts';
import { publicPathOf, type ImageStore } from '../../storage/images.ts';
import { namedFiles } from './service.ts';

/** An upload in progress stores its files before the row that names them: none takes this long. */
const MIN_AGE_MS = 60 * 60 * 1000;
/** Names asked about per query: one query's worth of names is all the sweep holds. */
const BATCH_SIZE = 500;

/**
 * Removes stored files older than an hour that no row names: what an upload or a grading cut
 * short (a crash, kill -9) leaves behind. Stops between batches once the signal aborts.
 * Answers how many files it removed.
 */
export async function deleteStrayFiles(
  db: Executor,
  images: ImageStore,
  options: { signal?: AbortSignal; now?: number } = {},
): Promise<number> {
  const cutoff = (options.now ?? Date.now()) - MIN_AGE_MS;
  let removed = 0;
  let batch: string[] = [];
  const sweepBatch = async () => {
    const named = await namedFiles(db, batch);
    for (const filename of batch) {
      if (named.has(filename)) continue;
      await images.remove(publicPathOf(filename));
      removed += 1;
    }
    batch = [];
  };
  for await (const { filename, modifiedAt } of images.list()) {
    if (options.signal?.aborted) return removed;
    if (modifiedAt.getTime() > cutoff) continue;
    batch.push(filename);
    if (batch.length === BATCH_SIZE) await sweepBatch();
  }
  if (batch.length > 0 && !options.signal?.aborted) await sweepBatch();
  return removed;
}
