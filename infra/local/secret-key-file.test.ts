import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secretKeyFile } from './secret-key-file';

describe('the local key file (the stand-in for KMS)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'secret-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a 32-byte key readable only by its owner, once, and reads it back in the next process', () => {
    const path = join(dir, 'nested', 'secret.key');
    const first = secretKeyFile(path)();
    expect(first).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path).equals(first)).toBe(true);
    expect(secretKeyFile(path)().equals(first)).toBe(true);
  });

  it('refuses a file that is not a 32-byte key', () => {
    const path = join(dir, 'short.key');
    writeFileSync(path, 'short');
    expect(() => secretKeyFile(path)()).toThrow('not a 32-byte key');
  });
});
