import { indexContactWords } from '../../functions/lib/campaigns/contact-store';
import { contactEntity } from '../../functions/lib/store/entities/contact';

export type SeedContact = { campaignId: string; email: string; talentName: string; emailOwner?: string; handle?: string; trackingEnabled?: boolean };

/**
 * Many contacts of one agency straight into the store, fast: batched puts (25 an item call,
 * several calls at once) of the contacts and of their search entries, as createContact writes
 * them. For suites that need thousands of contacts: adding each over HTTP would write the
 * campaign's influencer list every time. The dashboard counters are not moved.
 */
export const seedContacts = async (agencyName: string, contacts: readonly SeedContact[]): Promise<void> => {
  const now = new Date().toISOString();
  const items = contacts.map((contact) => ({
    agencyName,
    campaignId: contact.campaignId,
    email: contact.email,
    talentName: contact.talentName,
    emailOwner: contact.emailOwner ?? '',
    ...(contact.handle ? { handle: contact.handle } : {}),
    trackingEnabled: contact.trackingEnabled ?? true,
    source: 'import' as const,
    createdAt: now,
    updatedAt: now,
  }));
  const { unprocessed } = await contactEntity.put(items).go({ concurrency: 8 });
  if (unprocessed.length) throw new Error(`${unprocessed.length} contacts were not seeded`);
  await indexContactWords(agencyName, items);
};
