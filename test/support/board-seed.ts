import { listCampaignContacts } from '../../functions/lib/campaigns/contact-store';
import { listCampaignItems } from '../../functions/lib/campaigns/campaigns';
import { projectBoardRows } from '../../functions/lib/conversations/board/project';
import { filterSortPage, mergeRows, queryConversationItems, type ConversationPage } from '../../functions/lib/conversations/list';
import { conversationEntity, type ConversationItem } from '../../functions/lib/store/entities/conversation';
import { CONVERSATION_STATUSES, type ConversationListQuery } from '../../shared/schemas/conversations';
import { seedContacts, type SeedContact } from './contact-seed';

const DAY = 86_400_000;

/** A deterministic stream of numbers in [0, 1): the same board every run. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/**
 * A campaign board of `size` talents as processing leaves it: contacts (some not tracked, some
 * without a name), conversations for most of them in every status, both turns, fees, key dates
 * in the past and future, each row projected the way recompute.ts projects it.
 */
export const seedBoard = async (agencyName: string, campaignId: string, size: number, now: number, seedNumber = 7): Promise<void> => {
  const next = random(seedNumber);
  const iso = (days: number) => new Date(now + days * DAY).toISOString();
  const contacts: SeedContact[] = Array.from({ length: size }, (_, i) => ({
    campaignId,
    email: `talent${String(i).padStart(5, '0')}@board.test`,
    talentName: i % 97 === 13 ? '' : `${['Ana', 'Ben', 'Cléo', 'dan', 'Éve', 'Zoë'][i % 6]} Talent ${i % 40}`,
    trackingEnabled: i % 11 !== 3,
  }));
  await seedContacts(agencyName, contacts);
  const items = contacts
    .filter((_, i) => i % 5 !== 0)
    .map((contact) => {
      const status = CONVERSATION_STATUSES[Math.floor(next() * CONVERSATION_STATUSES.length)]!;
      const turn = next() < 0.5 ? 'talent' : 'agency';
      const since = iso(-Math.floor(next() * 20));
      return {
        agencyName,
        campaignId,
        subjectKey: contact.email,
        version: 2,
        status,
        ...(status === 'not_contacted' ? {} : { whoseTurn: turn, turnSince: since, lastOutboundAt: iso(-Math.floor(next() * 30)) }),
        ...(next() < 0.6 ? { lastInboundAt: iso(-Math.floor(next() * 30)) } : {}),
        messageCount: Math.floor(next() * 9),
        subject: `Campaign brief ${contact.talentName}`,
        summary: 'Talking about the brief, dates and the fee.',
        ...(next() < 0.5
          ? { fees: [{ amount: Math.round(next() * 5_000), currency: 'GBP', unit: 'per_post', state: next() < 0.5 ? 'quoted' : 'agreed', quote: '£', setBy: 'model' }] }
          : {}),
        ...(next() < 0.5 ? { dates: [{ date: iso(Math.floor(next() * 60) - 20).slice(0, 10), kind: 'go_live', quote: 'goes live', setBy: 'model' }] } : {}),
        updatedAt: iso(-Math.floor(next() * 10)),
      };
    });
  for (let i = 0; i < items.length; i += 25) {
    const { unprocessed } = await conversationEntity.put(items.slice(i, i + 25) as unknown as ConversationItem[]).go({ concurrency: 4 });
    if (unprocessed.length) throw new Error(`${unprocessed.length} conversations were not seeded`);
  }
  await projectBoardRows(agencyName, contacts.map((contact) => ({ campaignId, email: contact.email })), 16);
};

/** The whole-campaign answer (every row read and sorted in memory), page after page: what the projection must equal. */
export const wholeCampaignPages = async (agencyName: string, query: ConversationListQuery, now: number, followUpAfterDays: number): Promise<ConversationPage[]> => {
  const campaignId = query.campaign_id!;
  const [contacts, items, campaigns] = await Promise.all([
    listCampaignContacts(agencyName, campaignId),
    queryConversationItems(agencyName, campaignId),
    listCampaignItems({ agencyName } as never),
  ]);
  const rows = mergeRows({ contacts, items, campaigns: campaigns.filter((campaign) => campaign.campaignId === campaignId), now, followUpAfterDays });
  const pages: ConversationPage[] = [];
  let cursor: string | undefined;
  do {
    const page = filterSortPage(rows, { ...query, ...(cursor ? { cursor } : {}) }, now);
    pages.push(page);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return pages;
};
