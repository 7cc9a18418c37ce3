import { Entity, type EntityItem } from 'electrodb';
import { AUDIT_KINDS } from '../../../../shared/schemas/audit';
import { storeConfig } from '../client';
import { AGENCY_PARTITION, AGENCY_TEMPLATE } from '../keys';
import { TTL_ATTRIBUTE } from '../table-definition';

/** Every index of an audit event sorts by this, so each one pages newest first by time alone. */
const AUDIT_SORT = { composite: ['at', 'id'], template: 'AUDIT#${at}#${id}', casing: 'none' } as const;

/**
 * One change a person made, `AGENCY#a / AUDIT#<at>#<id>`, written once and never updated
 * (append-only); it expires by TTL after the agency's retention (`expires_at_epoch`, checked on
 * read too since TTL lags). The one item is found by each filter of Settings → Activity without
 * reading the rest of the log: each GSI holds it under the filter's own partition, sorted by time.
 * - byAgency (table)  every event of the agency;
 * - byActor (gsi1)    `AGENCY#a#AUDIT_ACTOR#email`: one person's changes;
 * - byCampaign (gsi2) `AGENCY#a#CAMPAIGN#c`: one campaign's (its contacts share the partition under `CONTACT#`);
 * - byKind (gsi3)     `AGENCY#a#AUDIT_KIND#kind`: one kind (the monitor's registry uses the index under `MONITOR`);
 * - byTalent (gsi4)   `AGENCY#a#TALENT#email`: one talent's, the timeline's (beside `CONTACT#` and `CONV#`).
 * An event about no campaign or no talent ('' in that attribute) has no key on that index (the
 * index's `condition`): the indexes stay sparse.
 */
export const auditEventEntity = new Entity(
  {
    model: { entity: 'auditEvent', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      at: { type: 'string', required: true, readOnly: true },
      actor: { type: 'string', required: true, readOnly: true },
      kind: { type: AUDIT_KINDS, required: true, readOnly: true },
      /** '' when the change is about no campaign (no talent): the index's condition leaves it off that index */
      campaignId: { type: 'string', required: true, readOnly: true },
      contactEmail: { type: 'string', required: true, readOnly: true },
      target: { type: 'string', readOnly: true },
      /** JSON of [{field, before, after}]: values are scalars or lists of strings, never a secret or a body */
      changes: { type: 'string', default: '[]', readOnly: true },
      /** ISO expiry (the retention the agency had when it was recorded) */
      expiresAt: { type: 'string', required: true, readOnly: true },
      [TTL_ATTRIBUTE]: { type: 'number', required: true, readOnly: true },
    },
    indexes: {
      byAgency: { pk: AGENCY_PARTITION, sk: { field: 'sk', ...AUDIT_SORT } },
      byActor: {
        index: 'byUser',
        pk: { field: 'gsi1pk', composite: ['agencyName', 'actor'], template: `${AGENCY_TEMPLATE}#AUDIT_ACTOR#\${actor}`, casing: 'none' },
        sk: { field: 'gsi1sk', ...AUDIT_SORT },
      },
      byCampaign: {
        index: 'byCampaign',
        condition: (attributes) => attributes.campaignId !== '',
        pk: { field: 'gsi2pk', composite: ['agencyName', 'campaignId'], template: `${AGENCY_TEMPLATE}#CAMPAIGN#\${campaignId}`, casing: 'none' },
        sk: { field: 'gsi2sk', ...AUDIT_SORT },
      },
      byKind: {
        index: 'byDueCheck',
        pk: { field: 'gsi3pk', composite: ['agencyName', 'kind'], template: `${AGENCY_TEMPLATE}#AUDIT_KIND#\${kind}`, casing: 'none' },
        sk: { field: 'gsi3sk', ...AUDIT_SORT },
      },
      byTalent: {
        index: 'byTalent',
        condition: (attributes) => attributes.contactEmail !== '',
        pk: { field: 'gsi4pk', composite: ['agencyName', 'contactEmail'], template: `${AGENCY_TEMPLATE}#TALENT#\${contactEmail}`, casing: 'none' },
        sk: { field: 'gsi4sk', ...AUDIT_SORT },
      },
    },
  },
  storeConfig,
);

export type AuditEventItem = EntityItem<typeof auditEventEntity>;

/**
 * The agency's audit settings, `AGENCY#a / AUDIT_SETTINGS`: how long events are kept. Apart from
 * the processing settings' item so a settings reset or a profile never shortens what the owners
 * chose to keep, and so the recorder reads one small item.
 */
export const auditSettingsEntity = new Entity(
  {
    model: { entity: 'auditSettings', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      retentionDays: { type: 'number', required: true },
      updatedAt: { type: 'string', required: true },
      updatedBy: { type: 'string', required: true },
    },
    indexes: {
      byAgency: { pk: AGENCY_PARTITION, sk: { field: 'sk', composite: [], template: 'AUDIT_SETTINGS', casing: 'none' } },
    },
  },
  storeConfig,
);
