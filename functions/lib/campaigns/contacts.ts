import {
  contactMapKey,
  type AddContactBody,
  type ContactJson,
  type RemoveContactBody,
  type ToggleTrackingBody,
  TRACKING_PAGE_MAX,
  type TrackingQuery,
  type TrackingResponse,
} from '../../../shared/schemas/campaigns';
import { recordAudit, recordTalentAudits } from '../audit/record';
import { BadRequest, Conflict, NotFound } from '../http/errors';
import { logger, errorMessage } from '../logger';
import { ensureRegistered } from '../processing/monitor-registry';
import { markSheetBehind } from '../processing/sheet-behind';
import type { AgencyScope } from '../session/resolve';
import type { CampaignItem } from '../store/entities/campaign';
import { recoveryWanted } from '../settings/recovery';
import { clearErased } from '../talents/erased';
import { agencyDrive, recoverAgencyDrive } from './agency-drive';
import { findCampaign, getCampaignOrThrow, listCampaignItems } from './campaigns';
import {
  contactsByEmail,
  createContact,
  deleteContacts,
  getContact,
  listAgencyContacts,
  listContactFlags,
  pageAgencyContacts,
  removeContactItem,
  searchAgencyContacts,
  setContactTracking,
  type ContactItem,
  type ContactKey,
  type WordKey,
} from './contact-store';
import { projectBoardRows } from '../conversations/board/project';
import { leadingWord, searchWords } from './contact-words';
import { markInfluencerList, syncInfluencerList, trackingState, type InfluencerRow } from './influencer-list';
import { INFLUENCER_TRACKING_STATES, type InfluencerTrackingState } from './layout';

export type { ContactJson };

export const toContactJson = (contact: ContactItem, campaignName = ''): ContactJson => ({
  email: contact.email,
  campaign_id: contact.campaignId,
  campaign_name: campaignName,
  talent_name: contact.talentName ?? '',
  email_owner: contact.emailOwner ?? '',
  handle: contact.handle ?? '',
  // The spec reads the flag under both names.
  tracking: contact.trackingEnabled,
  tracking_enabled: contact.trackingEnabled,
});

const contactNotFound = (email: string, campaignId?: string) =>
  new NotFound(campaignId ? `${email} is not a contact in campaign "${campaignId}"` : `Contact ${email} not found`);

/** A campaign that can take contacts: present and not being deleted. */
export const writableCampaign = async (scope: AgencyScope, campaignId: string): Promise<CampaignItem> => {
  const campaign = await getCampaignOrThrow(scope, campaignId);
  if (campaign.status === 'deleting') throw new Conflict(`Campaign "${campaignId}" is being deleted`);
  return campaign;
};

/** The same e-mail twice in one campaign; in another campaign it is a new contact. */
export const duplicateContact = (email: string, campaignId: string): Conflict =>
  new Conflict(`${email} is already a contact in campaign "${campaignId}"`, { fields: { campaign_id: campaignId } });

/** Runs `work` on the campaign's influencer list; best effort: false (logged) when it failed. */
const onInfluencerList = async <T>(campaign: CampaignItem, what: string, work: (drive: Awaited<ReturnType<typeof agencyDrive>>, sheetId: string) => Promise<T>) => {
  if (!campaign.influencerListSheetId) return false;
  try {
    await work(await agencyDrive(campaign.agencyName), campaign.influencerListSheetId);
    return true;
  } catch (error) {
    logger.warn(`influencer list not updated (${what})`, { agency: campaign.agencyName, campaignId: campaign.campaignId, error: errorMessage(error) });
    return false;
  }
};

/**
 * Best effort: the contact is stored either way; the list catches up when the campaign's
 * provisioning (or the next add) syncs it.
 */
export const appendToInfluencerList = (campaign: CampaignItem, contacts: InfluencerRow[]): Promise<boolean> =>
  onInfluencerList(campaign, 'append', (drive, sheetId) => syncInfluencerList(drive.sheets, sheetId, contacts));

