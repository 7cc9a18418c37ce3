import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dayStartMs } from '../../../shared/utc-day';
import { dynamoClient, TABLE_NAME } from '../store/client';
import { memberEntity } from '../store/entities/member';
import { mailboxEntity, type MailboxItem } from '../store/entities/mailbox';
import { monitorRegistryEntity, type MonitorRegistryItem } from '../store/entities/monitor-registry';
import { keys } from '../store/keys';

/**
 * What a mailbox's owner agreed the agency may read: nothing unless connected; when connected,
 * only mail from/to `fromAddresses` (when any) and on or after `afterMs` (when set). Every read
 * of a mailbox for an agency goes through one of these.
 */
export type MailboxConsent = { email: string; fromAddresses: string[]; afterMs?: number };

/** A connected mailbox as the monitor reads it: the consent plus its history mark and cached access token. */
export type MailboxReading = MailboxConsent & { historyId?: string; accessTokenSealed?: string; accessTokenExpiresAt?: number; accessTokenScope?: string };

export const consentOf = (item: Pick<MailboxItem, 'email' | 'fromAddresses' | 'after'>): MailboxConsent => ({
  email: item.email,
  fromAddresses: [...(item.fromAddresses ?? [])].map((a) => a.toLowerCase()),
  ...(item.after ? { afterMs: dayStartMs(item.after) } : {}),
});

const activeMembers = async (agencyName: string): Promise<Set<string>> => {
  const { data } = await memberEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['email', 'status'] });
  return new Set(data.filter((m) => m.status === 'active').map((m) => m.email.toLowerCase()));
};

/**
 * The agency's connected mailboxes (owners still active members) with their history marks and
 * cached tokens, and the active members: two Queries, shared by the monitor's whole check.
 */
export const readMailboxReadings = async (agencyName: string): Promise<{ readings: MailboxReading[]; members: string[] }> => {
  const [{ data }, members] = await Promise.all([mailboxEntity.query.byAgency({ agencyName }).go({ pages: 'all' }), activeMembers(agencyName)]);
  return { readings: toReadings(data, members), members: [...members] };
};

/** A connected mailbox as the monitor sees it, with what decides whether its item must be written. */
export type MonitoredMailbox = MailboxReading & { health?: string; healthDetail?: string };

const toReadings = (items: MailboxItem[], members: Set<string>): MonitoredMailbox[] =>
  items
    .filter((item) => item.connected === true && members.has(item.email.toLowerCase()))
    .map((item) => ({
      ...consentOf(item),
      ...(item.historyId ? { historyId: item.historyId } : {}),
      ...(item.health ? { health: item.health } : {}),
      ...(item.healthDetail ? { healthDetail: item.healthDetail } : {}),
      ...(item.accessTokenSealed && item.accessTokenExpiresAt ? { accessTokenSealed: item.accessTokenSealed, accessTokenExpiresAt: item.accessTokenExpiresAt } : {}),
      ...(item.accessTokenScope ? { accessTokenScope: item.accessTokenScope } : {}),
    }))
    .sort((a, b) => a.email.localeCompare(b.email));

/**
 * Everything a monitor check reads, in one Query of the agency's partition: the sort keys
 * `MAILBOX#…`, `MEMBER#…` and `MONITOR` are next to each other (nothing else sorts between
 * `MAILBOX#` and `MONITOR`), so one strongly consistent range read returns the mailboxes, the
 * members and the registry item (contacts version, sheets-behind versions, monitoring config).
 */
export const readMonitorView = async (
  agencyName: string,
): Promise<{ readings: MonitoredMailbox[]; members: string[]; registry: MonitorRegistryItem | undefined }> => {
  const mailboxes: Record<string, unknown>[] = [];
  const memberItems: Record<string, unknown>[] = [];
  const registryItems: Record<string, unknown>[] = [];
  let start: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await dynamoClient().send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.agency(agencyName), ':from': 'MAILBOX#', ':to': 'MONITOR' },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      const kind = item.__edb_e__;
      if (kind === 'mailboxState') mailboxes.push(item);
      else if (kind === 'member') memberItems.push(item);
      else if (kind === 'monitorRegistry') registryItems.push(item);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  const members = memberEntity.parse({ Items: memberItems }).data;
  const active = new Set(members.filter((m) => m.status === 'active').map((m) => m.email.toLowerCase()));
  const registry = monitorRegistryEntity.parse({ Items: registryItems }).data[0];
  return { readings: toReadings(mailboxEntity.parse({ Items: mailboxes }).data, active), members: [...active], registry };
};

/** The agency's mailboxes whose owners connected them and are still active members, by e-mail. */
export const readConsents = async (agencyName: string): Promise<MailboxConsent[]> => (await readMailboxReadings(agencyName)).readings.map(({ email, fromAddresses, afterMs }) => ({ email, fromAddresses, ...(afterMs !== undefined ? { afterMs } : {}) }));

/** One mailbox's consent, read fresh: disconnecting (or leaving the agency) stops reading at once. */
export const readConsent = async (agencyName: string, email: string): Promise<MailboxConsent | undefined> => {
  const [{ data: item }, { data: member }] = await Promise.all([
    mailboxEntity.get({ agencyName, email }).go({ consistent: true }),
    memberEntity.get({ agencyName, email }).go({ attributes: ['status'] }),
  ]);
  return item?.connected === true && member?.status === 'active' ? consentOf(item) : undefined;
};

type MessageParties = { internalDate: number; from?: { email: string }; to: { email: string }[]; cc: { email: string }[] };

/** Whether the owner's limits let the agency read this message. */
export const permitsMessage = (consent: MailboxConsent, message: MessageParties): boolean => {
  if (consent.afterMs !== undefined && message.internalDate < consent.afterMs) return false;
  if (consent.fromAddresses.length === 0) return true;
  const parties = [message.from, ...message.to, ...message.cc].map((a) => a?.email.toLowerCase());
  return parties.some((a) => a !== undefined && consent.fromAddresses.includes(a));
};

/** The Gmail search terms that narrow a listing to the owner's limits ('' when there are none). */
export const consentTerms = (consent: MailboxConsent): string => {
  const parts: string[] = [];
  if (consent.fromAddresses.length) parts.push(`{${consent.fromAddresses.map((a) => `from:${a} to:${a} cc:${a}`).join(' ')}}`);
  if (consent.afterMs !== undefined) parts.push(`after:${Math.floor(consent.afterMs / 1000)}`);
  return parts.join(' ');
};
