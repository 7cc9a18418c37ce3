import { contactManagerFields } from '../../../shared/manager';
import { listAgencyContacts } from '../campaigns/contact-store';
import { erasedHashes } from '../talents/erased';
import { activeMemberEmails, connectedMailboxes } from '../processing/agency-context';
import { campaignEntity } from '../store/entities/campaign';
import type { ContactItem } from '../store/entities/contact';
import { domainOf, isFreeMailDomain } from './rules/addresses';
import { fold } from './rules/text';
import type { AgencyDirectory, CampaignLite, ContactLite } from './types';

/**
 * Who is who for one agency, read once per batch: staff (members and connected mailboxes, and
 * their Workspace domains), the tracked contacts of every campaign and the campaigns' clients.
 */
export const toContactLite = (contact: ContactItem): ContactLite => ({
  email: contact.email.toLowerCase(),
  talentName: contact.talentName ?? '',
  handle: contact.handle ?? '',
  // The cell as written is kept for display; matching uses what is parsed out of it.
  ...contactManagerFields(contact.emailOwner),
  campaignId: contact.campaignId,
  trackingEnabled: contact.trackingEnabled,
});

export const loadDirectory = async (agencyName: string): Promise<AgencyDirectory> => {
  const [contacts, campaigns, members, mailboxes, erased] = await Promise.all([
    listAgencyContacts(agencyName),
    campaignEntity.query.byAgency({ agencyName }).go({ pages: 'all' }),
    activeMemberEmails(agencyName),
    connectedMailboxes(agencyName),
    erasedHashes(agencyName),
  ]);
  const staff = new Set([...members, ...mailboxes].map((email) => email.toLowerCase()));
  const staffDomains = new Set([...staff].map(domainOf).filter((domain) => domain && !isFreeMailDomain(domain)));
  return {
    staff,
    staffDomains,
    erased,
    contacts: contacts.map(toContactLite),
    campaigns: campaigns.data
      .filter((campaign) => campaign.status !== 'deleting')
      .map(
        (campaign): CampaignLite => ({
          campaignId: campaign.campaignId,
          campaignName: campaign.campaignName,
          projectName: campaign.projectName ?? '',
          clientName: campaign.clientName ?? '',
          clientDomain: (campaign.clientDomain ?? '').toLowerCase(),
          clientAddresses: [...(campaign.clientAddresses ?? [])].map((address) => address.toLowerCase()),
        }),
      ),
  };
};

/** The addresses worth a thread's attention: tracked talents and their managers. */
export const trackedAddresses = (directory: AgencyDirectory): Set<string> => {
  const out = new Set<string>();
  for (const contact of directory.contacts) {
    if (!contact.trackingEnabled) continue;
    if (!directory.staff.has(contact.email)) out.add(contact.email);
    if (contact.managerAddress && !directory.staff.has(contact.managerAddress)) out.add(contact.managerAddress);
  }
  return out;
};

/** Managers known only by the name in their Manager cell (no address), folded as the rules compare names (rules/text.ts). */
export const trackedManagerNames = (directory: AgencyDirectory): Set<string> => {
  const out = new Set<string>();
  for (const contact of directory.contacts) {
    if (!contact.trackingEnabled || contact.managerAddress) continue;
    const name = fold(contact.managerName);
    if (name.length >= 2) out.add(name);
  }
  return out;
};
