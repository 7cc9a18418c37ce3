/**
 * The partitions every tenant's and person's items live in, named once: the ElectroDB templates
 * the entities key by (a template names the attribute it is built from, `${agencyName}`), and
 * `keys`, the same keys for the few raw DynamoDB commands. No handler builds a key or trusts an
 * agency id from input: the agency comes from the scope.
 */
const AGENCY_PREFIX = 'AGENCY#';
const USER_PREFIX = 'USER#';
const SESSION_PREFIX = 'SESSION#';

/** `AGENCY#${agencyName}`: an agency's partition (its GSI partitions add to it, e.g. `#CAMPAIGN#${campaignId}`). */
export const AGENCY_TEMPLATE = `${AGENCY_PREFIX}\${agencyName}`;
/** The agency item itself is keyed by its `name` (the slug, the tenant id). */
export const AGENCY_NAME_TEMPLATE = `${AGENCY_PREFIX}\${name}`;
/** `USER#${email}`: one person's partition (their profile, Google grant, memberships by user, visits). */
export const USER_TEMPLATE = `${USER_PREFIX}\${email}`;
/** `SESSION#${tokenHash}`: one session (only the token's hash is stored). */
export const SESSION_TEMPLATE = `${SESSION_PREFIX}\${tokenHash}`;

/**
 * The table's partition key of every item an agency owns (each entity's `byAgency` index). Frozen:
 * every entity shares this one object, so nothing may change it for the others.
 */
export const AGENCY_PARTITION = Object.freeze({ field: 'pk', composite: Object.freeze(['agencyName'] as const), template: AGENCY_TEMPLATE, casing: 'none' } as const);

export const keys = {
  agency: (agencyName: string) => `${AGENCY_PREFIX}${agencyName}`,
} as const;

export const nowIso = (): string => new Date().toISOString();
export const epochSeconds = (iso: string | number | Date): number => Math.floor(new Date(iso).getTime() / 1000);
