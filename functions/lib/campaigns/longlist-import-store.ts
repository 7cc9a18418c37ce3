import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages';
import { IMPORT_NOTES_MAX, type LonglistImportResponse } from '../../../shared/schemas/longlist-import';
import { dispatchAsync } from '../async/dispatch';
import { NotFound } from '../http/errors';
import { isConditionalFailure } from '../store/conditional-write';
import { logger, errorMessage } from '../logger';
import type { AgencyScope } from '../session/resolve';
import { longlistImportEntity, runningImportEntity, type LonglistImportItem } from '../store/entities/longlist-import';
import { nowIso } from '../store/keys';

/**
 * The light half of the longlist import (no Google, no contact writes): its item's lease, the
 * answer both import routes give, and the resume of an import whose worker is gone. The import
 * status route and the monitor tick use only this; functions/lib/campaigns/import-longlist.ts
 * does the import itself.
 *
 * A worker holds the import's lease (`leaseOwner` until `leaseUntil`) and renews it before every
 * step; an import still running with its lease run out has lost its worker (kill -9, a lost
 * invocation, an import the route left for a worker to pick up) and is handed to a new one, by
 * the status route (the import screen polls it every second) or by the monitor's tick.
 */

/** How long a worker's lease lasts (renewed before every step): a step takes well under it. */
export const IMPORT_LEASE_MS = 30_000;

export type ImportTaskInput = { agencyName: string; importId: string; owner?: string };

/** What both import routes answer: counts for every row, notes for a bounded number of them. */
export const importView = (item: LonglistImportItem): LonglistImportResponse => {
  const total = item.totalRows;
  const processed = Math.min(item.processedRows ?? 0, total);
  const done = item.status !== 'running';
  const campaign = item.campaignName || item.campaignId;
  const percent = total === 0 ? (done ? 100 : 0) : Math.min(100, Math.floor((processed / total) * 100));
  const failure = item.error ?? messages.contacts.importFailed;
  return {
    success: true,
    import_id: item.importId,
    status: item.status,
    campaign_id: item.campaignId,
    tab: item.tab,
    total_rows: total,
    processed_rows: processed,
    percent: item.status === 'succeeded' ? 100 : percent,
    imported: item.imported ?? 0,
    skipped: item.skipped ?? 0,
    duplicates: item.duplicates ?? 0,
    sheet_updated: item.sheetUpdated !== false,
    message:
      item.status === 'running'
        ? messages.contacts.importProgress.running(processed, total, campaign)
        : item.status === 'failed'
          ? failure
          : messages.contacts.importProgress.done(item.imported ?? 0, item.skipped ?? 0, item.duplicates ?? 0, campaign),
    error: item.status === 'failed' ? failure : null,
    details: {
      skipped: (item.skippedNotes ?? []).slice(0, IMPORT_NOTES_MAX).sort((a, b) => a.row - b.row),
      duplicates: (item.duplicateNotes ?? []).slice(0, IMPORT_NOTES_MAX).sort((a, b) => a.row - b.row),
    },
  };
};

export const getImport = async (agencyName: string, importId: string): Promise<LonglistImportItem | undefined> =>
  (await longlistImportEntity.get({ agencyName, importId }).go({ consistent: true })).data ?? undefined;

/**
 * The lease: taken when it ran out or is already the caller's (`owner`), renewed the same way.
 * Returns the item as it stands, or undefined when another worker holds it or the import ended.
 */
export const takeLease = async (agencyName: string, importId: string, owner: string, now = Date.now()): Promise<LonglistImportItem | undefined> => {
  try {
    const { data } = await longlistImportEntity
      .patch({ agencyName, importId })
      .set({ leaseOwner: owner, leaseUntil: now + IMPORT_LEASE_MS, updatedAt: nowIso() })
      .where((attr, op) => `${op.eq(attr.status, 'running')} AND (${op.lt(attr.leaseUntil, now)} OR ${op.eq(attr.leaseOwner, owner)})`)
      .go({ response: 'all_new' });
    return data as LonglistImportItem;
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
};

/** Lets the lease go (if it is still the owner's): the next poll or tick hands the import to a worker. */
export const releaseLease = async (agencyName: string, importId: string, owner: string): Promise<void> => {
  try {
    await longlistImportEntity
      .patch({ agencyName, importId })
      .set({ leaseUntil: 0 })
      .where((attr, op) => op.eq(attr.leaseOwner, owner))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};

/**
 * An import whose worker is gone (it still runs, its lease ran out) is handed to a new worker: the
 * claim is a lease of its own, so two pollers never start two workers.
 */
export const resumeIfStalled = async (item: LonglistImportItem, now = Date.now()): Promise<boolean> => {
  if (item.status !== 'running' || (item.leaseUntil ?? 0) >= now) return false;
  const claim = `resume:${randomUUID()}`;
  if (!(await takeLease(item.agencyName, item.importId, claim, now))) return false;
  logger.info('longlist import: handing to a worker', { agency: item.agencyName, importId: item.importId, fromChunk: item.nextChunk });
  const task: ImportTaskInput = { agencyName: item.agencyName, importId: item.importId, owner: claim };
  await dispatchAsync('LonglistImport', task);
  return true;
};

/** GET /api/campaigns/import-longlist/{import_id}: progress or result; an import without a live worker gets one on the way. */
export const longlistImportStatus = async (scope: AgencyScope, importId: string): Promise<LonglistImportResponse> => {
  const item = await getImport(scope.agencyName, importId);
  if (!item) throw new NotFound('Import not found');
  const resumed = await resumeIfStalled(item).catch((error: unknown) => {
    logger.warn('longlist import: not handed to a worker', { importId, error: errorMessage(error) });
    return false;
  });
  return importView(resumed ? ((await getImport(scope.agencyName, importId)) ?? item) : item);
};

/** The monitor tick's share: every running import without a live worker is resumed (one Query of the running partition). */
export const resumeStalledImports = async (now = Date.now()): Promise<number> => {
  const { data } = await runningImportEntity.query.running({}).go({ pages: 'all' });
  let resumed = 0;
  for (const entry of data.slice(0, 200)) {
    try {
      const item = await getImport(entry.agencyName, entry.importId);
      if (!item || item.status !== 'running') {
        await runningImportEntity.delete({ agencyName: entry.agencyName, importId: entry.importId }).go({ response: 'none' });
        continue;
      }
      if (await resumeIfStalled(item, now)) resumed += 1;
    } catch (error) {
      logger.warn('longlist import: resume failed', { importId: entry.importId, error: errorMessage(error) });
    }
  }
  return resumed;
};
