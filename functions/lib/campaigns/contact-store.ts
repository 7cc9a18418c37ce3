import { normalizeEmailAddress } from '../../../shared/email-address';
import { managerCellText } from '../../../shared/manager';
import { isConditionalFailure } from '../store/conditional-write';
import { contactEntity, contactItemKeys, type ContactItem } from '../store/entities/contact';
import { nowIso } from '../store/keys';
import { bumpContactsVersion } from '../processing/monitor-registry';
import { Transient } from '../tasks/transient';

/**
 * The contact store: one contact per (campaign, e-mail) inside an agency. Every read is a
 * Query or a GetItem; every key is built here from the agency name the caller's scope gives.
 *   table    AGENCY#a / CONTACT#campaign#email   (all of an agency, or one campaign by prefix)
 *   byTalent AGENCY#a#TALENT#email / CONTACT#campaign   (all campaigns of one talent)
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
  try {
    const { data } = await contactEntity
      .create({
        agencyName,
        campaignId: contact.campaignId,
        email: normalizeEmailAddress(contact.email),
        talentName: contact.talentName,
        emailOwner: managerCellText(contact.emailOwner),
        ...(contact.handle ? { handle: contact.handle } : {}),
        trackingEnabled: true,
        source: contact.source,
        createdAt: now,
        updatedAt: now,
      })
      .go();
    if (options.bump !== false) await bumpContactsVersion(agencyName, { total: 1, tracking: 1 });
    return data as ContactItem;
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
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
    if (data) await bumpContactsVersion(agencyName, { total: -1, tracking: (data as ContactItem).trackingEnabled ? -1 : 0 });
    return (data as ContactItem | null) ?? undefined;
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
};

/**
 * Deletes the given contacts, 25 per BatchWriteItem (deleting one that is gone is a no-op).
 * Throws when some stay unprocessed, so the caller (a retried task or a person) tries again.
 */
export const deleteContacts = async (agencyName: string, keys: readonly ContactKey[]): Promise<number> => {
  for (let i = 0; i < keys.length; i += BATCH) {
    const slice = keys.slice(i, i + BATCH);
    const batch = slice.map((key) => ({ agencyName, campaignId: key.campaignId, email: key.email }));
    const { unprocessed } = await contactEntity.delete(batch).go();
    if (unprocessed.length) throw new Transient(`${unprocessed.length} contacts were not deleted; try again`);
    // Callers pass the contacts they listed (deletion, clear): their tracking flags move the counter, batch by batch.
    await bumpContactsVersion(agencyName, { total: -slice.length, tracking: -slice.filter((k) => (k as Partial<ContactItem>).trackingEnabled).length });
  }
  return keys.length;
};
