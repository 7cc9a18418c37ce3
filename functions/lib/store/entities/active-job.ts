import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

/**
 * The agency's single-flight lock, `AGENCY#a / ACTIVE_JOB`: taken with one conditional put
 * (absent, or its lease ran out), released with a delete conditional on the job id. The
 * lease is renewed by the running job's tasks, so a lock whose release was lost frees itself.
 */
export const activeJobEntity = new Entity(
  {
    model: { entity: 'activeJob', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      jobId: { type: 'string', required: true },
      operationLabel: { type: 'string', required: true },
      startedAt: { type: 'string', required: true },
      /** lease end, epoch ms */
      leaseUntil: { type: 'number', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: [], template: 'ACTIVE_JOB', casing: 'none' },
      },
    },
  },
  storeConfig,
);

/** `AGENCY#a / LAST_JOB`: the job that just ended, so the status bar can show its end briefly. */
export const lastJobEntity = new Entity(
  {
    model: { entity: 'lastJob', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      jobId: { type: 'string', required: true },
      endedAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: [], template: 'LAST_JOB', casing: 'none' },
      },
    },
  },
  storeConfig,
);
