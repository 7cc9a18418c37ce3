import { beforeEach, describe, expect, it } from 'vitest';
import { mailboxEntity } from '../store/entities/mailbox';
import { beginCheck, CLAIM_MS, deferUntilJobEnds, endCheck, notify } from './coalesce';
import { useLocalTable } from '../../../test/support/local-table';

const key = { agencyName: 'Coalesce Agency', email: 'maya@agency.example' };

describe('push coalescing on the mailbox item (conditional writes, no process memory)', () => {
  useLocalTable('push');
  beforeEach(async () => {
    await mailboxEntity.put({ ...key, connected: true, historyId: '100', updatedAt: new Date().toISOString() }).go();
  });
  const item = async () => (await mailboxEntity.get(key).go({ consistent: true })).data!;

  it('a notification the stored historyId covers (duplicate, out of order) changes nothing', async () => {
    expect(await notify(key, '100', 100)).toBe('stale');
    expect(await notify(key, '100', 90)).toBe('stale');
    expect(await item()).not.toHaveProperty('lastPushAt');
  });

  it('20 notifications at once: one claims the check, the others mark it pending', async () => {
    const now = Date.now();
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => notify(key, '100', 150 + i, now)));
    expect(outcomes.filter((o) => o === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'coalesced')).toHaveLength(19);
    expect(await item()).toMatchObject({ pushPending: true, pushHistoryId: 169, pushRunUntil: now + CLAIM_MS });
  });

  it('the holder checks again when a notification came during its check, then lets go', async () => {
    expect(await notify(key, '100', 200)).toBe('claimed');
    await beginCheck(key);
    expect(await notify(key, '100', 201)).toBe('coalesced');
    expect(await endCheck(key)).toBe(false);
    await beginCheck(key);
    expect(await endCheck(key)).toBe(true);
    expect(await item()).not.toHaveProperty('pushRunUntil');
    expect(await notify(key, '100', 202)).toBe('claimed');
  });

  it('a claim whose check died runs out; a deferred check leaves the mark for the job\'s end', async () => {
    const now = Date.now();
    expect(await notify(key, '100', 300, now)).toBe('claimed');
    expect(await notify(key, '100', 301, now + CLAIM_MS - 1)).toBe('coalesced');
    expect(await notify(key, '100', 302, now + CLAIM_MS + 1)).toBe('claimed');
    await deferUntilJobEnds(key);
    expect(await item()).toMatchObject({ pushPending: true });
    expect(await item()).not.toHaveProperty('pushRunUntil');
  });
});
