import { describe, expect, it } from 'vitest';
import { connectMailboxBody } from './mailboxes';

const errorOf = (body: unknown) => connectMailboxBody.safeParse(body).error?.issues[0]?.message;

describe('connectMailboxBody: the day a mailbox is read from', () => {
  it('takes a real past day, today, or none', () => {
    expect(connectMailboxBody.parse({ after: '2026-01-15' }).after).toBe('2026-01-15');
    expect(connectMailboxBody.parse({ after: new Date().toISOString().slice(0, 10) }).after).not.toBeNull();
    expect(connectMailboxBody.parse({ after: '' }).after).toBeNull();
    expect(connectMailboxBody.parse({}).after).toBeNull();
  });

  it('refuses a day that is not one, and a day still to come (it would read nothing)', () => {
    expect(errorOf({ after: '2026-02-30' })).toBe('after must be a date in the form yyyy-MM-dd');
    expect(errorOf({ after: '9999-12-31' })).toBe('after must be today or a day before: mail after a day still to come cannot be read yet');
    const nextWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(errorOf({ after: nextWeek })).toMatch(/^after must be today/);
  });
});