/** Best effort, like appendToInfluencerList: the Tracking cell of each contact in its campaign's list. */
const markInCampaignLists = async (
  changes: { contact: ContactItem; state: InfluencerTrackingState }[],
  campaigns: Map<string, CampaignItem | undefined>,
): Promise<void> => {
  const byCampaign = new Map<string, { email: string; state: InfluencerTrackingState }[]>();
  for (const { contact, state } of changes) byCampaign.set(contact.campaignId, [...(byCampaign.get(contact.campaignId) ?? []), { email: contact.email, state }]);
  for (const [campaignId, marks] of byCampaign) {
    const campaign = campaigns.get(campaignId);
    if (campaign) await onInfluencerList(campaign, 'mark', (drive, sheetId) => markInfluencerList(drive.sheets, sheetId, marks));
  }
};

const campaignsOf = async (scope: AgencyScope, contacts: ContactItem[]): Promise<Map<string, CampaignItem | undefined>> => {
  const ids = [...new Set(contacts.map((contact) => contact.campaignId))];
  return new Map(await Promise.all(ids.map(async (id) => [id, await findCampaign(scope, id)] as const)));
};

/** The contacts a toggle or removal acts on: that campaign's, or the e-mail's in every campaign. */
const targetsOf = async (scope: AgencyScope, email: string, campaignId: string | undefined): Promise<ContactItem[]> => {
  if (campaignId) {
    const contact = await getContact(scope.agencyName, campaignId, email);
    return contact ? [contact] : [];
  }
  return contactsByEmail(scope.agencyName, email);
};

/** The board's rows of these contacts follow their change at once (board/project.ts). */
export const boardFollows = (agencyName: string, contacts: readonly ContactKey[]): Promise<void> =>
  projectBoardRows(agencyName, contacts.map((contact) => ({ campaignId: contact.campaignId, email: contact.email })));

/** The outreach tracker lists every contact: the next processing run brings it up to date (best effort). */
export const trackerBehind = async (agencyName: string, campaignIds: string[]): Promise<void> => {
  await Promise.all(
    [...new Set(campaignIds)].map((campaignId) =>
      markSheetBehind(agencyName, campaignId).catch((error: unknown) => logger.warn('tracker not marked behind', { campaignId, error: errorMessage(error) })),
    ),
  );
};

export const addContact = async (scope: AgencyScope, input: AddContactBody): Promise<{ contact: ContactJson; sheetUpdated: boolean }> => {
  const campaign = await writableCampaign(scope, input.campaign_id);
  if (await recoveryWanted(scope, 'skip_on_add_contact')) await recoverAgencyDrive(scope.agencyName).catch(() => undefined);
  const contact = await createContact(scope.agencyName, {
    campaignId: campaign.campaignId,
    email: input.email,
    talentName: input.talent_name,
    emailOwner: input.email_owner,
    handle: input.handle,
    source: 'manual',
  });
  if (!contact) throw duplicateContact(input.email, campaign.campaignId);
  // Added again after an erasure: their mail is read again.
  await clearErased(scope.agencyName, contact.email);
  await boardFollows(scope.agencyName, [contact]);
  // A tracked contact makes the agency worth monitoring (idempotent; the monitor's registry).
  await ensureRegistered(scope.agencyName).catch((error: unknown) => logger.warn('monitor registration failed', { error: errorMessage(error) }));
  await recordAudit(scope, {
    kind: 'contact.add',
    campaignId: campaign.campaignId,
    contactEmail: contact.email,
    changes: [
      { field: 'talent_name', before: null, after: contact.talentName || null },
      { field: 'email_owner', before: null, after: contact.emailOwner || null },
      { field: 'handle', before: null, after: contact.handle ?? null },
    ],
  });
  const sheetUpdated = await appendToInfluencerList(campaign, [contact]);
  await trackerBehind(scope.agencyName, [campaign.campaignId]);
  return { contact: toContactJson(contact, campaign.campaignName), sheetUpdated };
};

/**
 * Tracking on or off for the e-mail in one campaign (campaign_id given) or in every campaign
 * it is a contact of. The changed contacts come back in campaign order; 404 when none matched.
 */
