import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSeed } from '../../fixtures/seed/build';
import { seed, truth } from '../../fixtures/seed/index';

const seedPath = new URL('../../fixtures/seed/seed.json', import.meta.url);

describe('seed', () => {
  it('is deterministic and the checked-in seed.json is current', () => {
    expect(JSON.stringify(buildSeed())).toBe(readFileSync(seedPath, 'utf8'));
  });

  it('stays under 3 MB and holds a year of realistic volume', () => {
    expect(statSync(seedPath).size).toBeLessThan(3 * 1024 * 1024);
    expect(seed.accounts).toHaveLength(3);
    expect(truth.stats.uniqueThreads).toBeGreaterThanOrEqual(300);
    expect(truth.stats.uniqueMessages).toBeGreaterThanOrEqual(1500);
    const dates = seed.mailboxes.flatMap((m) => m.messages.map((x) => Date.parse(x.date)));
    const anchor = Date.parse(seed.anchor);
    expect(Math.max(...dates)).toBeLessThanOrEqual(anchor);
    expect(Math.min(...dates)).toBeGreaterThanOrEqual(anchor - 366 * 86_400_000);
    expect(truth.campaigns.length).toBeGreaterThanOrEqual(4);
  });

  it('gives every mailbox consistent ids, threads and history ids', () => {
    for (const mb of seed.mailboxes) {
      const ids = new Set(mb.messages.map((m) => m.id));
      expect(ids.size).toBe(mb.messages.length);
      const firstOfThread = new Map<string, string>();
      let last = 0;
      for (const m of mb.messages) {
        expect(m.id).toMatch(/^[0-9a-f]{16}$/);
        if (!firstOfThread.has(m.threadId)) firstOfThread.set(m.threadId, m.id);
        expect(Number(m.historyId)).toBeGreaterThan(last);
        last = Number(m.historyId);
      }
      for (const [threadId, first] of firstOfThread) expect(first).toBe(threadId);
      expect(Number(mb.historyId)).toBeGreaterThanOrEqual(last);
      expect(Number(mb.historyFloor)).toBeLessThan(last);
    }
  });

  it("lists, for every contact, the threads involving the talent's or the manager's address", () => {
    const addr = (s: string) => (/<([^>]+)>/.exec(s)?.[1] ?? s).toLowerCase();
    const byThread = new Map<string, Set<string>>();
    for (const mb of seed.mailboxes) {
      for (const m of mb.messages) {
        const key = `${mb.email} ${m.threadId}`;
        const set = byThread.get(key) ?? new Set<string>();
        for (const a of [m.from, ...m.to, ...m.cc]) set.add(addr(a));
        byThread.set(key, set);
      }
    }
    const emails = new Set<string>();
    for (const c of truth.contacts) {
      expect(emails.has(c.email)).toBe(false);
      emails.add(c.email);
      expect(c.email).toBe(c.email.toLowerCase());
      expect(truth.campaigns.map((x) => x.campaign_id)).toContain(c.campaign_id);
      const want = [...byThread].filter(([, set]) => set.has(c.email) || (c.email_owner !== '' && set.has(c.email_owner))).map(([k]) => k).sort();
      expect(c.threads.map((t) => `${t.mailbox} ${t.threadId}`).sort()).toEqual(want);
      // a talent without a manager is always written to; a managed one may only be reached via the manager
      if (!c.email_owner) expect(c.threads.some((t) => t.involvesTalent)).toBe(true);
      else expect(c.threads.some((t) => t.involvesManager)).toBe(true);
    }
    // managers CC the talent, noise never involves a contact
    expect(truth.contacts.filter((c) => c.email_owner).length).toBeGreaterThan(20);
    expect(truth.stats.noiseThreads).toBeGreaterThan(50);
  });

  it('describes the longlist import outcome and the permission fixtures', () => {
    const ll = seed.sheets.spreadsheets.find((s) => s.spreadsheetId === truth.longlist.spreadsheetId)!;
    expect(ll.sheets.map((s) => s.title)).toEqual(truth.longlist.tabs.map((t) => t.title));
    const [longlist, variants] = truth.longlist.tabs;
    expect(longlist!.headers).toEqual(expect.arrayContaining(['Talent Name', 'E-mail', 'Manager']));
    expect(variants!.headers).toEqual(expect.arrayContaining(['Influencer', 'Email Address']));
    const total = truth.longlist.tabs.reduce((n, t) => n + t.counts.dataRows, 0);
    expect(total).toBeGreaterThanOrEqual(35);
    for (const status of ['new', 'already_tracked', 'duplicate', 'missing_email', 'invalid_email', 'missing_name'] as const) {
      expect(truth.longlist.tabs.reduce((n, t) => n + t.counts[status], 0), status).toBeGreaterThan(0);
    }
    expect(truth.longlist.tabs.reduce((n, t) => n + t.counts.already_tracked, 0)).toBe(3);
    expect(longlist!.rows.some((r) => r.email !== r.email.toLowerCase() && r.status !== 'invalid_email')).toBe(true);
    const files = new Map(seed.drive.files.map((f) => [f.id, f]));
    expect(files.get(truth.permissions.privateFolder.id)!.permissions).toEqual([]);
    expect(files.get(truth.permissions.privateSpreadsheet.id)!.parents).toEqual([truth.permissions.privateFolder.id]);
  });
});
