import { describe, expect, it } from 'vitest';
import type { ContactItem } from '../store/entities/contact';
import { addressesOf, buildContactIndex } from './agency-context';
import { buildQueries, managerSearchAddress, MAX_QUERY_CHARS, scanBounds } from './gmail-queries';

describe('gmail queries', () => {
  it('chunks addresses so every q stays under the limit and names each address in from/to/cc', () => {
    const addresses = Array.from({ length: 120 }, (_, i) => `talent.number.${i}@creator-mail.example.com`);
    const queries = buildQueries(addresses, { afterMs: Date.UTC(2026, 0, 5), beforeMs: Date.UTC(2026, 1, 21) });
    expect(queries.length).toBeGreaterThan(1);
    for (const q of queries) {
      expect(q.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
      expect(q).toMatch(/^\{.*\} after:\d+ before:\d+$/);
    }
    for (const a of addresses) expect(queries.filter((q) => q.includes(`from:${a} to:${a} cc:${a}`))).toHaveLength(1);
  });

  it('never passes through anything but a bare address (no operators, groups, quotes or spaces)', () => {
    const hostile = [
      'nobody@x.com OR is:anywhere',
      'nobody@x.com is:anywhere',
      'a@x.com} OR {is:anywhere',
      '{a@x.com}',
      '"a b"@x.com',
      '(a)@x.com',
      'is:anywhere',
      'from:a@x.com',
      'a@x.com,b@x.com',
      '-a@x.com',
      '',
      'a@x.com\nis:anywhere',
    ];
    const queries = buildQueries(['maya@x.com', ...hostile, 'dana@atlastalent.co'], { afterMs: Date.UTC(2026, 0, 5) });
    expect(queries).toEqual([`{from:maya@x.com to:maya@x.com cc:maya@x.com from:dana@atlastalent.co to:dana@atlastalent.co cc:dana@atlastalent.co} after:${Date.UTC(2026, 0, 5) / 1000}`]);
    expect(buildQueries(hostile)).toEqual([]);
  });

  it('takes from a Manager cell only its validated address, never the name or the raw cell', () => {
    expect(managerSearchAddress('Dana Reyes <Dana@Atlas.co>')).toBe('dana@atlas.co');
    expect(managerSearchAddress('dana@atlas.co')).toBe('dana@atlas.co');
    for (const nameOnly of ['Sophie Grant (Peak Talent)', 'Dana } OR from:evil', 'Dana} OR {is:anywhere', 'TBC', '', null, undefined]) {
      expect(managerSearchAddress(nameOnly), String(nameOnly)).toBeUndefined();
    }
    expect(managerSearchAddress('Dana } OR from:evil <dana@atlas.co>')).toBe('dana@atlas.co');
  });

  it('builds the queries of contacts whose managers are written as names from validated addresses only', () => {
    const contact = (email: string, emailOwner: string) => ({ email, emailOwner, campaignId: 'c1', trackingEnabled: true }) as ContactItem;
    const contacts = [
      contact('maya@x.com', 'Dana } OR from:evil.com'),
      contact('leo@x.com', 'Dana Reyes } OR from:evil.com <Dana@Atlas.co>'),
      contact('sam@x.com', 'Sophie Grant (Peak Talent)'),
    ];
    const index = buildContactIndex(contacts, ['staff@agency.co']);
    const addresses = addressesOf(contacts, index);
    expect(addresses).toEqual(['dana@atlas.co', 'leo@x.com', 'maya@x.com', 'sam@x.com']);
    expect([...index.byManager.keys()]).toEqual(['dana@atlas.co']);
    const [query, ...rest] = buildQueries(addresses);
    expect(rest).toEqual([]);
    expect(query).not.toMatch(/evil|OR|Sophie|Dana /);
    expect(query!.match(/from:\S+/g)).toEqual(['from:dana@atlas.co', 'from:leo@x.com', 'from:maya@x.com', 'from:sam@x.com']);
  });

  it('searches the normalised address (zero-width characters removed, lower-cased)', () => {
    expect(buildQueries(['Ma\u200Bya@X.com'])).toEqual(['{from:maya@x.com to:maya@x.com cc:maya@x.com}']);
  });

  it('bounds: the end day is inclusive (before = end + 1 day) and oldest_scan_days narrows the start', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(scanBounds({ startDate: '2026-01-05', endDate: '2026-02-20', oldestScanDays: 0, now })).toEqual({ afterMs: Date.UTC(2026, 0, 5), beforeMs: Date.UTC(2026, 1, 21) });
    expect(scanBounds({ startDate: '2025-01-01', endDate: '2026-02-20', oldestScanDays: 365, now }).afterMs).toBe(now - 365 * 86_400_000);
    expect(scanBounds({ oldestScanDays: 0, now })).toEqual({});
  });
});
