import { describe, expect, it } from 'vitest';
import { settingsLoadError } from './load-errors';

describe('settingsLoadError', () => {
  it('is null when nothing failed', () => {
    expect(settingsLoadError([])).toBeNull();
  });

  it('aggregates the failed parts into a multi-line message', () => {
    expect(
      settingsLoadError([
        { part: 'model_config', error: new Error('Request failed') },
        { part: 'health_check', error: new Error('Network error - no response received') },
      ]),
    ).toBe('Failed to load settings\nAI models: Request failed\nDrive asset recovery: Network error - no response received');
  });

  it('falls back to "Failed to load settings. Please try again."', () => {
    expect(settingsLoadError([{ part: 'processing_mode', error: 'weird' }])).toBe('Failed to load settings. Please try again.');
  });
});
