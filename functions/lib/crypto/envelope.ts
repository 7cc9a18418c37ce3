import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { perPlatform, platform } from '../platform/platform';

/**
 * Envelope encryption for secrets at rest (OpenAI keys, Google refresh tokens).
 *
 * Each secret is sealed with AES-256-GCM under a data key:
 *  - on AWS (KMS_KEY_ID set) a fresh data key comes from KMS GenerateDataKey with the context as
 *    its EncryptionContext, and the KMS-encrypted data key is stored beside the ciphertext;
 *  - without KMS the platform supplies the 32-byte data key (infra/local keeps it in a key file).
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

const kmsClient = perPlatform(() => new KMSClient({}));

/** Plain data keys KMS already decrypted in this process, by their encrypted form (warm starts). */
const openedKeysOf = perPlatform(() => new Map<string, Buffer>());
const OPENED_KEYS_MAX = 256;

/** Locally (no KMS) the platform supplies a data key (infra/local reads a key file). */
const localDataKey = (): Buffer => {
  const key = platform().localDataKey?.();
  if (!key) throw new Error('KMS_KEY_ID is not set');
  if (key.length !== KEY_BYTES) throw new Error('The local data key is not a 32-byte key');
  return key;
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

export const sealSecret = async (plaintext: string, context: SecretContext): Promise<string> => {
  platform().guardSecrets?.('kms:GenerateDataKey');
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
  const key = localDataKey();
  const { iv, tag, ciphertext } = encrypt(key, plaintext, context);
  return [VERSION, 'local', '-', b64(iv), b64(tag), b64(ciphertext)].join('.');
};

export const openSecret = async (sealed: string, context: SecretContext): Promise<string> => {
  platform().guardSecrets?.('kms:Decrypt');
  const parts = sealed.split('.');
  if (parts.length !== 6 || parts[0] !== VERSION) throw new Error('Not a sealed secret');
  const [, mode, wrappedKey, iv, tag, ciphertext] = parts as [string, string, string, string, string, string];
  if (mode === 'local') {
    return decrypt(localDataKey(), unb64(iv), unb64(tag), unb64(ciphertext), context);
  }
  if (mode === 'kms') {
    // The cache is keyed by the wrapped key AND the context: KMS would refuse another context.
    const cacheKey = `${wrappedKey}|${aadOf(context).toString('base64url')}`;
    const openedKeys = openedKeysOf();
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
