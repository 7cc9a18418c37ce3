import { recordAudit } from '../audit/record';
import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages';
import { IMPORT_NOTES_MAX, type LonglistImportResponse } from '../../../shared/schemas/longlist-import';
import { googleContextFor } from '../identity/google-grants';
import { GoogleNotFound, GooglePermissionDenied } from '../google/errors';
import { a1, createSheetsClient, type SheetsClient } from '../google/sheets';
import { BadRequest, Forbidden, NotFound } from '../http/errors';
import { isConditionalFailure } from '../store/conditional-write';
import { logger, errorMessage } from '../logger';
import { countRunningImport, ensureRegistered } from '../processing/monitor-registry';
import type { AgencyScope } from '../session/resolve';
import { recoveryWanted } from '../settings/recovery';
import { campaignEntity } from '../store/entities/campaign';
import { contactEntity } from '../store/entities/contact';
import { longlistImportChunkEntity, longlistImportEntity, runningImportEntity, type LonglistImportItem } from '../store/entities/longlist-import';
import { epochSeconds, nowIso } from '../store/keys';
import { agencyDrive, recoverAgencyDrive } from './agency-drive';
import { projectNewBoardRows } from '../conversations/board/project';
import { createContact, type ContactItem } from './contact-store';
import { trackerBehind, writableCampaign } from './contacts';
import { syncInfluencerList } from './influencer-list';
import { findHeader, parseLonglist, type Candidate, type Duplicate } from './longlist';
import { getImport, IMPORT_LEASE_MS, importView, releaseLease, takeLease, type ImportTaskInput } from './longlist-import-store';
import { Transient } from '../tasks/transient';

/**
 * The longlist import, a resumable background job.
 *
 * The route reads and checks the sheet (access, tab, header), parses every row, stores the
 * candidate rows in chunk items and the import item, then imports a small sheet (one chunk) before
 * it answers. A longer one is left, its lease free, for the LonglistImport worker, which the
 * import status route starts (the screen polls it at once) or else the monitor's next tick; the
 * route answers at once with the import id. (The route invokes nothing itself: the Lambda client
 * would take its bundle over the 1 MB cold-start budget.)
 *
 * Each chunk: the contacts (one conditional put each, so an e-mail stays unique per campaign even
 * against a concurrent add), then the influencer list (read, then only the rows it lacks
 * appended), then one conditional checkpoint that moves `nextChunk` and adds the chunk's counts.
 * A chunk cut short by a crash is simply run again: a contact it already created is recognised
 * (created after the import started) and counted as imported, a list row already there is not
 * written twice, and the checkpoint counts the chunk once. A worker renews its lease before each
 * step, so no other worker takes over while it writes; one that died (kill -9, a lost invocation)
 * is replaced once its lease ran out (functions/lib/campaigns/longlist-import-store.ts).
 */

export const SHEET_MESSAGES = {
  noPermission: 'No permission to access this sheet',
  notFound: 'Sheet not found or deleted',
  noHeader: 'No header row found: the sheet needs an Email column and a Talent/Name column',
  noTab: (tab: string) => `Tab "${tab}" not found in this sheet`,
} as const;

/** Rows per chunk: one list read and one append each, a few hundred conditional puts. */
const CHUNK_ROWS = 500;
/** A sheet with at most this many rows to import is imported before the route answers. */
const INLINE_ROWS = CHUNK_ROWS;
/** Invocations that may end in an error before the import is given up (with what it did kept). */
export const MAX_FAILURES = 5;
const WRITE_CONCURRENCY = 32;
/** Time kept back from an invocation's end to checkpoint and hand over to the next one. */
const RESERVE_MS = 30_000;
const KEEP_FINISHED_DAYS = 30;
const CHUNK_TTL_DAYS = 7;

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

const runPool = async <T>(items: T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
};

const chunksOf = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Starts an import: checks and reads the sheet, stores its rows in chunks, then imports a small
 * sheet at once or leaves a long one for the LonglistImport worker. Answers the import's state.
 */
