import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

const KEY_BYTES = 32;

/**
 * The local stand-in for KMS: a 32-byte data key in a file, created 0600 on first use, read once.
 * Secrets sealed by one `npm start` open in the next because the file stays in the data folder.
 */
export const secretKeyFile = (path: string): (() => Buffer) => {
  let key: Buffer | undefined;
  return () => (key ??= readOrCreate(path));
};

const readOrCreate = (path: string): Buffer => {
  let key: Buffer;
  try {
    key = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const fresh = randomBytes(KEY_BYTES);
    try {
      // 'wx': only the first process creates it; a concurrent creator's key wins and is read back.
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, fresh);
      } finally {
        closeSync(fd);
      }
      key = fresh;
    } catch (createError) {
      if ((createError as NodeJS.ErrnoException).code !== 'EEXIST') throw createError;
      key = readFileSync(path);
    }
  }
  if (key.length !== KEY_BYTES) throw new Error('The local secret key file is not a 32-byte key');
  return key;
};
