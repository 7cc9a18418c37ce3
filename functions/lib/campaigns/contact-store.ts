import { normalizeEmailAddress } from '../../../shared/email-address';
import { managerCellText } from '../../../shared/manager';
import { isConditionalFailure } from '../store/conditional-write';
import { contactEntity, contactItemKeys, contactWordEntity, contactWordKeys, type ContactItem, type ContactWordItem } from '../store/entities/contact';
import { nowIso } from '../store/keys';
import { bumpContactsVersion } from '../processing/monitor-registry';
import { Transient } from '../tasks/transient';
import { logger, errorMessage } from '../logger';
import { contactWords, leadingWord, listedUnder, wordInitial, wordsMatch, type SearchableContact } from './contact-words';

/**
 * The contact store: one contact per (campaign, e-mail) inside an agency. Every read is a
 * Query or a GetItem; every key is built here from the agency name the caller's scope gives.
 *   table    AGENCY#a / CONTACT#campaign#email   (all of an agency, or one campaign by prefix)
 *   byTalent AGENCY#a#TALENT#email / CONTACT#campaign   (all campaigns of one talent)
 *   byWord   AGENCY#a#CONTACT_WORD#w / WORD#word#campaign#email   (the search index: one item per word)
 * The search index is written before a contact and removed after it, so a stored contact is
 * always found; an index item left behind points at nothing and a search skips it.
 */
export type { ContactItem };

/** Which contact: a talent's e-mail in one campaign. */
export type ContactKey = { campaignId: string; email: string };

export type NewContact = ContactKey & {
  talentName: string;
  emailOwner: string;
  handle?: string;
  source: 'manual' | 'import';
};

const BATCH = 25;

/** The search index items of one contact: one per word it is found by (campaigns/contact-words.ts). */
export const contactWordItems = (agencyName: string, contact: ContactKey & SearchableContact): ContactWordItem[] => {
  const words = contactWords(contact);
  const all = words.join(' ');
  return words.map((word) => ({ agencyName, initial: wordInitial(word), word, campaignId: contact.campaignId, email: contact.email, words: all }));
};

const wordId = (item: Pick<ContactWordItem, 'initial' | 'word' | 'campaignId' | 'email'>) => [item.initial, item.word, item.campaignId, item.email].join('\u0000');

/** Writes (put or delete) index items in batches of 25; what DynamoDB leaves unprocessed is sent again, a few times. */
const writeWords = async (items: readonly ContactWordItem[], write: 'put' | 'delete'): Promise<void> => {
  let pending = [...items];
  for (let attempt = 0; pending.length; attempt += 1) {
    if (attempt === 4) throw new Transient(`${pending.length} contact search entries were not written; try again`);
    const { unprocessed } = await (write === 'put' ? contactWordEntity.put(pending) : contactWordEntity.delete(pending)).go({ concurrency: 8 });
    const left = new Set((unprocessed as Pick<ContactWordItem, 'initial' | 'word' | 'campaignId' | 'email'>[]).map(wordId));
    pending = pending.filter((item) => left.has(wordId(item)));
  }
};

/** Indexes contacts for search (idempotent: the same contact writes the same items). */
export const indexContactWords = (agencyName: string, contacts: readonly (ContactKey & SearchableContact)[]): Promise<void> =>
  writeWords(contacts.flatMap((contact) => contactWordItems(agencyName, contact)), 'put');

const unindexContactWords = (agencyName: string, contacts: readonly (ContactKey & SearchableContact)[]): Promise<void> =>
  writeWords(contacts.flatMap((contact) => contactWordItems(agencyName, contact)), 'delete');

/** Every contact of the agency, all campaigns. */
export const listAgencyContacts = async (agencyName: string): Promise<ContactItem[]> =>
  (await contactEntity.query.byAgency({ agencyName }).go({ pages: 'all' })).data as ContactItem[];

/** A page of the agency's contacts, by campaign id then e-mail, and the key of the last one when more may follow. */
export type ContactPage = { items: ContactItem[]; last?: ContactKey };