export const startLonglistImport = async (
  scope: AgencyScope,
  input: { campaign_id: string; source_sheet_id: string; source_tab_name?: string },
): Promise<LonglistImportResponse> => {
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

  const importId = randomUUID();
  const agencyName = scope.agencyName;
  const startedAt = nowIso();
  const chunks = chunksOf(candidates, CHUNK_ROWS);
  const chunkExpiry = epochSeconds(Date.now() + CHUNK_TTL_DAYS * 86_400_000);
  await runPool(
    chunks.map((chunk, index) => ({ chunk, index })),
    8,
    async ({ chunk, index }) => {
      await longlistImportChunkEntity.put({ agencyName, importId, index, candidates: chunk, expires_at_epoch: chunkExpiry }).go({ response: 'none' });
    },
  );
  const owner = `start:${importId}`;
  await longlistImportEntity
    .create({
      agencyName,
      importId,
      campaignId: campaign.campaignId,
      campaignName: campaign.campaignName,
      sourceSheetId: input.source_sheet_id,
      tab,
      startedBy: scope.email,
      status: 'running',
      totalRows: candidates.length,
      chunkCount: chunks.length,
      nextChunk: 0,
      processedRows: 0,
      imported: 0,
      skipped: skipped.length,
      duplicates: duplicates.length,
      skippedNotes: skipped.slice(0, IMPORT_NOTES_MAX),
      duplicateNotes: duplicates.slice(0, IMPORT_NOTES_MAX),
      leaseOwner: owner,
      // A long import waits, lease free, for the worker the status route or the monitor starts.
      leaseUntil: candidates.length <= INLINE_ROWS ? Date.now() + IMPORT_LEASE_MS : 0,
      startedAt,
      updatedAt: startedAt,
    })
    .go({ response: 'none' });
  await runningImportEntity.put({ agencyName, importId, startedAt }).go({ response: 'none' });
  // The import as a person started it (its contacts are counted on the import's own record).
  await recordAudit(scope, {
    kind: 'contacts.import',
    campaignId: campaign.campaignId,
    target: tab,
    changes: [
      { field: 'rows', before: null, after: candidates.length },
      { field: 'skipped', before: null, after: skipped.length },
      { field: 'duplicates', before: null, after: duplicates.length },
    ],
  });
  await countRunningImport(agencyName, 1);

  if (candidates.length <= INLINE_ROWS) {
    try {
      await runImport({ agencyName, importId, owner });
    } catch (error) {
      // What is left goes on in the background (the answer says it is still running).
      logger.warn('longlist import: finishing in the background', { importId, error: errorMessage(error) });
      await releaseLease(agencyName, importId, owner).catch(() => undefined);
    }
  }
  return importView((await getImport(agencyName, importId))!);
};

type DuplicateNote = Duplicate;
type ChunkOutcome = { imported: ContactItem[]; duplicates: DuplicateNote[] };

/**
 * One chunk's contacts. Those already in the campaign before the import started are duplicates;
 * those created since (by this chunk now, or by this chunk before a crash) are imported.
 */
