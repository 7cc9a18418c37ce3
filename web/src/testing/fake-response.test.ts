import { describe, expect, it } from 'vitest';
import { modelConfigResponse } from '../../../shared/schemas/settings';
import { apiKeyStatusResponse } from '../../../shared/schemas/identity';
import { fakeData, fakeResponse } from './fake-response';

describe('fakeResponse', () => {
  it('passes a fake of the shape the server sends', () => {
    expect(fakeResponse(apiKeyStatusResponse, { success: true, openai: true })).toEqual({ success: true, openai: true });
  });

  it('fails a fake the shared schema refuses (e.g. models as plain ids, as the settings test once faked them)', () => {
    const stale = { success: true, configurations: {}, models: ['gpt-4.1-mini'], models_source: 'catalog', model_warnings: [] };
    expect(() => fakeData(modelConfigResponse, stale as never)).toThrow('does not match its response schema');
  });
});
