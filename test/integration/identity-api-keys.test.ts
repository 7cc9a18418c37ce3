import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OPENAI_KEY, type OpenAIEmulator } from '../emulators/openai/server';
import { readApiKey } from '../../functions/lib/identity/api-keys';
import { apiKeyEntity } from '../../functions/lib/store/entities/api-key';
import { boot, client, type Booted } from './harness';
import { createAgency, storedSession, type SignedIn } from './identity-helpers';

// A key of the right shape that the emulator does not know: the provider answers 401.
const UNKNOWN_KEY = 'sk-proj-unknownunknownunknownunknownunknownunknown0123';
const QUOTA_KEY = 'sk-proj-quotaquotaquotaquotaquotaquotaquotaquota012345';
const LIMITED_KEY = 'sk-proj-limitedlimitedlimitedlimitedlimitedlimited0123';

describe('identity: the agency API key (validate, set, status)', () => {
  let booted: Booted;
  let openai: OpenAIEmulator;
  let owner: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    booted = await boot();
    openai = booted.runtime.emulators.openai as unknown as OpenAIEmulator;
    owner = await storedSession(booted.runtime, 'keys-owner@example.com');
    await createAgency(owner, 'Key Agency');
    other = await storedSession(booted.runtime, 'keys-other@example.com');
    await createAgency(other, 'Other Key Agency');
  });
  afterAll(async () => booted?.stop());

  const validate = (api_key: unknown, who: SignedIn = owner) => who.api.post<{ success: boolean; valid: boolean; message: string }>('/api/v3/api-keys/validate', { service: 'openai', api_key });

  it('status is false before a key is set', async () => {
    const response = await owner.api.get('/api/v3/api-keys/status');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, openai: false });
  });

  it.each([
    ['', 'API key is required'],
    ['   ', 'API key is required'],
    ['pk-proj-abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv', 'API key must start with "sk-"'],
    ['sk-proj-abcdefghij klmnopqrstuvwxyzabcdefghijklmnopqrstuv', 'API key cannot contain spaces'],
    ['sk-proj-short', 'API key appears incomplete'],
    ['sk-proj-abcdefghijklmnopqrstuvwxyz!bcdefghijklmnopqrstuvwx', 'Invalid API key format'],
  ])('validate checks the shape first: %j → %s (HTTP 200, valid:false, provider not called)', async (key, message) => {
    const before = openai.log.length;
    const response = await validate(key);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, valid: false, message });
    expect(openai.log.length).toBe(before);
  });

  it('validate asks the provider: the local key is valid', async () => {
    const before = openai.log.length;
    const response = await validate(`  ${LOCAL_OPENAI_KEY}  `);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, valid: true });
    expect(openai.log.slice(before).some((entry) => entry.path === '/v1/models' && entry.status === 200)).toBe(true);
  });

  it('validate maps a provider 401 to the spec message', async () => {
    const response = await validate(UNKNOWN_KEY);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, valid: false, message: 'Invalid API key. Please check and try again.' });
  });

  it('validate maps quota and rate limits', async () => {
    openai.setKeyState(QUOTA_KEY, 'quota');
    openai.setKeyState(LIMITED_KEY, 'rate_limited');
    expect((await validate(QUOTA_KEY)).body).toEqual({ success: true, valid: false, message: 'OpenAI quota exceeded. Please check your account.' });
    expect((await validate(LIMITED_KEY)).body).toEqual({ success: true, valid: false, message: 'Too many requests. Please wait a moment.' });
  });

  it('validate maps a provider 5xx to the service-issue message', async () => {
    openai.faults.set({ status: 500, rate: 1 });
    try {
      const response = await validate(LOCAL_OPENAI_KEY);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, valid: false, message: 'OpenAI service issue. Please try again later.' });
      openai.faults.set({ status: 503, rate: 1 });
      expect((await validate(LOCAL_OPENAI_KEY)).body).toMatchObject({ valid: false, message: 'OpenAI service issue. Please try again later.' });
    } finally {
      openai.faults.clear();
    }
  });

  it('refuses an unknown service and a missing key field', async () => {
    const wrongService = await owner.api.post('/api/v3/api-keys/validate', { service: 'anthropic', api_key: LOCAL_OPENAI_KEY });
    expect(wrongService.status).toBe(400);
    expect(wrongService.body).toMatchObject({ success: false, error: 'Unsupported service: only "openai" is supported' });
    const missing = await owner.api.post('/api/v3/api-keys/set', { service: 'openai' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, error: 'API key is required' });
  });

  it('set refuses an invalid key with its message (400) and stores nothing', async () => {
    const shape = await owner.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: 'sk-proj-short' });
    expect(shape.status).toBe(400);
    expect(shape.body).toMatchObject({ success: false, error: 'API key appears incomplete', message: 'API key appears incomplete' });
    const provider = await owner.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: UNKNOWN_KEY });
    expect(provider.status).toBe(400);
    expect(provider.body).toMatchObject({ success: false, error: 'Invalid API key. Please check and try again.' });
    expect((await owner.api.get('/api/v3/api-keys/status')).body).toEqual({ success: true, openai: false });
  });

  it('set stores a valid key sealed, per agency; status turns true only for that agency', async () => {
    const response = await owner.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'API key saved' });
    expect((await owner.api.get('/api/v3/api-keys/status')).body).toEqual({ success: true, openai: true });
    expect((await other.api.get('/api/v3/api-keys/status')).body).toEqual({ success: true, openai: false });

    const { data } = await apiKeyEntity.get({ agencyName: 'key-agency', service: 'openai' }).go();
    expect(data?.sealed).toBeTruthy();
    expect(JSON.stringify(data)).not.toContain(LOCAL_OPENAI_KEY);
    expect(JSON.stringify(data)).not.toContain(LOCAL_OPENAI_KEY.slice(3, 30));
    await expect(readApiKey('key-agency')).resolves.toBe(LOCAL_OPENAI_KEY);
    // the sealed value is bound to its agency
    await apiKeyEntity.put({ ...data!, agencyName: 'other-key-agency' }).go();
    await expect(readApiKey('other-key-agency')).rejects.toThrow();
    await apiKeyEntity.delete({ agencyName: 'other-key-agency', service: 'openai' }).go();
  });

  it('needs a session with a selected agency', async () => {
    expect((await client(booted.runtime).get('/api/v3/api-keys/status')).status).toBe(401);
    const lonely = await storedSession(booted.runtime, 'no-agency@example.com');
    const response = await lonely.api.post('/api/v3/api-keys/validate', { service: 'openai', api_key: LOCAL_OPENAI_KEY });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ redirect_url: '/agencies' });
  });
});