const importChunkContacts = async (item: LonglistImportItem, candidates: Candidate[]): Promise<ChunkOutcome> => {
  const { agencyName, campaignId } = item;
  const keys = candidates.map((candidate) => ({ agencyName, campaignId, email: candidate.email }));
  const { data: found, unprocessed } = await contactEntity.get(keys).go({ consistent: true });
  if (unprocessed.length) throw new Transient(`${unprocessed.length} contacts could not be read; try again`);
  const existing = new Map((found as ContactItem[]).map((contact) => [contact.email, contact]));
  const imported: ContactItem[] = [];
  const duplicates: DuplicateNote[] = [];
  const classify = (candidate: Candidate, contact: ContactItem) => {
    if (contact.createdAt >= item.startedAt) imported.push(contact);
    else duplicates.push({ row: candidate.row, email: candidate.email, reason: `Already a contact in campaign "${campaignId}"` });
  };
  const fresh: Candidate[] = [];
  for (const candidate of candidates) {
    const contact = existing.get(candidate.email);
    if (contact) classify(candidate, contact);
    else fresh.push(candidate);
  }
  const now = nowIso();
  await runPool(fresh, WRITE_CONCURRENCY, async (candidate) => {
    const contact = await createContact(
      agencyName,
      { campaignId, email: candidate.email, talentName: candidate.talentName, emailOwner: candidate.manager, handle: candidate.handle, source: 'import' },
      now,
    );
    if (contact) {
      imported.push(contact);
      return;
    }
    // Added by someone else a moment ago.
    const { data } = await contactEntity.get({ agencyName, campaignId, email: candidate.email }).go({ consistent: true });
    if (data) classify(candidate, data as ContactItem);
  });
  // Every contact this chunk stored, new or found after a crash, gets its board row (idempotent).
  await projectNewBoardRows(agencyName, campaignId, imported);
  return { imported, duplicates };
};

/** The chunk's contacts in the campaign's influencer list: rows it lacks appended, nothing twice. False when the list refused for good. */
const listContacts = async (campaign: { agencyName: string; influencerListSheetId?: string }, contacts: ContactItem[]): Promise<boolean> => {
  if (contacts.length === 0) return true;
  if (!campaign.influencerListSheetId) return false;
  try {
    const drive = await agencyDrive(campaign.agencyName);
    await syncInfluencerList(drive.sheets, campaign.influencerListSheetId, contacts);
    return true;
  } catch (error) {
    // Gone or not ours any more: the contacts are stored, the list says nothing of them. Anything else is retried.
    if (error instanceof GooglePermissionDenied || error instanceof GoogleNotFound) {
      logger.warn('longlist import: influencer list not updated', { agency: campaign.agencyName, error: errorMessage(error) });
      return false;
    }
    throw error;
  }
};

