import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

export const JOB_KINDS = ['interval', 'email', 'campaign', 'thread', 'monitor', 'sheets'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;
/** The spec's phases (section 4); 'fetching' also covers the per-thread work, which fetches each thread. */
export const JOB_PHASES = ['starting', 'initializing', 'fetching', 'syncing_sheets', 'finalizing', 'cancelling', 'completed', 'failed', 'cancelled'] as const;
export type JobPhase = (typeof JOB_PHASES)[number];

/**
 * A processing job, `AGENCY#a / JOB#id`: what GET /api/v3/status reads. Progress counters only
 * ever move by ADD; a per-thread marker item (jobThreadDoneEntity, conditional put first) makes
 * that ADD happen once per thread, so a retried batch never counts a thread twice and the job
 * item does not grow with the number of threads. `countedRefs` is no longer written (jobs
 * started before the markers still parse).
 */
export const jobEntity = new Entity(
  {
    model: { entity: 'job', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      jobId: { type: 'string', required: true },
      kind: { type: JOB_KINDS, required: true },
      /**
       * the job's scope as requested: processing/labels.ts JobScope, a union by `kind`. A map has
       * one set of properties, so every member's fields are listed here, each optional;
       * jobScopeOf (labels.ts) reads it back as the member its kind names.
       */
      scope: {
        type: 'map',
        required: true,
        properties: {
          kind: { type: JOB_KINDS, required: true },
          start_date: { type: 'string' },
          end_date: { type: 'string' },
          email: { type: 'string' },
          campaign_id: { type: 'string' },
          thread_id: { type: 'string' },
          mailbox: { type: 'string' },
          all: { type: 'boolean' },
        },
      },
      operationLabel: { type: 'string', required: true },
      startedBy: { type: 'string' },
      status: { type: JOB_STATUSES, required: true },
      phase: { type: JOB_PHASES, required: true },
      /** every phase the job has entered: a phase shorter than the status bar's poll is still shown as passed */
      phasesPassed: { type: 'set', items: JOB_PHASES },
      threadsTotal: { type: 'number', default: 0 },
      threadsCompleted: { type: 'number', default: 0 },
      messagesSummarised: { type: 'number', default: 0 },
      tokensUsed: { type: 'number', default: 0 },
      countedRefs: { type: 'set', items: 'string' },
      /** campaigns whose threads changed in this job: SyncSheets writes their rows */
      campaignsTouched: { type: 'set', items: 'string' },
      /** campaigns whose outreach tracker this job already wrote (a retried sync skips them) */
      campaignsSynced: { type: 'set', items: 'string' },
      /**
       * campaign_aggregation answers by campaign id, kept so a retried sync does not ask again. Its
       * keys are campaign ids, which a map's fixed properties cannot name (ElectroDB keeps only the
       * properties it knows), so it stays an open DynamoDB map typed as a record of strings.
       */
      aggregations: { type: CustomAttributeType<Record<string, string>>('any') },
      trackerSynced: { type: 'boolean', default: false },
      batchCount: { type: 'number' },
      currentSubject: { type: 'string' },
      currentThreadId: { type: 'string' },
      executionId: { type: 'string' },
      cancelRequested: { type: 'boolean', default: false },
      /** a monitor job stops taking new threads past this (monitoring_config.max_duration_minutes) */
      deadlineAt: { type: 'string' },
      startedAt: { type: 'string', required: true },
      endedAt: { type: 'string' },
      error: { type: 'string' },
      /** what went wrong without failing the job, e.g. a sheet sync that failed (shown with its end) */
      warnings: { type: 'list', items: { type: 'string' } },
      /** mailboxes this job could not read, "email: why" (a set: a retried fetch adds nothing new) */
      skippedMailboxes: { type: 'set', items: 'string' },
      /** threads this job could not process, "subject" could not be processed: why (at most FAILED_THREADS_KEPT) */
      failedThreads: { type: 'set', items: 'string' },
      /** how many threads this job could not process (all of them, also past the kept list) */
      threadsFailed: { type: 'number', default: 0 },
      /** listed threads whose Gmail historyId had not moved since they were read: not fetched again */
      threadsUnchanged: { type: 'number' },
      updatedAt: { type: 'string' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['jobId'], template: 'JOB#${jobId}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

export type JobItem = EntityItem<typeof jobEntity>;

/** historyId: the thread's historyId as threads.list gave it (recorded on the pointer once the thread is processed). */
export type ThreadRef = { mailbox: string; threadId: string; historyId?: string };

/**
 * One Map item's threads, `AGENCY#a / JOB#id#BATCH#n`: the state machine carries only the
 * index (payloads are capped at 256 KB), the refs live here.
 */
export const jobBatchEntity = new Entity(
  {
    model: { entity: 'jobBatch', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      jobId: { type: 'string', required: true },
      index: { type: 'number', required: true },
      refs: {
        type: 'list',
        required: true,
        items: {
          type: 'map',
          properties: { mailbox: { type: 'string', required: true }, threadId: { type: 'string', required: true }, historyId: { type: 'string' } },
        },
      },
      expires_at_epoch: { type: 'number' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['jobId', 'index'], template: 'JOB#${jobId}#BATCH#${index}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

/**
 * One thread counted by a job, `AGENCY#a / JOB#id#DONE#refKey` (TTL): put only if absent, before
 * the job's threadsCompleted ADD, so a retried batch skips it and never counts it twice.
 */
export const jobThreadDoneEntity = new Entity(
  {
    model: { entity: 'jobThreadDone', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      jobId: { type: 'string', required: true },
      refKey: { type: 'string', required: true },
      expires_at_epoch: { type: 'number' },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['jobId', 'refKey'], template: 'JOB#${jobId}#DONE#${refKey}', casing: 'none' },
      },
    },
  },
  storeConfig,
);