/**
 * Up to `limit` contacts of the agency after `after` (exclusive). The start key is built here
 * from the caller's agency, never taken from the client, so a cursor cannot reach another
 * agency's partition.
 */
export const pageAgencyContacts = async (agencyName: string, limit: number, after?: ContactKey): Promise<ContactPage> => {
  const start = after ? contactItemKeys(agencyName, after.campaignId, after.email) : undefined;
  // One more than asked: whether another page follows is known now, so the last page never comes back empty.
  const { data } = await contactEntity
    .query.byAgency({ agencyName })
    .go({ limit: limit + 1, ...(start ? { cursor: Buffer.from(JSON.stringify({ pk: start.pk, sk: start.sk })).toString('base64url') } : {}) });
  const items = (data as ContactItem[]).slice(0, limit);
  const tail = items.at(-1);
  return { items, ...(data.length > limit && tail ? { last: { campaignId: tail.campaignId, email: tail.email } } : {}) };
};

/** One campaign's contacts a page at a time, by e-mail, after `after` (the board's rebuild walks a campaign so). */
export const pageCampaignContacts = async (agencyName: string, campaignId: string, limit: number, after?: string): Promise<{ items: ContactItem[]; last?: string }> => {
  const start = after ? contactItemKeys(agencyName, campaignId, after) : undefined;
  const { data } = await contactEntity
    .query.byAgency({ agencyName, campaignId })
    .go({ limit: limit + 1, ...(start ? { cursor: Buffer.from(JSON.stringify({ pk: start.pk, sk: start.sk })).toString('base64url') } : {}) });
  const items = (data as ContactItem[]).slice(0, limit);
  const tail = items.at(-1);
  return { items, ...(data.length > limit && tail ? { last: tail.email } : {}) };
};

/** Where a search stopped: the index item (word, then contact) it goes on after. */
export type WordKey = { word: string; campaignId: string; email: string };

/** A page of a search: the matching contacts, in index order, and where the next page starts when more may follow. */
export type ContactSearchPage = { items: ContactItem[]; last?: WordKey };

/**
 * The most index items one search answer reads. A search of one word reads about one item per
 * contact it answers; one of several words may pass over items whose other words do not match,
 * and stops here with a shorter (even empty) page and a cursor, so no answer reads more than
 * this many items (about 300 bytes each) plus the page's contacts, however big the agency.
 */
export const SEARCH_READ_MAX = 400;

const wordKeyOf = (item: ContactWordItem): WordKey => ({ word: item.word, campaignId: item.campaignId, email: item.email });

/**
 * Up to `limit` contacts of the agency matching every search word (contact-words.ts), after
 * `after` (exclusive). Reads the index range of the leading word, a bounded number of items,
 * then the page's contacts themselves (BatchGetItem), each checked again against the search so
 * an index item left behind by an interrupted write answers nothing. Like pageAgencyContacts,
 * every key is built here from the caller's agency; a cursor only says where in that range to go on.
 */
export const searchAgencyContacts = async (agencyName: string, search: readonly string[], limit: number, after?: WordKey): Promise<ContactSearchPage> => {
  const leading = leadingWord(search);
  if (!leading) return { items: [] };
  const initial = wordInitial(leading);
  const hits: ContactWordItem[] = [];
  let read = 0;
  let lastRead: ContactWordItem | undefined;
  let cursor: string | null | undefined = after
    ? Buffer.from(JSON.stringify(contactWordKeys(agencyName, initial, after.word, after.campaignId, after.email))).toString('base64url')
    : undefined;
  scan: do {
    // One more hit than asked says whether another page follows; a few spare reads save round trips when words filter.
    const want = Math.min(SEARCH_READ_MAX - read, Math.max(limit + 1 - hits.length, 25));
    const page: { data: ContactWordItem[]; cursor: string | null } = await contactWordEntity.query.byWord({ agencyName, initial }).begins({ word: leading }).go({ limit: want, ...(cursor ? { cursor } : {}) });
    cursor = page.cursor;
    for (const item of page.data) {
      read += 1;
      lastRead = item;
      const words = item.words.split(' ');
      if (listedUnder(words, leading) === item.word && wordsMatch(words, search)) hits.push(item);
      if (hits.length > limit) break scan;
    }
  } while (cursor && read < SEARCH_READ_MAX);

  const answered = hits.slice(0, limit);
  const last = hits.length > limit ? wordKeyOf(answered.at(-1)!) : cursor && lastRead ? wordKeyOf(lastRead) : undefined;
  const contacts = await getContacts(agencyName, answered);
  const items = answered.flatMap((hit) => {
    const contact = contacts.get(`${hit.campaignId}#${hit.email}`);
    if (!contact) return [];
    const words = contactWords(contact);
    return listedUnder(words, leading) === hit.word && wordsMatch(words, search) ? [contact] : [];
  });
  return { items, ...(last ? { last } : {}) };
};

