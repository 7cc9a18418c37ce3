import { createCipheriv, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { installPlatform } from '../platform/platform';
import { openSecret, sealSecret } from './envelope';

const SECRET = 'sk-proj-this-is-a-very-secret-openai-key-0123456789abcdef';

describe('envelope: a platform data key (no KMS)', () => {
  beforeEach(() => {
    vi.stubEnv('KMS_KEY_ID', '');
    const key = randomBytes(32);
    installPlatform({ localDataKey: () => key });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    installPlatform({});
  });

  it('round-trips and never contains the plaintext', async () => {
    const sealed = await sealSecret(SECRET, { purpose: 'openai-api-key', agency: 'acme' });
    expect(sealed).toMatch(/^v1\.local\.-\./);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(Buffer.from(SECRET).toString('base64url').slice(0, 20));
    await expect(openSecret(sealed, { agency: 'acme', purpose: 'openai-api-key' })).resolves.toBe(SECRET);
  });

  it('without KMS and without a platform key it refuses to seal rather than store plaintext', async () => {
    installPlatform({});
    await expect(sealSecret(SECRET, { k: 'v' })).rejects.toThrow('KMS_KEY_ID is not set');
  });

  it('two seals of the same secret differ (fresh IV)', async () => {
    const a = await sealSecret(SECRET, { k: 'v' });
    const b = await sealSecret(SECRET, { k: 'v' });
    expect(a).not.toBe(b);
  });

  it('refuses another context (the context is bound as AAD)', async () => {
    const sealed = await sealSecret(SECRET, { purpose: 'openai-api-key', agency: 'acme' });
    await expect(openSecret(sealed, { purpose: 'openai-api-key', agency: 'other' })).rejects.toThrow();
    await expect(openSecret(sealed, { purpose: 'openai-api-key' })).rejects.toThrow();
  });

  it('refuses a tampered ciphertext or tag', async () => {
    const sealed = await sealSecret(SECRET, { k: 'v' });
    const parts = sealed.split('.');
    const body = Buffer.from(parts[5]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const tampered = [...parts.slice(0, 5), body.toString('base64url')].join('.');
    await expect(openSecret(tampered, { k: 'v' })).rejects.toThrow();
    const badTag = [...parts.slice(0, 4), Buffer.alloc(16).toString('base64url'), parts[5]].join('.');
    await expect(openSecret(badTag, { k: 'v' })).rejects.toThrow();
    await expect(openSecret('not-sealed', { k: 'v' })).rejects.toThrow('Not a sealed secret');
  });

  it('refuses a value sealed under another key', async () => {
    const sealed = await sealSecret(SECRET, { k: 'v' });
    const other = randomBytes(32);
    installPlatform({ localDataKey: () => other });
    await expect(openSecret(sealed, { k: 'v' })).rejects.toThrow();
  });
});

describe('envelope: KMS mode', () => {
  const dataKey = randomBytes(32);
  const wrapped = Buffer.from('wrapped-data-key-from-kms');
  let send: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.stubEnv('KMS_KEY_ID', 'alias/threadline-secrets');
    installPlatform({});
    send = vi.spyOn(KMSClient.prototype, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof GenerateDataKeyCommand) {
        return { Plaintext: new Uint8Array(dataKey), CiphertextBlob: new Uint8Array(wrapped), KeyId: 'k' };
      }
      if (command instanceof DecryptCommand) {
        const input = command.input;
        if (!Buffer.from(input.CiphertextBlob!).equals(wrapped)) throw new Error('InvalidCiphertextException');
        if (input.EncryptionContext?.agency !== 'acme') throw new Error('InvalidCiphertextException');
        return { Plaintext: new Uint8Array(dataKey) };
      }
      throw new Error('unexpected command');
    }) as never);
  });
  afterEach(() => {
    send.mockRestore();
    vi.unstubAllEnvs();
    installPlatform({});
  });

  it('asks KMS for a data key under the context and stores the wrapped key beside the ciphertext', async () => {
    const context = { purpose: 'openai-api-key', agency: 'acme' };
    const sealed = await sealSecret(SECRET, context);
    const generate = send.mock.calls[0]![0] as GenerateDataKeyCommand;
    expect(generate.input).toMatchObject({ KeyId: 'alias/threadline-secrets', KeySpec: 'AES_256', EncryptionContext: context });
    const parts = sealed.split('.');
    expect(parts[1]).toBe('kms');
    expect(Buffer.from(parts[2]!, 'base64url').equals(wrapped)).toBe(true);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(dataKey.toString('base64url'));

    await expect(openSecret(sealed, context)).resolves.toBe(SECRET);
    const decrypt = send.mock.calls[1]![0] as DecryptCommand;
    expect(decrypt.input.EncryptionContext).toEqual(context);
    // a warm process opens it again without another KMS call
    await expect(openSecret(sealed, context)).resolves.toBe(SECRET);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('binds the context as AAD too, not only as the KMS encryption context', async () => {
    // Forge a value with the right data key but another AAD: GCM must refuse it.
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
    cipher.setAAD(Buffer.from('[]'));
    const ciphertext = Buffer.concat([cipher.update(SECRET), cipher.final()]);
    const forged = ['v1', 'kms', wrapped.toString('base64url'), iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
    await expect(openSecret(forged, { agency: 'acme' })).rejects.toThrow();
  });
});
