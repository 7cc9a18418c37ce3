import { beforeAll, describe, expect, it } from 'vitest';
import { seedContacts } from '../../../test/support/contact-seed';
import { useLocalTable } from '../../../test/support/local-table';
import { dynamoClient } from '../store/client';
import { contactWordEntity } from '../store/entities/contact';
import {
  contactWordItems,
  createContact,
  deleteContacts,
  listAgencyContacts,
  removeContactItem,
  SEARCH_READ_MAX,
  searchAgencyContacts,
  type WordKey,
} from './contact-store';
import { searchWords } from './contact-words';

/** Every page of a search, and the most index items and contacts any one page read. */
const searchAll = async (agencyName: string, text: string, limit: number) => {
  const pages: string[][] = [];
  let after: WordKey | undefined;
  do {
    const page = await searchAgencyContacts(agencyName, searchWords(text), limit, after);
    pages.push(page.items.map((contact) => `${contact.campaignId}:${contact.email}`));
    after = page.last;
    if (pages.length > 1_000) throw new Error('the search never ended');
  } while (after);
  return pages;
};

describe('the contact search index', () => {
  useLocalTable('contact-search');
  /** Items each DynamoDB call read (Query Count, BatchGetItem responses), while counting. */
  let reads: number[] | undefined;

  beforeAll(() => {
    dynamoClient().middlewareStack.add(
      (next) => async (args) => {
        const out = await next(args);
        const output = out.output as { Count?: number; Responses?: Record<string, unknown[]> };
        reads?.push(output.Count ?? Object.values(output.Responses ?? {}).reduce((sum, items) => sum + items.length, 0));
        return out;
      },
      { step: 'initialize', name: 'contactSearchReads' },
    );
  });

  it('finds a contact added through the store by any word of its name, e-mail, handle or manager, accents aside', async () => {
    const maya = await createContact('glow', { campaignId: 'spring', email: 'Maya.Okafor@Gmail.com', talentName: 'Maya Okafor', emailOwner: 'Zoë Grant (Peak Talent)', handle: '@mayacooks', source: 'manual' });
    expect(maya).toBeDefined();
    await createContact('glow', { campaignId: 'spring', email: 'sam@x.io', talentName: 'Sam Lee', emailOwner: '', source: 'manual' });
    for (const text of ['maya', 'OKAF', 'maya.okafor@gm', 'mayac', 'zoe grant', 'ZOË', 'peak', 'maya peak']) {
      expect((await searchAll('glow', text, 10)).flat(), text).toEqual(['spring:maya.okafor@gmail.com']);
    }
    expect((await searchAll('glow', 'maya lee', 10)).flat()).toEqual([]);
    expect((await searchAll('glow', 'aya', 10)).flat()).toEqual([]);
  });

  it('pages a search with a cursor: each contact once, full pages while matches last', async () => {
    const contacts = Array.from({ length: 250 }, (_, i) => ({
      campaignId: i % 2 ? 'odd' : 'even',
      email: `talent${String(i).padStart(3, '0')}@pages.test`,
      // Two of its words begin with "tal": it still comes once.
      talentName: `Tali Talent ${i}`,
      handle: `@talentshow${i}`,
    }));
    await seedContacts('paging', contacts);
    const pages = await searchAll('paging', 'tal', 100);
    // Each contact has three words beginning with "tal" and comes under the first of them; the
    // other two are passed over, so the end of the range may be one more (short) read away.
    expect(pages.slice(0, 3).map((page) => page.length)).toEqual([100, 100, 50]);
    expect(pages.slice(3).flat()).toEqual([]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(250);
    expect(new Set(all)).toEqual(new Set(contacts.map((contact) => `${contact.campaignId}:${contact.email}`)));
    expect(await searchAll('paging', 'talent007', 100)).toEqual([['odd:talent007@pages.test']]);
  }, 60_000);

  it('reads at most SEARCH_READ_MAX index items per answer, however many it passes over', async () => {
    const contacts = Array.from({ length: 1_000 }, (_, i) => ({ campaignId: 'bulk', email: `c${i}@bulk.test`, talentName: `Commonname ${i}` }));
    contacts.push({ campaignId: 'bulk', email: 'rare@bulk.test', talentName: 'Commonname Rarest' });
    await seedContacts('bulk', contacts);
    reads = [];
    // "commonname" leads (the longer word) and 1,001 contacts begin with it; one has "rare".
    const pages = await searchAll('bulk', 'rare commonname', 100);
    const counted = reads;
    reads = undefined;
    expect(pages.flat()).toEqual(['bulk:rare@bulk.test']);
    expect(pages.length).toBeGreaterThan(1);
    expect(Math.max(...counted)).toBeLessThanOrEqual(SEARCH_READ_MAX);

    reads = [];
    const first = await searchAgencyContacts('bulk', searchWords('commonname'), 100);
    const firstReads = reads;
    reads = undefined;
    expect(first.items).toHaveLength(100);
    // 101 index items (one more says a next page follows) and the page's 100 contacts.
    expect(firstReads.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(101 + 100 + 25);
  }, 120_000);

  it("never answers another agency's contacts, whatever the cursor says", async () => {
    await seedContacts('other', [{ campaignId: 'spring', email: 'maya.okafor@gmail.com', talentName: 'Maya Okafor' }]);
    expect((await searchAll('glow', 'maya', 10)).flat()).toEqual(['spring:maya.okafor@gmail.com']);
    expect((await searchAll('other', 'maya', 10)).flat()).toEqual(['spring:maya.okafor@gmail.com']);
    expect((await searchAll('nobody', 'maya', 10)).flat()).toEqual([]);
    const resumed = await searchAgencyContacts('nobody', searchWords('maya'), 10, { word: 'maya', campaignId: 'a', email: 'a@a.a' });
    expect(resumed.items).toEqual([]);
  });

  it('removes the entries with the contact, and an entry left behind (or written for another name) finds nothing', async () => {
    await createContact('gone', { campaignId: 'c1', email: 'ana@x.io', talentName: 'Ana Ortiz', emailOwner: '', source: 'manual' });
    await createContact('gone', { campaignId: 'c1', email: 'bo@x.io', talentName: 'Bo Ortiz', emailOwner: '', source: 'manual' });
    await createContact('gone', { campaignId: 'c2', email: 'cy@x.io', talentName: 'Cy Ortiz', emailOwner: '', source: 'manual' });
    expect((await searchAll('gone', 'ortiz', 10)).flat()).toHaveLength(3);

    await removeContactItem('gone', { campaignId: 'c1', email: 'ana@x.io' });
    await deleteContacts('gone', (await listAgencyContacts('gone')).filter((contact) => contact.campaignId === 'c2'));
    expect((await searchAll('gone', 'ortiz', 10)).flat()).toEqual(['c1:bo@x.io']);
    const left = await contactWordEntity.query.byWord({ agencyName: 'gone', initial: 'o' }).go({ pages: 'all' });
    expect(left.data.map((item) => item.email)).toEqual(['bo@x.io']);

    // An interrupted write: entries for a contact that is not there, or under words it does not have.
    await contactWordEntity.put([...contactWordItems('gone', { campaignId: 'c9', email: 'ghost@x.io', talentName: 'Ghost Ortiz' }), ...contactWordItems('gone', { campaignId: 'c1', email: 'bo@x.io', talentName: 'Bo Ortizzi' })]).go();
    expect((await searchAll('gone', 'ortiz', 10)).flat()).toEqual(['c1:bo@x.io']);
    expect((await searchAll('gone', 'ghost', 10)).flat()).toEqual([]);
  });

  it('adds a contact once: a second add (another name) leaves no entries for the name it did not store', async () => {
    expect(await createContact('dup', { campaignId: 'c1', email: 'dee@x.io', talentName: 'Dee First', emailOwner: '', source: 'manual' })).toBeDefined();
    expect(await createContact('dup', { campaignId: 'c1', email: 'dee@x.io', talentName: 'Dee Second', emailOwner: '', source: 'manual' })).toBeUndefined();
    const entries = await contactWordEntity.query.byWord({ agencyName: 'dup', initial: 's' }).go({ pages: 'all' });
    expect(entries.data).toEqual([]);
    expect((await searchAll('dup', 'first', 10)).flat()).toEqual(['c1:dee@x.io']);
  });
});