const finish = async (item: LonglistImportItem, outcome: { status: 'succeeded' | 'failed'; error?: string }): Promise<void> => {
  const { agencyName, importId } = item;
  const endedAt = nowIso();
  try {
    await longlistImportEntity
      .patch({ agencyName, importId })
      .set({
        status: outcome.status,
        endedAt,
        updatedAt: endedAt,
        leaseUntil: 0,
        expires_at_epoch: epochSeconds(Date.now() + KEEP_FINISHED_DAYS * 86_400_000),
        ...(outcome.error ? { error: outcome.error.slice(0, 1_000) } : {}),
      })
      .where((attr, op) => op.eq(attr.status, 'running'))
      .go({ response: 'none' });
    await countRunningImport(agencyName, -1);
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
  await runningImportEntity.delete({ agencyName, importId }).go({ response: 'none' });
  const chunkKeys = Array.from({ length: item.chunkCount }, (_, index) => ({ agencyName, importId, index }));
  await longlistImportChunkEntity
    .delete(chunkKeys)
    .go()
    .catch((error: unknown) => logger.warn('longlist import: chunks not deleted (they expire)', { importId, error: errorMessage(error) }));
};

/**
 * Runs (or resumes) an import from its checkpoint, chunk by chunk, while it holds the lease.
 * Hands over to a fresh invocation when this one's time runs low. An invocation that fails is
 * counted; past MAX_FAILURES the import ends failed, with what it did kept.
 */
export const runImport = async (
  input: ImportTaskInput,
  options: { remainingMs?: () => number; handOver?: (input: ImportTaskInput) => Promise<void> } = {},
): Promise<{ status: 'done' | 'busy' | 'handed-over' | 'lost' }> => {
  const { remainingMs, handOver } = options;
  const { agencyName, importId } = input;
  const owner = input.owner ?? `worker:${randomUUID()}`;
  let item = await takeLease(agencyName, importId, owner);
  if (!item) return { status: 'busy' };
  try {
    const { data: campaign } = await campaignEntity.get({ agencyName, campaignId: item.campaignId }).go();
    if (!campaign || campaign.status === 'deleting') {
      await finish(item, { status: 'failed', error: messages.contacts.importProgress.campaignGone });
      return { status: 'done' };
    }
    let registered = false;
    while (item.nextChunk < item.chunkCount) {
      if (remainingMs && remainingMs() < RESERVE_MS) {
        // Out of time: a fresh invocation goes on from the checkpoint (or, without one, the next poll or tick).
        await releaseLease(agencyName, importId, owner);
        await handOver?.({ agencyName, importId });
        return { status: 'handed-over' };
      }
      const k = item.nextChunk;
      // Each step starts with a fresh lease, so no other worker can take over while it runs: the
      // influencer list in particular is read and appended to by one worker at a time.
      if (!(await takeLease(agencyName, importId, owner))) return { status: 'lost' };
      const { data: chunk } = await longlistImportChunkEntity.get({ agencyName, importId, index: k }).go({ consistent: true });
      if (!chunk) throw new Error(`Chunk ${k} of import ${importId} is missing`);
      const candidates = chunk.candidates;
      const outcome = await importChunkContacts(item, candidates);
      if (outcome.imported.length) {
        if (!registered) {
          // Tracked contacts make the agency worth monitoring (idempotent; the monitor's registry).
          await ensureRegistered(agencyName).catch((error: unknown) => logger.warn('monitor registration failed', { error: errorMessage(error) }));
          registered = true;
        }
        // The outreach tracker lists every contact: the next job brings it up to date.
        await trackerBehind(agencyName, [item.campaignId]);
      }
      if (!(await takeLease(agencyName, importId, owner))) return { status: 'lost' };
      const listed = await listContacts(campaign, outcome.imported);
      const duplicateNotes = [...(item.duplicateNotes ?? []), ...outcome.duplicates].slice(0, IMPORT_NOTES_MAX);
      try {
        const { data } = await longlistImportEntity
          .patch({ agencyName, importId })
          .set({
            nextChunk: k + 1,
            duplicateNotes,
            ...(listed ? {} : { sheetUpdated: false }),
            leaseUntil: Date.now() + IMPORT_LEASE_MS,
            updatedAt: nowIso(),
          })
          .add({ processedRows: candidates.length, imported: outcome.imported.length, duplicates: outcome.duplicates.length })
          .where((attr, op) => `${op.eq(attr.nextChunk, k)} AND ${op.eq(attr.leaseOwner, owner)} AND ${op.eq(attr.status, 'running')}`)
          .go({ response: 'all_new' });
        item = data as LonglistImportItem;
      } catch (error) {
        // Another worker took over (this one's lease had run out): it goes on from its checkpoint.
        if (isConditionalFailure(error)) return { status: 'lost' };
        throw error;
      }
    }
    await finish(item, { status: 'succeeded' });
    return { status: 'done' };
  } catch (error) {
    const reason = errorMessage(error);
    logger.warn('longlist import: invocation failed', { agency: agencyName, importId, error: reason });
    const failed = await recordFailure(agencyName, importId, owner, reason).catch(() => undefined);
    if (failed && (failed.failures ?? 0) >= MAX_FAILURES) {
      await finish(failed, { status: 'failed', error: messages.contacts.importProgress.stopped(reason.slice(0, 300)) });
      return { status: 'done' };
    }
    throw error;
  }
};

const recordFailure = async (agencyName: string, importId: string, owner: string, reason: string): Promise<LonglistImportItem | undefined> => {
  try {
    const { data } = await longlistImportEntity
      .patch({ agencyName, importId })
      .set({ lastError: reason.slice(0, 1_000), leaseUntil: 0, updatedAt: nowIso() })
      .add({ failures: 1 })
      .where((attr, op) => op.eq(attr.leaseOwner, owner))
      .go({ response: 'all_new' });
    return data as LonglistImportItem;
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
};

