import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Another live process holds the data folder; commands explain it in their own words. */
export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly owner: number;

  constructor(dataDir: string, owner: number) {
    super(
      `The data folder ${dataDir} is in use by process ${owner}. Stop that server first, or point DATA_DIR elsewhere.`,
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.owner = owner;
  }
}

/**
 * The embedded database is one process's at a time: two processes writing one PGlite folder
 * would corrupt it. The lock file holds the owner's pid; a stale one (dead pid) is taken over.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.pid');
  const owner = readOwner(file);
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new DataDirInUseError(dataDir, owner);
  }
  writeFileSync(file, String(process.pid));
  return () => {
    if (readOwner(file) === process.pid) rmSync(file, { force: true });
  };
}

function readOwner(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
