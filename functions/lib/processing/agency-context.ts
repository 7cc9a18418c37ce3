import { normalizeEmailAddress } from '../../../shared/email-address';
import { listAgencyContacts } from '../campaigns/contact-store';
import { readConsents } from '../mailboxes/consent';
import type { ContactItem } from '../store/entities/contact';
import { memberEntity } from '../store/entities/member';
import { parseManagerCell } from '../../../shared/manager';
import { fold } from '../conversations/rules/text';
import { managerSearchAddress } from './gmail-queries';

/**
 * Who is who for one agency: its connected mailboxes (each connected by its owner),
 * the agency's own addresses (outbound mail), and the tracked contacts by talent and manager
 * address.
 */
export const activeMemberEmails = async (agencyName: string): Promise<string[]> => {
  const { data } = await memberEntity.query.byAgency({ agencyName }).go({ pages: 'all' });
  return data.filter((member) => member.status === 'active').map((member) => member.email.toLowerCase());
};

/** Mailboxes whose owners connected them to this agency (and are still its active members). */
export const connectedMailboxes = async (agencyName: string): Promise<string[]> => (await readConsents(agencyName)).map((consent) => consent.email);

/** Every contact of the agency: one per talent per campaign. */
export const agencyContacts = (agencyName: string): Promise<ContactItem[]> => listAgencyContacts(agencyName);

export type ContactIndex = {
  tracked: ContactItem[];
  /** a talent's tracked contacts, one per campaign */
  byTalent: Map<string, ContactItem[]>;
  byManager: Map<string, ContactItem[]>;
  /** managers whose Manager cell holds a name and no address, by folded name: matched against display names, never searched */
  managerNames: Set<string>;
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
  const managerNames = new Set<string>();
  for (const contact of tracked) {
    const email = normalizeEmailAddress(contact.email);
    if (!agency.has(email)) byTalent.set(email, [...(byTalent.get(email) ?? []), contact]);
    // Only the validated address in a Manager cell ("Name <address>") is matched and searched;
    // a name alone (or legacy junk) never widens what is searched.
    const manager = managerSearchAddress(contact.emailOwner);
    if (manager && !agency.has(manager)) byManager.set(manager, [...(byManager.get(manager) ?? []), contact]);
    const name = fold(parseManagerCell(contact.emailOwner ?? '').name);
    if (!manager && name.length >= 2) managerNames.add(name);
  }
  return { tracked, byTalent, byManager, managerNames, agencyAddresses: agency };
};

/** The addresses to search for a set of contacts: each talent and their manager. */
export const addressesOf = (contacts: ContactItem[], index: ContactIndex): string[] => {
  const out = new Set<string>();
  for (const contact of contacts) {
    const email = normalizeEmailAddress(contact.email);
    if (!index.agencyAddresses.has(email)) out.add(email);
    const manager = managerSearchAddress(contact.emailOwner);
    if (manager && !index.agencyAddresses.has(manager)) out.add(manager);
  }
  return [...out].sort();
};