/** The named contacts (BatchGetItem, at most 100 a call), keyed `campaign#email`; a missing one is absent. */
const getContacts = async (agencyName: string, keys: readonly ContactKey[]): Promise<Map<string, ContactItem>> => {
  const found = new Map<string, ContactItem>();
  let pending = [...new Map(keys.map((key) => [`${key.campaignId}#${key.email}`, { agencyName, campaignId: key.campaignId, email: key.email }])).values()];
  for (let attempt = 0; pending.length; attempt += 1) {
    if (attempt === 4) throw new Transient(`${pending.length} contacts could not be read; try again`);
    const { data, unprocessed } = await contactEntity.get(pending).go();
    for (const contact of data as ContactItem[]) found.set(`${contact.campaignId}#${contact.email}`, contact);
    const left = new Set(unprocessed.map((key) => `${key.campaignId}#${key.email}`));
    pending = pending.filter((key) => left.has(`${key.campaignId}#${key.email}`));
  }
  return found;
};

/** Every contact's campaign and tracking flag (the counts of the contacts screen), read without the other fields. */
export const listContactFlags = async (agencyName: string): Promise<Pick<ContactItem, 'campaignId' | 'trackingEnabled'>[]> =>
  (await contactEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['campaignId', 'trackingEnabled'] })).data;

/** The contacts of one campaign (the `CONTACT#campaign#` prefix of the agency's partition). */
export const listCampaignContacts = async (agencyName: string, campaignId: string): Promise<ContactItem[]> =>
  (await contactEntity.query.byAgency({ agencyName, campaignId }).go({ pages: 'all' })).data as ContactItem[];

/** Every campaign's contact of one talent, by campaign id (the byTalent index). */
export const contactsByEmail = async (agencyName: string, email: string): Promise<ContactItem[]> =>
  (await contactEntity.query.byTalent({ agencyName, email: normalizeEmailAddress(email) }).go({ pages: 'all' })).data as ContactItem[];

/** One campaign's contact of one talent. */
export const getContact = async (agencyName: string, campaignId: string, email: string): Promise<ContactItem | undefined> =>
  ((await contactEntity.get({ agencyName, campaignId, email: normalizeEmailAddress(email) }).go()).data as ContactItem | null) ?? undefined;

/** Contacts per campaign id, from one Query that reads back only the campaign id. */
export const countContactsByCampaign = async (agencyName: string): Promise<Map<string, number>> => {
  const { data } = await contactEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['campaignId'] });
  const counts = new Map<string, number>();
  for (const contact of data) counts.set(contact.campaignId, (counts.get(contact.campaignId) ?? 0) + 1);
  return counts;
};

/** The number of contacts of one campaign. */
export const countCampaignContacts = async (agencyName: string, campaignId: string): Promise<number> =>
  (await contactEntity.query.byAgency({ agencyName, campaignId }).go({ pages: 'all', attributes: ['email'] })).data.length;

/**
 * Stores a new contact; undefined when that e-mail is already a contact of that campaign. The
 * e-mail (the key: uniqueness per campaign) is stored normalised (shared/email-address.ts),
 * whichever way it came in, so "ma\u200Bya@x.com" is "maya@x.com". The manager cell is stored as
 * written (trimmed, whitespace collapsed: shared/manager.ts); readers parse its address and name.
 */
