import { listAgencyContacts } from '../campaigns/contact-store';
import { googleGrantEntity } from '../store/entities/google-grant';
import type { ContactItem } from '../store/entities/contact';
import { memberEntity } from '../store/entities/member';

/**
 * Who is who for one agency: its connected mailboxes (active members who signed in with Google),
 * the agency's own addresses (outbound mail), and the tracked contacts by talent and manager
 * address.
 */
export const activeMemberEmails = async (agencyName: string): Promise<string[]> => {
  const { data } = await memberEntity().query.byAgency({ agencyName }).go({ pages: 'all' });
  return data.filter((member) => member.status === 'active').map((member) => member.email.toLowerCase());
};

export const connectedMailboxes = async (agencyName: string): Promise<string[]> => {
  const members = await activeMemberEmails(agencyName);
  // The grant item's existence only (no decryption here: the routes that call this hold no key access).
  const withGrant = await Promise.all(
    members.map(async (email) => ((await googleGrantEntity().get({ email }).go({ attributes: ['email'] })).data ? email : undefined)),
  );
  return withGrant.filter((email): email is string => Boolean(email)).sort();
};

/** Every contact of the agency: one per talent per campaign. */
export const agencyContacts = (agencyName: string): Promise<ContactItem[]> => listAgencyContacts(agencyName);

export type ContactIndex = {
  tracked: ContactItem[];
  /** a talent's tracked contacts, one per campaign */
  byTalent: Map<string, ContactItem[]>;
  byManager: Map<string, ContactItem[]>;
  agencyAddresses: Set<string>;
};

/**
 * Tracked contacts by address. A manager address that is also an agency address is ignored:
 * it would match every e-mail the agency sends.
 */
export const buildContactIndex = (contacts: ContactItem[], agencyAddresses: Iterable<string>): ContactIndex => {
  const agency = new Set([...agencyAddresses].map((a) => a.toLowerCase()));
  const tracked = contacts.filter((contact) => contact.trackingEnabled).sort((a, b) => a.email.localeCompare(b.email));
  const byTalent = new Map<string, ContactItem[]>();
  const byManager = new Map<string, ContactItem[]>();
  for (const contact of tracked) {
    const email = contact.email.toLowerCase();
    if (!agency.has(email)) byTalent.set(email, [...(byTalent.get(email) ?? []), contact]);
    const manager = (contact.emailOwner ?? '').trim().toLowerCase();
    if (manager && manager.includes('@') && !agency.has(manager)) byManager.set(manager, [...(byManager.get(manager) ?? []), contact]);
  }
  return { tracked, byTalent, byManager, agencyAddresses: agency };
};

/** The addresses to search for a set of contacts: each talent and their manager. */
export const addressesOf = (contacts: ContactItem[], index: ContactIndex): string[] => {
  const out = new Set<string>();
  for (const contact of contacts) {
    const email = contact.email.toLowerCase();
    if (!index.agencyAddresses.has(email)) out.add(email);
    const manager = (contact.emailOwner ?? '').trim().toLowerCase();
    if (manager && manager.includes('@') && !index.agencyAddresses.has(manager)) out.add(manager);
  }
  return [...out].sort();
};

export type Participants = { addresses: Set<string>; text: string };

/**
 * The tracked contacts a thread involves: talents in From/To/Cc first; when only a manager is
 * there, that manager's talents, narrowed to the ones the thread names when it names any. A
 * talent in several campaigns comes back once per campaign.
 */
export const contactsInThread = (index: ContactIndex, participants: Participants): ContactItem[] => {
  const direct = [...participants.addresses].flatMap((a) => index.byTalent.get(a) ?? []);
  const viaManager = [...participants.addresses].flatMap((a) => index.byManager.get(a) ?? []);
  const haystack = participants.text.toLowerCase();
  const named = viaManager.filter((c) => c.talentName && haystack.includes(c.talentName.toLowerCase()));
  const managed = named.length ? named : viaManager;
  const seen = new Set<string>();
  const key = (c: ContactItem) => `${c.campaignId}:${c.email}`;
  return [...direct, ...managed].filter((c) => (seen.has(key(c)) ? false : (seen.add(key(c)), true)));
};
