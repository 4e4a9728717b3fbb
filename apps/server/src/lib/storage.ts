import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live: local disk now, S3-compatible storage later, behind the same calls. */
export interface FileStorage {
  readonly kind: string;
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** Forgets the file (a recalled chat picture); a key with no file is already gone. */
  remove(key: string): Promise<void>;
}

/** Keys are ours (never a user's file name): folders and names of [a-z0-9_-], one extension. */
export const isStorageKey = (key: string) => /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.[a-z0-9]{2,5}$/.test(key);

export function createLocalStorage(root: string): FileStorage {
  const fullPath = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, data) {
      const target = fullPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, target);
    },
    async get(key) {
      if (!isStorageKey(key)) return undefined;
      try {
        return await readFile(fullPath(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await rm(fullPath(key), { force: true });
    },
  };
}
