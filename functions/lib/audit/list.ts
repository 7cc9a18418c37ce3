import { messages } from '../../../shared/messages';
import { AUDIT_CSV_COLUMNS, AUDIT_EXPORT_MAX_ROWS, auditChange, type AuditEventJson, type AuditFilters, type AuditListQuery } from '../../../shared/schemas/audit';
import { BadRequest } from '../http/errors';
import { requireOwner } from '../identity/roles';
import type { AgencyScope } from '../session/resolve';
import { auditEventEntity, type AuditEventItem } from '../store/entities/audit-event';
import { isExpired } from '../store/expiry';
import { recordAudit } from './record';

/**
 * Reading the audit log (owners only), newest first, a page at a time. A filter picks the index
 * that holds exactly its events (entities/audit-event.ts), so a page reads that partition only;
 * when several filters are given the most selective index is read and the others narrow it.
 */
type Page = { events: AuditEventJson[]; next_cursor: string | null };
type Position = { at: string; id: string };

/** The page cursor: where the last page stopped (its last event's time and id), opaque to the client. */
const encodeCursor = ({ at, id }: Position): string => Buffer.from(JSON.stringify([at, id])).toString('base64url');

const invalidCursor = () => new BadRequest('Invalid cursor', { tip: 'Start again from the first page.' });

const decodeCursor = (cursor: string): Position => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    // Only a time and an id: the partition always comes from the caller's scope, so a cursor cannot reach another agency's log.
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(parsed[0]) && typeof parsed[1] === 'string' && /^[a-f0-9]{1,32}$/.test(parsed[1])) {
      return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the refusal
  }
  throw invalidCursor();
};

/** The query for the filters: the talent's, the campaign's, the person's or the kind's partition, else the whole log. */
const queryFor = (agencyName: string, filters: AuditFilters) => {
  const { query } = auditEventEntity;
  if (filters.contact_email) return query.byTalent({ agencyName, contactEmail: filters.contact_email });
  if (filters.campaign_id) return query.byCampaign({ agencyName, campaignId: filters.campaign_id });
  if (filters.person) return query.byActor({ agencyName, actor: filters.person });
  if (filters.kind) return query.byKind({ agencyName, kind: filters.kind });
  return query.byAgency({ agencyName });
};

/** Reads up to `count` events older than `after` (from the newest without it), with the filters the index did not apply. */
const readEvents = async (agencyName: string, filters: AuditFilters, count: number, after?: Position): Promise<{ items: AuditEventItem[]; more: boolean }> => {
  const query = queryFor(agencyName, filters);
  const ranged = after ? query.lt(after) : query;
  const { data } = await ranged
    .where((attr, op) =>
      [
        filters.campaign_id ? op.eq(attr.campaignId, filters.campaign_id) : '',
        filters.person ? op.eq(attr.actor, filters.person) : '',
        filters.kind ? op.eq(attr.kind, filters.kind) : '',
        filters.contact_email ? op.eq(attr.contactEmail, filters.contact_email) : '',
      ]
        .filter(Boolean)
        .join(' AND '),
    )
    // One more than asked: whether another page exists, without a cursor that leads to an empty page.
    .go({ order: 'desc', count: count + 1, limit: Math.min(count + 1, 200) });
  const live = data.filter((item) => !isExpired(item.expiresAt));
  return { items: live.slice(0, count), more: data.length > count };
};

const toJson = (item: AuditEventItem): AuditEventJson => ({
  id: item.id,
  at: item.at,
  actor: item.actor,
  kind: item.kind,
  campaign_id: item.campaignId || null,
  contact_email: item.contactEmail || null,
  target: item.target ?? null,
  changes: auditChange.array().catch([]).parse(JSON.parse(item.changes ?? '[]')),
});

export const listAuditEvents = async (scope: AgencyScope, query: AuditListQuery): Promise<Page> => {
  requireOwner(scope, messages.roles.ownerOnly.auditLog);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const { items, more } = await readEvents(scope.agencyName, query, query.limit, after);
  const last = items[items.length - 1];
  return { events: items.map(toJson), next_cursor: more && last ? encodeCursor(last) : null };
};

/** Every event the filters match, newest first, up to AUDIT_EXPORT_MAX_ROWS (read a page at a time). */
const allEvents = async (agencyName: string, filters: AuditFilters): Promise<AuditEventJson[]> => {
  const events: AuditEventJson[] = [];
  let after: Position | undefined;
  for (;;) {
    const { items, more } = await readEvents(agencyName, filters, Math.min(500, AUDIT_EXPORT_MAX_ROWS - events.length), after);
    events.push(...items.map(toJson));
    const last = items[items.length - 1];
    if (!more || !last || events.length >= AUDIT_EXPORT_MAX_ROWS) return events;
    after = last;
  }
};

/** The export as CSV text; the export itself is recorded, with the filters it was made with. */
export const exportAuditCsv = async (scope: AgencyScope, filters: AuditFilters): Promise<string> => {
  requireOwner(scope, messages.roles.ownerOnly.auditLog);
  const events = await allEvents(scope.agencyName, filters);
  const named = Object.entries(filters).filter(([, value]) => value !== undefined);
  await recordAudit(scope, {
    kind: 'audit.export',
    campaignId: filters.campaign_id,
    contactEmail: filters.contact_email,
    target: named.length ? named.map(([name, value]) => `${name}=${String(value)}`).join(' ') : 'all activity',
    changes: [{ field: 'rows', before: null, after: events.length }],
  });
  return auditCsv(events);
};

const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * One CSV cell, always quoted (RFC 4180). Text from people (names, campaign ids) that a
 * spreadsheet would run as a formula gets a leading apostrophe.
 */
const cell = (value: string): string => `"${(FORMULA_START.test(value) ? `'${value}` : value).replaceAll('"', '""')}"`;

const shown = (value: AuditEventJson['changes'][number]['before']): string => (value === null ? '—' : Array.isArray(value) ? value.join(', ') : String(value));

/** The export's CSV: a header row (AUDIT_CSV_COLUMNS), one row per event, CRLF line ends. */
const auditCsv = (events: readonly AuditEventJson[]): string =>
  [
    AUDIT_CSV_COLUMNS.map(cell).join(','),
    ...events.map((event) =>
      [
        event.at,
        event.actor,
        event.kind,
        event.campaign_id ?? '',
        event.contact_email ?? '',
        event.target ?? '',
        event.changes.map((change) => `${change.field}: ${shown(change.before)} → ${shown(change.after)}`).join('; '),
      ]
        .map(cell)
        .join(','),
    ),
  ].join('\r\n') + '\r\n';