export const setTracking = async (scope: AgencyScope, input: Pick<ToggleTrackingBody, 'email' | 'tracking' | 'campaign_id'>): Promise<ContactJson[]> => {
  const targets = await targetsOf(scope, input.email, input.campaign_id);
  const changed: ContactItem[] = [];
  const before = new Map(targets.map((target) => [target.campaignId, target.trackingEnabled]));
  for (const target of targets) {
    const updated = await setContactTracking(scope.agencyName, target, input.tracking);
    if (updated) changed.push(updated);
  }
  if (changed.length === 0) throw contactNotFound(input.email, input.campaign_id);
  await recordTalentAudits(scope, 'contact.tracking', changed, (contact) => ({
    contactEmail: contact.email,
    changes: [{ field: 'tracking', before: before.get(contact.campaignId) ?? null, after: contact.trackingEnabled }],
  }));
  await boardFollows(scope.agencyName, changed);
  const campaigns = await campaignsOf(scope, changed);
  await markInCampaignLists(changed.map((contact) => ({ contact, state: trackingState(contact) })), campaigns);
  await trackerBehind(scope.agencyName, changed.map((contact) => contact.campaignId));
  return changed.map((contact) => toContactJson(contact, campaigns.get(contact.campaignId)?.campaignName ?? ''));
};

/**
 * Removes the e-mail from one campaign (campaign_id given) or from every campaign: tracking
 * stops, processed data is kept, and each campaign's influencer list marks the row "Removed".
 */
export const removeContact = async (scope: AgencyScope, input: Pick<RemoveContactBody, 'email' | 'campaign_id'>): Promise<ContactJson[]> => {
  const targets = await targetsOf(scope, input.email, input.campaign_id);
  const removed: ContactItem[] = [];
  for (const target of targets) {
    const gone = await removeContactItem(scope.agencyName, target);
    if (gone) removed.push(gone);
  }
  if (removed.length === 0) throw contactNotFound(input.email, input.campaign_id);
  await recordTalentAudits(scope, 'contact.remove', removed, (contact) => ({ contactEmail: contact.email, changes: [{ field: 'contact', before: contact.talentName || contact.email, after: null }] }));
  await boardFollows(scope.agencyName, removed);
  const campaigns = await campaignsOf(scope, removed);
  await markInCampaignLists(removed.map((contact) => ({ contact, state: INFLUENCER_TRACKING_STATES.removed })), campaigns);
  await trackerBehind(scope.agencyName, removed.map((contact) => contact.campaignId));
  return removed.map((contact) => toContactJson(contact, campaigns.get(contact.campaignId)?.campaignName ?? ''));
};

/** Every contact of every campaign of the agency; the influencer lists mark them "Removed". */
export const clearContacts = async (scope: AgencyScope): Promise<number> => {
  const contacts = await listAgencyContacts(scope.agencyName);
  await deleteContacts(scope.agencyName, contacts);
  // One event for the whole clearing (it may be thousands of contacts), with how many went.
  await recordAudit(scope, { kind: 'contacts.clear', changes: [{ field: 'contacts', before: contacts.length, after: 0 }] });
  await boardFollows(scope.agencyName, contacts);
  if (contacts.length) {
    const campaigns = await campaignsOf(scope, contacts);
    await markInCampaignLists(contacts.map((contact) => ({ contact, state: INFLUENCER_TRACKING_STATES.removed })), campaigns);
  }
  return contacts.length;
};

/** The next page's cursor: the last contact's key, opaque to the client. */
const encodeTrackingCursor = (key: ContactKey): string => Buffer.from(JSON.stringify([key.campaignId, key.email])).toString('base64url');

/** A search's next page: the index entry it stopped at, marked so a listing never takes it (and the reverse). */
const encodeSearchCursor = (key: WordKey): string => Buffer.from(JSON.stringify(['w', key.word, key.campaignId, key.email])).toString('base64url');

const invalidCursor = () => new BadRequest('Invalid cursor', { tip: 'Start again from the first page.' });

const cursorParts = (cursor: string, length: number): string[] => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === length && parsed.every((part) => typeof part === 'string' && part !== '' && part.length <= 1_000)) {
      return parsed as string[];
    }
  } catch {
    // not one of ours: refused below
  }
  throw invalidCursor();
};

