import { describe, expect, it } from 'vitest';
import { normalizeRole } from '../constants';
import { formatRole } from './role';

describe('formatRole', () => {
  it('capitalises roles', () => {
    expect(formatRole('owner')).toBe('Owner');
    expect(formatRole('member')).toBe('Member');
    expect(formatRole('OWNER')).toBe('Owner');
    expect(formatRole(null)).toBe('');
  });
});

describe('normalizeRole', () => {
  it('keeps owner and turns anything else into member', () => {
    expect(normalizeRole('owner')).toBe('owner');
    expect(normalizeRole('member')).toBe('member');
    expect(normalizeRole('admin')).toBe('member');
    expect(normalizeRole(undefined)).toBe('member');
  });
});
