import { describe, expect, it } from 'vitest';
import { campaignsRefetchInterval, driveHealthRefetchInterval } from './polling';

describe('campaignsRefetchInterval', () => {
  it('polls every 2 s while a campaign is pending or deleting, 30 s otherwise', () => {
    expect(campaignsRefetchInterval(undefined)).toBe(30_000);
    expect(campaignsRefetchInterval([{ status: 'ready' }, { status: 'incomplete' }])).toBe(30_000);
    expect(campaignsRefetchInterval([{ status: 'ready' }, { status: 'pending' }])).toBe(2_000);
    expect(campaignsRefetchInterval([{ status: 'deleting' }])).toBe(2_000);
  });
});

describe('driveHealthRefetchInterval', () => {
  it('re-polls every 10 s after a failure, every 2 s while unhealthy, and stops when healthy', () => {
    expect(driveHealthRefetchInterval({ status: 'error', data: undefined })).toBe(10_000);
    expect(driveHealthRefetchInterval({ status: 'error', data: { healthy: true } })).toBe(10_000);
    expect(driveHealthRefetchInterval({ status: 'success', data: { healthy: false } })).toBe(2_000);
    expect(driveHealthRefetchInterval({ status: 'success', data: { healthy: true } })).toBe(false);
    expect(driveHealthRefetchInterval({ status: 'pending', data: undefined })).toBe(false);
  });
});
