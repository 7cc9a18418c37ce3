import { Entity, type EntityItem } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

export const IMPORT_STATUSES = ['running', 'succeeded', 'failed'] as const;

/**
 * One longlist import, `AGENCY#a / LONGLIST_IMPORT#id`: what the import status route reads, and
 * the checkpoint a resumed import starts from. Its rows wait in chunk items (below); `nextChunk`
 * moves by one conditional update per finished chunk, together with that chunk's counts, so a
 * chunk is counted once however often it is re-run. A worker holds `leaseOwner` until
 * `leaseUntil`; a worker that died (kill -9, a lost invocation) is replaced once its lease ran out.
 * Notes (rows skipped or found duplicate, with their reason) are kept up to a bound: the counts go
 * on past it, so the item and every response stay small whatever the sheet holds.
 */
export const longlistImportEntity = new Entity(
  {
    model: { entity: 'longlistImport', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      importId: { type: 'string', required: true },
      campaignId: { type: 'string', required: true },
      campaignName: { type: 'string', default: '' },
      sourceSheetId: { type: 'string', required: true },
      tab: { type: 'string', required: true },
      startedBy: { type: 'string', required: true },
      status: { type: IMPORT_STATUSES, required: true },
      /** candidate rows (valid, not repeated in the sheet): what progress counts */
      totalRows: { type: 'number', required: true },
      chunkCount: { type: 'number', required: true },
      nextChunk: { type: 'number', required: true, default: 0 },
      processedRows: { type: 'number', default: 0 },
      imported: { type: 'number', default: 0 },
      skipped: { type: 'number', default: 0 },
      duplicates: { type: 'number', default: 0 },
      /** skipped rows with their reason (campaigns/longlist.ts Skipped), bounded */
      skippedNotes: {
        type: 'list',
        items: { type: 'map', properties: { row: { type: 'number', required: true }, reason: { type: 'string', required: true } } },
      },
      /** duplicate rows with their reason (campaigns/longlist.ts Duplicate), bounded */
      duplicateNotes: {
        type: 'list',
        items: {
          type: 'map',
          properties: { row: { type: 'number', required: true }, email: { type: 'string', required: true }, reason: { type: 'string', required: true } },
        },
      },
      /** false once a write to the influencer list was refused for good (the contacts are stored either way) */
      sheetUpdated: { type: 'boolean', default: true },
      leaseOwner: { type: 'string' },
      /** epoch ms */
      leaseUntil: { type: 'number', default: 0 },
      /** invocations that ended in an error; the import fails past a bound instead of retrying forever */
      failures: { type: 'number', default: 0 },
      lastError: { type: 'string' },
      error: { type: 'string' },
      startedAt: { type: 'string', required: true },
      updatedAt: { type: 'string', required: true },
      endedAt: { type: 'string' },
      expires_at_epoch: { type: 'number' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['importId'], template: 'LONGLIST_IMPORT#${importId}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

export type LonglistImportItem = EntityItem<typeof longlistImportEntity>;

/** One chunk of an import's candidate rows, `AGENCY#a / LONGLIST_IMPORT#id#CHUNK#n` (a few hundred rows, well under the item limit). */
export const longlistImportChunkEntity = new Entity(
  {
    model: { entity: 'longlistImportChunk', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      importId: { type: 'string', required: true },
      index: { type: 'number', required: true },
      /** the chunk's rows (campaigns/longlist.ts Candidate); manager and handle are '' when the sheet has none */
      candidates: {
        type: 'list',
        required: true,
        items: {
          type: 'map',
          properties: {
            row: { type: 'number', required: true },
            email: { type: 'string', required: true },
            talentName: { type: 'string', required: true },
            manager: { type: 'string', required: true },
            handle: { type: 'string', required: true },
          },
        },
      },
      expires_at_epoch: { type: 'number' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['importId', 'index'], template: 'LONGLIST_IMPORT#${importId}#CHUNK#${index}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

/**
 * The imports still running, across agencies, `LONGLIST_IMPORTS / RUNNING#agency#id`: the monitor
 * tick reads this one partition (a Query, never a Scan) to resume an import whose worker died.
 * Written when an import starts, deleted when it ends.
 */
export const runningImportEntity = new Entity(
  {
    model: { entity: 'runningImport', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      importId: { type: 'string', required: true },
      startedAt: { type: 'string', required: true },
    },
    indexes: {
      running: {
        pk: { field: 'pk', composite: [], template: 'LONGLIST_IMPORTS', casing: 'none' },
        sk: { field: 'sk', composite: ['agencyName', 'importId'], template: 'RUNNING#${agencyName}#${importId}', casing: 'none' },
      },
    },
  },
  storeConfig,
);
