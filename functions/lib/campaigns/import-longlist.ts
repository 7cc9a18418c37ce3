import { googleContextFor } from '../identity/google-grants';
import { GoogleNotFound, GooglePermissionDenied } from '../google/errors';
import { a1, createSheetsClient, type SheetsClient } from '../google/sheets';
import { BadRequest, Forbidden, NotFound } from '../http/errors';
import type { AgencyScope } from '../session/resolve';
import { nowIso } from '../store/keys';
import { recoveryWanted } from '../settings/recovery';
import { recoverAgencyDrive } from './agency-drive';
import { createContact, listCampaignContacts, type ContactItem } from './contact-store';
import { appendToInfluencerList, trackerBehind, writableCampaign } from './contacts';
import { findHeader, parseLonglist, type Duplicate } from './longlist';
import { logger } from '../logger';
import { ensureRegistered } from '../processing/monitor-registry';

export const SHEET_MESSAGES = {
  noPermission: 'No permission to access this sheet',
  notFound: 'Sheet not found or deleted',
  noHeader: 'No header row found: the sheet needs an Email column and a Talent/Name column',
  noTab: (tab: string) => `Tab "${tab}" not found in this sheet`,
} as const;

/** Sheets failures in the words the contacts screen looks for ("permission", "not found"). */
const sheetError = (error: unknown): never => {
  if (error instanceof GooglePermissionDenied) throw new Forbidden(SHEET_MESSAGES.noPermission, { fields: { status: 'error' } });
  if (error instanceof GoogleNotFound) throw new NotFound(SHEET_MESSAGES.notFound, { fields: { status: 'error' } });
  throw error;
};

/** The caller's own Google access: a longlist is a sheet the person names, in their Drive. */
const callerSheets = async (scope: AgencyScope): Promise<SheetsClient> => createSheetsClient(await googleContextFor(scope.email));

export const sheetMetadata = async (scope: AgencyScope, sheetId: string) => {
  const sheets = await callerSheets(scope);
  const info = await sheets.getMetadata(sheetId).catch(sheetError);
  return { spreadsheet_name: info.title, tabs: info.tabs.map((tab) => ({ name: tab.name })) };
};

const WRITE_CONCURRENCY = 32;

const runPool = async <T>(items: T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
};

/**
 * Imports a longlist tab into a campaign: one read of the sheet, one Query of the campaign's
 * contacts, one conditional put per new contact (the e-mail stays unique per campaign even
 * against a concurrent add; a talent already in another campaign is imported), one append to
 * the influencer list.
 */
export const importLonglist = async (scope: AgencyScope, input: { campaign_id: string; source_sheet_id: string; source_tab_name?: string }) => {
  const campaign = await writableCampaign(scope, input.campaign_id);
  if (await recoveryWanted(scope, 'skip_on_import_longlist')) await recoverAgencyDrive(scope.agencyName).catch(() => undefined);
  const sheets = await callerSheets(scope);
  const info = await sheets.getMetadata(input.source_sheet_id).catch(sheetError);
  const tab = input.source_tab_name ?? info.tabs[0]?.name;
  if (!tab || !info.tabs.some((candidate) => candidate.name === tab)) throw new BadRequest(SHEET_MESSAGES.noTab(tab ?? ''));
  const rows = await sheets.readValues(input.source_sheet_id, a1(tab)).catch(sheetError);
  const header = findHeader(rows);
  if (!header) throw new BadRequest(SHEET_MESSAGES.noHeader);
  const { candidates, skipped, duplicates } = parseLonglist(rows, header);

  const existing = new Set((await listCampaignContacts(scope.agencyName, campaign.campaignId)).map((contact) => contact.email));
  const alreadyThere = (row: number, email: string): Duplicate => ({ row, email, reason: `Already a contact in campaign "${campaign.campaignId}"` });
  const fresh = candidates.filter((candidate) => {
    if (!existing.has(candidate.email)) return true;
    duplicates.push(alreadyThere(candidate.row, candidate.email));
    return false;
  });

  const now = nowIso();
  const created: ContactItem[] = [];
  await runPool(fresh, WRITE_CONCURRENCY, async (candidate) => {
    const contact = await createContact(
      scope.agencyName,
      {
        campaignId: campaign.campaignId,
        email: candidate.email,
        talentName: candidate.talentName,
        emailOwner: candidate.manager,
        handle: candidate.handle,
        source: 'import',
      },
      now,
    );
    if (contact) created.push(contact);
    else duplicates.push(alreadyThere(candidate.row, candidate.email));
  });
  // Tracked contacts make the agency worth monitoring (idempotent; the monitor's registry).
  if (created.length) await ensureRegistered(scope.agencyName).catch((error: unknown) => logger.warn('monitor registration failed', { error: String(error) }));
  const sheetUpdated = created.length ? await appendToInfluencerList(campaign, created) : true;
  if (created.length) await trackerBehind(scope.agencyName, [campaign.campaignId]);
  duplicates.sort((a, b) => a.row - b.row);
  return {
    imported: created.length,
    skipped: skipped.length,
    duplicates: duplicates.length,
    sheet_updated: sheetUpdated,
    tab,
    message: `Imported ${created.length} contact${created.length === 1 ? '' : 's'} into ${campaign.campaignName}; ${skipped.length} skipped, ${duplicates.length} duplicate${duplicates.length === 1 ? '' : 's'}`,
    details: { skipped, duplicates },
  };
};

