import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';

/**
 * Envelope encryption for secrets at rest (OpenAI keys, Google refresh tokens).
 *
 * Each secret is sealed with AES-256-GCM under a data key:
 *  - on AWS (KMS_KEY_ID set) a fresh data key comes from KMS GenerateDataKey with the context as
 *    its EncryptionContext, and the KMS-encrypted data key is stored beside the ciphertext;
 *  - locally (LOCAL_SECRET_KEY_FILE set) the data key is a 32-byte key file, created 0600 on first
 *    use.
 * In both modes the context (e.g. {purpose, agency}) is bound as GCM additional data, so a sealed
 * value copied onto another item does not open there.
 *
 * Sealed form: `v1.<mode>.<encrypted data key | ->.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
export type SecretContext = Record<string, string>;

const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

const b64 = (buffer: Uint8Array): string => Buffer.from(buffer).toString('base64url');
const unb64 = (text: string): Buffer => Buffer.from(text, 'base64url');

/** Canonical AAD: the context's entries sorted by key, JSON-encoded. */
const aadOf = (context: SecretContext): Buffer =>
  Buffer.from(JSON.stringify(Object.keys(context).sort().map((key) => [key, context[key]])), 'utf8');

let kms: KMSClient | undefined;
const kmsClient = (): KMSClient => (kms ??= new KMSClient({}));

/** Plain data keys KMS already decrypted in this process, by their encrypted form (warm starts). */
const openedKeys = new Map<string, Buffer>();
const OPENED_KEYS_MAX = 256;

let localKey: { path: string; key: Buffer } | undefined;

const readLocalKey = (path: string): Buffer => {
  if (localKey?.path === path) return localKey.key;
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
  localKey = { path, key };
  return key;
};

const localKeyPath = (): string => {
  const path = process.env.LOCAL_SECRET_KEY_FILE;
  if (!path) throw new Error('LOCAL_SECRET_KEY_FILE is not set');
  return path;
};

const encrypt = (key: Buffer, plaintext: string, context: SecretContext) => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aadOf(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
};

const decrypt = (key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, context: SecretContext): string => {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aadOf(context));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
};

/** The local runtime checks each seal/open against the running function's grants (KMS on AWS); unset on AWS. */
let secretsGuard: ((action: 'kms:GenerateDataKey' | 'kms:Decrypt') => void) | undefined;

export const setSecretsGuard = (guard: typeof secretsGuard): void => {
  secretsGuard = guard;
};

export const sealSecret = async (plaintext: string, context: SecretContext): Promise<string> => {
  secretsGuard?.('kms:GenerateDataKey');
  const keyId = process.env.KMS_KEY_ID;
  if (keyId) {
    const generated = await kmsClient().send(
      new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }),
    );
    if (!generated.Plaintext || !generated.CiphertextBlob) throw new Error('KMS returned no data key');
    const dataKey = Buffer.from(generated.Plaintext);
    try {
      const { iv, tag, ciphertext } = encrypt(dataKey, plaintext, context);
      return [VERSION, 'kms', b64(generated.CiphertextBlob), b64(iv), b64(tag), b64(ciphertext)].join('.');
    } finally {
      dataKey.fill(0);
    }
  }
  const key = readLocalKey(localKeyPath());
  const { iv, tag, ciphertext } = encrypt(key, plaintext, context);
  return [VERSION, 'local', '-', b64(iv), b64(tag), b64(ciphertext)].join('.');
};

export const openSecret = async (sealed: string, context: SecretContext): Promise<string> => {
  secretsGuard?.('kms:Decrypt');
  const parts = sealed.split('.');
  if (parts.length !== 6 || parts[0] !== VERSION) throw new Error('Not a sealed secret');
  const [, mode, wrappedKey, iv, tag, ciphertext] = parts as [string, string, string, string, string, string];
  if (mode === 'local') {
    return decrypt(readLocalKey(localKeyPath()), unb64(iv), unb64(tag), unb64(ciphertext), context);
  }
  if (mode === 'kms') {
    // The cache is keyed by the wrapped key AND the context: KMS would refuse another context.
    const cacheKey = `${wrappedKey}|${aadOf(context).toString('base64url')}`;
    let dataKey = openedKeys.get(cacheKey);
    if (!dataKey) {
      const opened = await kmsClient().send(new DecryptCommand({ CiphertextBlob: unb64(wrappedKey), EncryptionContext: context }));
      if (!opened.Plaintext) throw new Error('KMS returned no data key');
      dataKey = Buffer.from(opened.Plaintext);
      if (openedKeys.size >= OPENED_KEYS_MAX) openedKeys.delete(openedKeys.keys().next().value as string);
      openedKeys.set(cacheKey, dataKey);
    }
    return decrypt(dataKey, unb64(iv), unb64(tag), unb64(ciphertext), context);
  }
  throw new Error('Unknown sealed secret mode');
};

/** Tests: forget cached keys and clients (another key file, another KMS stub). */
export const resetEnvelopeCaches = (): void => {
  localKey = undefined;
  openedKeys.clear();
  kms = undefined;
};
