import { describe, expect, it } from 'vitest';
import { createdLabel } from './created-label';

describe('createdLabel', () => {
  it('reads "Created {date}" when the campaign has a date', () => {
    expect(createdLabel('2025-05-02T12:00:00Z')).toBe('Created May 2, 2025');
  });

  it('reads just "Unknown", never "Created Unknown", without one', () => {
    expect(createdLabel('')).toBe('Unknown');
    expect(createdLabel(null)).toBe('Unknown');
    expect(createdLabel(undefined)).toBe('Unknown');
    expect(createdLabel('not a date')).toBe('Unknown');
  });
});