export const createContact = async (
  agencyName: string,
  contact: NewContact,
  now = nowIso(),
  /** false: the caller bumps the contacts version and counters itself, once per chunk (bulk imports) */
  options: { bump?: boolean } = {},
): Promise<ContactItem | undefined> => {
  const fields = {
    campaignId: contact.campaignId,
    email: normalizeEmailAddress(contact.email),
    talentName: contact.talentName,
    emailOwner: managerCellText(contact.emailOwner),
    ...(contact.handle ? { handle: contact.handle } : {}),
  };
  // Its search entries first: a contact that is stored can always be found.
  await indexContactWords(agencyName, [fields]);
  try {
    const { data } = await contactEntity
      .create({ agencyName, ...fields, trackingEnabled: true, source: contact.source, createdAt: now, updatedAt: now })
      .go();
    if (options.bump !== false) await bumpContactsVersion(agencyName, { total: 1, tracking: 1 });
    return data as ContactItem;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    await dropStrayWords(agencyName, fields);
    return undefined;
  }
};

/**
 * The contact was there already, maybe under another name: the entries just written for words
 * it does not have are removed (best effort: one left behind finds nothing, contacts are re-checked).
 */
const dropStrayWords = async (agencyName: string, attempted: ContactKey & SearchableContact): Promise<void> => {
  try {
    const existing = await getContact(agencyName, attempted.campaignId, attempted.email);
    const kept = new Set(existing ? contactWords(existing) : []);
    const stray = contactWordItems(agencyName, attempted).filter((item) => !kept.has(item.word));
    if (stray.length) await writeWords(stray, 'delete');
  } catch (error) {
    logger.warn('contact search entries not cleaned up', { agency: agencyName, error: errorMessage(error) });
  }
};

/** Sets one contact's tracking flag; undefined when there is no such contact. */
export const setContactTracking = async (agencyName: string, key: ContactKey, trackingEnabled: boolean): Promise<ContactItem | undefined> => {
  try {
    const updatedAt = nowIso();
    const { data: old } = await contactEntity
      .patch({ agencyName, campaignId: key.campaignId, email: key.email })
      .set({ trackingEnabled, updatedAt })
      .go({ response: 'all_old' });
    const was = (old as ContactItem | null)?.trackingEnabled === true;
    await bumpContactsVersion(agencyName, { tracking: was === trackingEnabled ? 0 : trackingEnabled ? 1 : -1 });
    return { ...(old as ContactItem), trackingEnabled, updatedAt };
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
};

/** Removes one contact; the removed item, or undefined when there was none. */
export const removeContactItem = async (agencyName: string, key: ContactKey): Promise<ContactItem | undefined> => {
  try {
    const { data } = await contactEntity
      .remove({ agencyName, campaignId: key.campaignId, email: key.email })
      .go({ response: 'all_old' });
    if (data) {
      await bumpContactsVersion(agencyName, { total: -1, tracking: (data as ContactItem).trackingEnabled ? -1 : 0 });
      await unindexContactWords(agencyName, [data as ContactItem]);
    }
    return (data as ContactItem | null) ?? undefined;
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
};

/**
 * Deletes the given contacts (as listed: their fields name their search entries), 25 per
 * BatchWriteItem (deleting one that is gone is a no-op), then their search entries. Throws when
 * some stay unprocessed, so the caller (a retried task or a person) tries again.
 */
export const deleteContacts = async (agencyName: string, contacts: readonly ContactItem[]): Promise<number> => {
  for (let i = 0; i < contacts.length; i += BATCH) {
    const slice = contacts.slice(i, i + BATCH);
    const batch = slice.map((contact) => ({ agencyName, campaignId: contact.campaignId, email: contact.email }));
    const { unprocessed } = await contactEntity.delete(batch).go();
    if (unprocessed.length) throw new Transient(`${unprocessed.length} contacts were not deleted; try again`);
    // Their tracking flags move the counter, batch by batch.
    await bumpContactsVersion(agencyName, { total: -slice.length, tracking: -slice.filter((contact) => contact.trackingEnabled).length });
    await unindexContactWords(agencyName, slice);
  }
  return contacts.length;
};
