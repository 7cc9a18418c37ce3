/**
 * The single table's shape, read by CDK (TableV2) and by the local runtime (dynalite CreateTable),
 * so both create the same keys and indexes. Each GSI is named after the access pattern it serves.
 */
export type IndexDef = { name: string; pk: string; sk: string };

export const TABLE_KEYS = { pk: 'pk', sk: 'sk' } as const;

export const TABLE_INDEXES = {
  /** memberships and invitations of one e-mail across agencies (list-mine, invitations/mine) */
  byUser: { name: 'byUser', pk: 'gsi1pk', sk: 'gsi1sk' },
  /** contacts and threads of one campaign inside an agency */
  byCampaign: { name: 'byCampaign', pk: 'gsi2pk', sk: 'gsi2sk' },
  /** the monitor's registry: agencies ordered by their next due check */
  byDueCheck: { name: 'byDueCheck', pk: 'gsi3pk', sk: 'gsi3sk' },
  /** every campaign of one talent (e-mail) inside an agency: its contacts, later its conversations */
  byTalent: { name: 'byTalent', pk: 'gsi4pk', sk: 'gsi4sk' },
} as const satisfies Record<string, IndexDef>;

/** Items with this attribute (epoch seconds) expire; reads check it too since TTL lags. */
export const TTL_ATTRIBUTE = 'expires_at_epoch';