const decodeTrackingCursor = (cursor: string): ContactKey => {
  const [campaignId, email] = cursorParts(cursor, 2) as [string, string];
  return { campaignId, email };
};

/** A search's cursor is good for that search only: its word lies in the range the search reads. */
const decodeSearchCursor = (cursor: string, leading: string): WordKey => {
  const [kind, word, campaignId, email] = cursorParts(cursor, 4) as [string, string, string, string];
  if (kind !== 'w' || !word.startsWith(leading)) throw invalidCursor();
  return { word, campaignId, email };
};

/**
 * The contacts screen's data, a page at a time: up to `limit` contacts keyed by `campaign:email`
 * (a talent in two campaigns is two entries), by campaign id then e-mail, and the next page's
 * cursor. The first page also carries the counts over every contact and the per-campaign
 * breakdown (read as campaign id and flag only), so later pages cost one short Query each.
 * With `q`, the contacts the search finds instead (contact-store searchAgencyContacts: a bounded
 * read of the search index, whatever the agency's size) and never the counts, which read every
 * contact and would on each keystroke.
 */
export const trackingPage = async (scope: AgencyScope, query: TrackingQuery = {}): Promise<Omit<TrackingResponse, 'success'>> => {
  const limit = query.limit ?? TRACKING_PAGE_MAX;
  const search = query.q === undefined ? [] : searchWords(query.q);
  const leading = leadingWord(search);
  // Cursors are checked before anything is read.
  const reading = leading
    ? { search: true as const, after: query.cursor ? decodeSearchCursor(query.cursor, leading) : undefined }
    : { search: false as const, after: query.cursor ? decodeTrackingCursor(query.cursor) : undefined };
  const pageOf = async (): Promise<{ items: ContactItem[]; next_cursor: string | null }> => {
    if (reading.search) {
      const found = await searchAgencyContacts(scope.agencyName, search, limit, reading.after);
      return { items: found.items, next_cursor: found.last ? encodeSearchCursor(found.last) : null };
    }
    const listed = await pageAgencyContacts(scope.agencyName, limit, reading.after);
    return { items: listed.items, next_cursor: listed.last ? encodeTrackingCursor(listed.last) : null };
  };
  const [page, campaigns] = await Promise.all([pageOf(), listCampaignItems(scope)]);
  const names = new Map(campaigns.map((campaign) => [campaign.campaignId, campaign.campaignName]));
  const contacts: Record<string, ContactJson> = {};
  for (const contact of page.items) contacts[contactMapKey(contact.campaignId, contact.email)] = toContactJson(contact, names.get(contact.campaignId) ?? '');
  const { next_cursor } = page;
  // A search text without a letter or digit ("@") narrows nothing, and is still a search: no counts.
  if (reading.after || query.q !== undefined) return { contacts, next_cursor };
  return { contacts, next_cursor, ...(await trackingCounts(scope, campaigns)) };
};

const trackingCounts = async (scope: AgencyScope, campaigns: CampaignItem[]): Promise<Required<Pick<TrackingResponse, 'summary' | 'by_campaign'>>> => {
  const flags = await listContactFlags(scope.agencyName);
  const names = new Map(campaigns.map((campaign) => [campaign.campaignId, campaign.campaignName]));
  const byCampaign: NonNullable<TrackingResponse['by_campaign']> = {};
  for (const campaign of campaigns) byCampaign[campaign.campaignId] = { campaign_name: campaign.campaignName, total: 0, tracking: 0, disabled: 0 };
  let enabled = 0;
  for (const contact of flags) {
    const bucket = (byCampaign[contact.campaignId] ??= { campaign_name: names.get(contact.campaignId) ?? '', total: 0, tracking: 0, disabled: 0 });
    bucket.total += 1;
    if (contact.trackingEnabled) {
      bucket.tracking += 1;
      enabled += 1;
    } else bucket.disabled += 1;
  }
  return {
    summary: { total_contacts: flags.length, tracking_enabled: enabled, tracking_disabled: flags.length - enabled, total_campaigns: campaigns.length },
    by_campaign: byCampaign,
  };
};
