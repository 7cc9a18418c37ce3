import { listAgencyContacts } from '../campaigns/contact-store';
import { activeMemberEmails, connectedMailboxes } from '../processing/agency-context';
import { campaignEntity } from '../store/entities/campaign';
import type { ContactItem } from '../store/entities/contact';
import { domainOf, isFreeMailDomain } from './rules/addresses';
import type { AgencyDirectory, CampaignLite, ContactLite } from './types';

/**
 * Who is who for one agency, read once per batch: staff (members and connected mailboxes, and
 * their Workspace domains), the tracked contacts of every campaign and the campaigns' clients.
 */
export const toContactLite = (contact: ContactItem): ContactLite => ({
  email: contact.email.toLowerCase(),
  talentName: contact.talentName ?? '',
  handle: contact.handle ?? '',
  emailOwner: (contact.emailOwner ?? '').trim().toLowerCase(),
  campaignId: contact.campaignId,
  trackingEnabled: contact.trackingEnabled,
});

export const loadDirectory = async (agencyName: string): Promise<AgencyDirectory> => {
  const [contacts, campaigns, members, mailboxes] = await Promise.all([
    listAgencyContacts(agencyName),
    campaignEntity.query.byAgency({ agencyName }).go({ pages: 'all' }),
    activeMemberEmails(agencyName),
    connectedMailboxes(agencyName),
  ]);
  const staff = new Set([...members, ...mailboxes].map((email) => email.toLowerCase()));
  const staffDomains = new Set([...staff].map(domainOf).filter((domain) => domain && !isFreeMailDomain(domain)));
  return {
    staff,
    staffDomains,
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
    if (contact.emailOwner.includes('@') && !directory.staff.has(contact.emailOwner)) out.add(contact.emailOwner);
  }
  return out;
};
