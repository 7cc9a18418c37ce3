import { recordAudit } from '../audit/record';
import type { ConnectMailboxBody, MailboxJson, MailboxesResponse } from '../../../shared/schemas/mailboxes';
import { connectMailboxBody } from '../../../shared/schemas/mailboxes';
import { messages } from '../../../shared/messages';
import { Conflict } from '../http/errors';
import { hasGoogleGrant } from '../identity/google-grants';
import { getProfiles } from '../identity/users';
import type { AgencyScope } from '../session/resolve';
import { mailboxEntity, type MailboxItem } from '../store/entities/mailbox';
import { memberEntity } from '../store/entities/member';
import { nowIso } from '../store/keys';
import { pushStatusOf } from '../push/status';
import { stopWatchIfUnused, watchMailbox } from '../push/watch';
import { monitorCheckedAt, withLastCheck } from './health';
import { removeMailboxData } from './removal';
import { readSettings } from '../settings/store';

type Connect = ReturnType<(typeof connectMailboxBody)['parse']>;

const toJson = (item: MailboxItem, ownerName: string, you: string): MailboxJson => ({
  email: item.email,
  owner_name: ownerName,
  is_you: item.email === you,
  connected_at: item.connectedAt ?? null,
  from_addresses: item.fromAddresses ?? [],
  after: item.after ?? null,
  health: item.health ?? 'connected',
  health_detail: item.healthDetail ?? null,
  last_check_at: item.lastCheckAt ?? null,
  last_success_at: item.lastSuccessAt ?? null,
  push: pushStatusOf(item),
});

/** Every connected mailbox of the agency with its owner, limits and health, and the caller's own state. */
export const listMailboxes = async (scope: AgencyScope): Promise<MailboxesResponse> => {
  const [{ data }, members, googleAccess, checkedAt, settings] = await Promise.all([
    mailboxEntity.query.byAgency({ agencyName: scope.agencyName }).go({ pages: 'all' }),
    memberEntity.query.byAgency({ agencyName: scope.agencyName }).go({ pages: 'all', attributes: ['email', 'status'] }),
    hasGoogleGrant(scope.email),
    monitorCheckedAt(scope.agencyName),
    readSettings(scope),
  ]);
  const active = new Set(members.data.filter((m) => m.status === 'active').map((m) => m.email));
  const connected = data.filter((item) => item.connected === true && active.has(item.email));
  const profiles = await getProfiles(connected.map((item) => item.email));
  return {
    success: true,
    mailboxes: connected.map((item) => toJson(withLastCheck(item, checkedAt), profiles.get(item.email)?.name ?? item.email, scope.email)),
    you: { email: scope.email, connected: connected.some((item) => item.email === scope.email), google_access: googleAccess },
    check_interval_minutes: settings.monitoring_config.check_interval_minutes,
  };
};

/**
 * The caller connects their own mailbox to the current agency (or changes its limits). Idempotent:
 * the same body leaves the same item; the monitor's place (historyId) is kept.
 */
export const connectMailbox = async (scope: AgencyScope, body: Connect): Promise<MailboxJson> => {
  if (!(await hasGoogleGrant(scope.email))) throw new Conflict(messages.mailboxes.noGoogleAccess);
  const now = nowIso();
  const { data: existing } = await mailboxEntity.get({ agencyName: scope.agencyName, email: scope.email }).go({ consistent: true });
  const wasConnected = existing?.connected === true;
  const item = {
    ...(existing ?? {}),
    agencyName: scope.agencyName,
    email: scope.email,
    connected: true,
    connectedAt: wasConnected && existing?.connectedAt ? existing.connectedAt : now,
    fromAddresses: body.from_addresses,
    health: wasConnected && existing?.health ? existing.health : ('connected' as const),
    updatedAt: now,
  } as MailboxItem;
  if (body.after) item.after = body.after;
  else delete item.after;
  delete item.disconnectedAt;
  await mailboxEntity.put(item).go({ response: 'none' });
  await recordAudit(scope, {
    kind: 'mailbox.connect',
    target: scope.email,
    changes: [
      { field: 'connected', before: wasConnected, after: true },
      { field: 'from_addresses', before: wasConnected ? (existing?.fromAddresses ?? []) : null, after: body.from_addresses },
      { field: 'after', before: wasConnected ? (existing?.after ?? null) : null, after: body.after ?? null },
    ],
  });
  // Gmail push (with a topic configured): new mail reaches the agency within seconds. A failed
  // watch is recorded on the mailbox's health; the 2-minute check reads it either way.
  const watched = await watchMailbox(scope.email);
  if (watched) Object.assign(item, { watchExpiresAt: watched.expiresAt, watchError: undefined });
  const profiles = await getProfiles([scope.email]);
  return toJson(item, profiles.get(scope.email)?.name ?? scope.email, scope.email);
};

/** Connecting at agency creation: the creator's choice, checked by default. */
export const connectOwnMailbox = (scope: AgencyScope, body: ConnectMailboxBody = {}) => connectMailbox(scope, connectMailboxBody.parse(body));

/**
 * Stops reading the caller's mailbox for the current agency at once. What was read stays unless
 * `remove_data`: then this mailbox's copies leave the agency's record.
 */
export const disconnectMailbox = async (scope: AgencyScope, options: { remove_data: boolean }): Promise<{ removed_threads: number }> => {
  const { data: existing } = await mailboxEntity.get({ agencyName: scope.agencyName, email: scope.email }).go({ consistent: true });
  if (existing) {
    await mailboxEntity
      .patch({ agencyName: scope.agencyName, email: scope.email })
      .set({ connected: false, disconnectedAt: nowIso(), updatedAt: nowIso() })
      .remove(['historyId'])
      .go({ response: 'none' });
  }
  // The last agency reading this mailbox let go: Gmail stops notifying.
  await stopWatchIfUnused(scope.email);
  const removed = options.remove_data ? await removeMailboxData(scope.agencyName, scope.email) : 0;
  await recordAudit(scope, {
    kind: 'mailbox.disconnect',
    target: scope.email,
    changes: [
      { field: 'connected', before: existing?.connected ?? false, after: false },
      { field: 'removed_threads', before: null, after: options.remove_data ? removed : null },
    ],
  });
  return { removed_threads: removed };
};
