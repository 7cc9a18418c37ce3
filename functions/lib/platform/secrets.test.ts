import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installPlatform } from './platform';
import { readSecret, SECRET_MAX_AGE_SECONDS, SecretUnavailable } from './secrets';

const SECRET_ID = 'threadline/google-oauth-client-secret';

/** Secrets Manager answering GetSecretValue in turn (the last answer repeats); lists the SecretId of every request. */
const secretsManager = (...answers: (Record<string, unknown> | Error)[]) => {
  const send = vi.spyOn(SecretsManagerClient.prototype, 'send');
  answers.forEach((value, index) => {
    const once = index < answers.length - 1;
    if (value instanceof Error) {
      if (once) send.mockRejectedValueOnce(value);
      else send.mockRejectedValue(value);
    } else if (once) send.mockResolvedValueOnce(value as never);
    else send.mockResolvedValue(value as never);
  });
  return {
    get requested() {
      return send.mock.calls.map(([command]) => {
        expect(command).toBeInstanceOf(GetSecretValueCommand);
        return (command as GetSecretValueCommand).input.SecretId;
      });
    },
  };
};

describe('readSecret on AWS: Secrets Manager through Powertools Parameters, cached per warm Lambda', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    vi.stubEnv('GOOGLE_CLIENT_SECRET_ID', SECRET_ID);
    installPlatform({});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    installPlatform({});
  });

  it('reads the secret named by GOOGLE_CLIENT_SECRET_ID, and asks again only once the cached value is five minutes old', async () => {
    const sm = secretsManager({ SecretString: 'GOCSPX-first' }, { SecretString: 'GOCSPX-rotated' });
    expect(SECRET_MAX_AGE_SECONDS).toBe(300);
    await expect(readSecret('googleClientSecret')).resolves.toBe('GOCSPX-first');
    vi.setSystemTime(new Date('2026-11-23T12:04:59Z'));
    await expect(readSecret('googleClientSecret')).resolves.toBe('GOCSPX-first');
    expect(sm.requested).toEqual([SECRET_ID]);

    // Rotated in Secrets Manager: a warm Lambda takes the new value once its cache has expired.
    vi.setSystemTime(new Date('2026-11-23T12:05:01Z'));
    await expect(readSecret('googleClientSecret')).resolves.toBe('GOCSPX-rotated');
    expect(sm.requested).toEqual([SECRET_ID, SECRET_ID]);
  });

  it('keeps its cache per installed platform, as the other clients do', async () => {
    const sm = secretsManager({ SecretString: 'GOCSPX-first' });
    await readSecret('googleClientSecret');
    installPlatform({});
    await readSecret('googleClientSecret');
    expect(sm.requested).toEqual([SECRET_ID, SECRET_ID]);
  });

  it('says which variable is missing when the function was not given the secret, without asking Secrets Manager', async () => {
    const sm = secretsManager({ SecretString: 'never read' });
    vi.stubEnv('GOOGLE_CLIENT_SECRET_ID', '');
    const error = await readSecret('googleClientSecret').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretUnavailable);
    expect((error as Error).message).toBe('GOOGLE_CLIENT_SECRET_ID is not set: this function is not granted the googleClientSecret secret (infra/stacks/permissions.ts)');
    expect(sm.requested).toEqual([]);
  });

  it('names the secret Secrets Manager does not have, and tries again on the next call (a missing value is not cached)', async () => {
    const sm = secretsManager(new ResourceNotFoundException({ message: "Secrets Manager can't find the specified secret.", $metadata: {} }), { SecretString: 'GOCSPX-created' });
    const error = await readSecret('googleClientSecret').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretUnavailable);
    expect((error as Error).message).toBe(`Secrets Manager has no secret ${SECRET_ID} (GOOGLE_CLIENT_SECRET_ID), or it has no value`);
    await expect(readSecret('googleClientSecret')).resolves.toBe('GOCSPX-created');
    expect(sm.requested).toEqual([SECRET_ID, SECRET_ID]);
  });

  it('refuses a secret without a text value (empty or binary) as unavailable', async () => {
    secretsManager({ SecretString: '' });
    await expect(readSecret('googleClientSecret')).rejects.toThrow(`Secrets Manager has no secret ${SECRET_ID} (GOOGLE_CLIENT_SECRET_ID), or it has no value`);
    vi.restoreAllMocks();
    installPlatform({});
    secretsManager({ SecretBinary: new Uint8Array([1, 2, 3]) });
    await expect(readSecret('googleClientSecret')).rejects.toThrow(new SecretUnavailable(`The secret ${SECRET_ID} (GOOGLE_CLIENT_SECRET_ID) is binary; a plain-text value is expected`));
  });

  it("passes any other failure on with Secrets Manager's own message (e.g. a missing grant), not as an unavailable secret", async () => {
    const denied = Object.assign(new Error('User: arn:aws:sts::1:assumed-role/r/AuthCallback is not authorized to perform: secretsmanager:GetSecretValue'), { name: 'AccessDeniedException' });
    secretsManager(denied);
    const error = await readSecret('googleClientSecret').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(SecretUnavailable);
    expect((error as Error).name).toBe('GetParameterError');
    expect((error as Error).message).toBe(denied.message);
  });
});

describe('readSecret with an installed platform (the local runtime)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    installPlatform({});
  });

  it("answers from the platform's reader and never asks Secrets Manager", async () => {
    const send = vi.spyOn(SecretsManagerClient.prototype, 'send');
    const asked: string[] = [];
    installPlatform({ readSecret: async (id) => (asked.push(id), 'threadline-local-value') });
    await expect(readSecret('googleClientSecret')).resolves.toBe('threadline-local-value');
    expect(asked).toEqual(['googleClientSecret']);
    expect(send).not.toHaveBeenCalled();
  });
});
