import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { HistoryExpired } from '../google/errors';
import type { GmailClient } from '../google/gmail';
import { Conflict } from '../http/errors';
import { logger, errorMessage } from '../logger';
import { readSettings } from '../settings/store';
import { jobEntity, type ThreadRef } from '../store/entities/job';
import { consentTerms, permitsMessage, readMailboxReadings, type MailboxConsent } from '../mailboxes/consent';
import { accessProblem, recordMailboxCheck } from '../mailboxes/health';
import { threadEntity } from '../store/entities/thread';
import { addressesOf, agencyContacts, buildContactIndex, type ContactIndex } from './agency-context';
import { writeBatches } from './fetch-threads';
import { gmailClients } from './gmail-clients';
import { mailboxTokenCache } from './mailbox-tokens';
import { buildQueries, MAX_QUERY_CHARS } from './gmail-queries';
import { startJob } from './jobs';
import { dueAgencies, readRegistry, recordCheck, scheduleNext } from './monitor-registry';
import type { MonitorRegistryItem } from '../store/entities/monitor-registry';
import { isAgencyProcessing } from './status';

/**
 * The 2-minute monitor. Cheap when nothing happens: per due agency and connected mailbox one
 * `history.list` since the stored historyId (2 quota units), and an execution only when a
 * tracked conversation has new mail.
 *
 * Scale: the coordinator tick reads at most MAX_DUE_PER_TICK due agencies from the byDueCheck
 * index (a Query, oldest due first) and hands them out in chunks of AGENCIES_PER_INVOCATION:
 * on AWS each further chunk is an asynchronous invoke of this same function, so a thousand due
 * agencies are 40 parallel invocations, each well inside the timeout; locally the chunks run in
 * turn. Agencies not reached stay due and come first at the next tick.
 */
export const AGENCIES_PER_INVOCATION = 25;
export const MAX_DUE_PER_TICK = 1_000;
const MAX_NEW_MESSAGES_INSPECTED = 200;

type Collected = { refs: ThreadRef[]; messages: number; historyIds: Map<string, string> };

/**
 * The contact index per agency, kept in the Lambda's memory while the agency's contacts version
 * (bumped on every contact change, on the registry item) and its members stay the same: an idle
 * check reads no contact.
 */
const indexCache = new Map<string, { key: string; index: ContactIndex }>();
const MAX_CACHED_AGENCIES = 200;

const contactIndexFor = async (agencyName: string, version: number | undefined, members: string[]): Promise<ContactIndex> => {
  const key = `${version ?? 'none'}|${[...members].sort().join(',')}`;
  const hit = indexCache.get(agencyName);
  if (hit && hit.key === key) return hit.index;
  const index = buildContactIndex(await agencyContacts(agencyName), members);
  indexCache.delete(agencyName);
  if (indexCache.size >= MAX_CACHED_AGENCIES) indexCache.delete(indexCache.keys().next().value!);
  indexCache.set(agencyName, { key, index });
  return index;
};

/** Tests: forget the cached contact indexes. */
export const resetMonitorCaches = (): void => indexCache.clear();

const isTracked = (index: ContactIndex, addresses: (string | undefined)[]) =>
  addresses.some((a) => a && (index.byTalent.has(a) || index.byManager.has(a)));

/** First check of a mailbox, or its history expired: a query over the last hours_to_check hours. */
const scanRecent = async (gmail: GmailClient, consent: MailboxConsent, addresses: string[], hours: number, now: number, into: Collected) => {
  const mailbox = consent.email;
  const seen = new Set(into.refs.map((r) => `${r.mailbox}#${r.threadId}`));
  const terms = consentTerms(consent);
  const afterMs = Math.max(now - hours * 3600_000, consent.afterMs ?? 0);
  for (const q of buildQueries(addresses, { afterMs }, MAX_QUERY_CHARS - terms.length - 1).map((query) => (terms ? `${query} ${terms}` : query))) {
    const listed = await gmail.listMessageIds(q, { maxPages: 20 });
    into.messages += listed.items.length;
    for (const m of listed.items) {
      if (seen.has(`${mailbox}#${m.threadId}`)) continue;
      seen.add(`${mailbox}#${m.threadId}`);
      into.refs.push({ mailbox, threadId: m.threadId });
    }
  }
};

/** Messages added since the stored historyId that belong to a known thread or involve a tracked address. */
const scanHistory = async (agencyName: string, gmail: GmailClient, consent: MailboxConsent, index: ContactIndex, startHistoryId: string, into: Collected) => {
  const mailbox = consent.email;
  const changes = await gmail.listHistory(startHistoryId);
  if (changes.truncated) throw new HistoryExpired(startHistoryId);
  const relevantThreads = new Set<string>();
  const known = new Map<string, boolean>();
  for (const added of changes.added.slice(0, MAX_NEW_MESSAGES_INSPECTED)) {
    let relevant = known.get(added.threadId);
    if (relevant === undefined) {
      const { data } = await threadEntity().get({ agencyName, mailbox, threadId: added.threadId }).go({ attributes: ['threadId'] });
      relevant = Boolean(data);
      known.set(added.threadId, relevant);
    }
    if (!relevant) {
      const message = await gmail.getMessage(added.id, 'metadata');
      relevant =
        permitsMessage(consent, message) && isTracked(index, [message.from?.email, ...message.to.map((a) => a.email), ...message.cc.map((a) => a.email)]);
    }
    if (relevant) {
      into.messages += 1;
      relevantThreads.add(added.threadId);
    }
  }
  for (const threadId of relevantThreads) if (!into.refs.some((r) => r.mailbox === mailbox && r.threadId === threadId)) into.refs.push({ mailbox, threadId });
  return changes.historyId;
};

export type AgencyCheck = { agencyName: string; result: 'busy' | 'nothing-new' | 'started' | 'skipped'; threads: number; messages: number; jobId?: string };

/** `due`: the registry item as the tick's due Query returned it (the index projects it whole), saving its read. */
export const checkAgency = async (agencyName: string, now = new Date(), due?: MonitorRegistryItem): Promise<AgencyCheck> => {
  const base = { agencyName, threads: 0, messages: 0 };
  // A running job (any kind) keeps the agency due: it is checked again at the next tick.
  if (await isAgencyProcessing(agencyName, now.getTime())) return { ...base, result: 'busy' };
  const settings = await readSettings({ agencyName });
  const config = settings.monitoring_config;
  const registered = due ?? (await readRegistry(agencyName));
  const dueAt = registered?.nextCheckAt ? Date.parse(registered.nextCheckAt) : undefined;
  const nextCheckAt = new Date(scheduleNext(dueAt, now.getTime(), Math.max(1, config.check_interval_minutes) * 60_000));
  const { readings: consents, members } = await readMailboxReadings(agencyName);
  const index = await contactIndexFor(agencyName, registered?.contactsVersion, members);
  const addresses = addressesOf(index.tracked, index);
  if (consents.length === 0 || addresses.length === 0) {
    await recordCheck(agencyName, { at: now, nextCheckAt, threads: 0, messages: 0 });
    return { ...base, result: 'skipped' };
  }
  const collected: Collected = { refs: [], messages: 0, historyIds: new Map() };
  const reset = new Set<string>();
  const tokens = mailboxTokenCache(agencyName, consents);
  const gmailFor = gmailClients(undefined, tokens.options);
  for (const consent of consents) {
    const mailbox = consent.email;
    try {
      const gmail = await gmailFor(mailbox);
      let historyId: string | undefined;
      if (consent.historyId) {
        try {
          historyId = await scanHistory(agencyName, gmail, consent, index, consent.historyId, collected);
        } catch (error) {
          if (!(error instanceof HistoryExpired)) throw error;
          logger.info('gmail history expired; scanning recent mail instead', { mailbox });
          reset.add(mailbox);
        }
      }
      if (!historyId) {
        historyId = (await gmail.getProfile()).historyId;
        await scanRecent(gmail, consent, addresses, config.hours_to_check, now.getTime(), collected);
      }
      collected.historyIds.set(mailbox, historyId);
    } catch (error) {
      // A mailbox without usable access is skipped with its health recorded; the others go on.
      const problem = accessProblem(error);
      if (!problem) throw error;
      logger.warn('monitor: mailbox skipped, no usable Google access', { mailbox, health: problem.health });
      await recordMailboxCheck(agencyName, mailbox, { ...problem, at: now });
    }
  }
  await tokens.flush();

  let jobId: string | undefined;
  if (collected.refs.length) {
    try {
      const refs = collected.refs;
      ({ jobId } = await startJob(
        agencyName,
        { kind: 'monitor' },
        {
          deadlineAt: new Date(now.getTime() + config.max_duration_minutes * 60_000).toISOString(),
          prepare: async (id) => {
            const batchCount = await writeBatches(agencyName, id, refs);
            await jobEntity().patch({ agencyName, jobId: id }).set({ threadsTotal: refs.length, batchCount }).go({ response: 'none' });
          },
        },
      ));
    } catch (error) {
      // Another job took the lock meanwhile: keep the old historyIds and stay due.
      if (error instanceof Conflict) return { ...base, result: 'busy' };
      throw error;
    }
  }
  // Only now that the new mail is in a job's hands does the monitor move its history marks.
  for (const [email, historyId] of collected.historyIds) {
    await recordMailboxCheck(agencyName, email, { health: reset.has(email) ? 'history_reset' : 'connected', historyId, at: now });
  }
  await recordCheck(agencyName, { at: now, nextCheckAt, threads: collected.refs.length, messages: collected.messages });
  return { ...base, threads: collected.refs.length, messages: collected.messages, result: jobId ? 'started' : 'nothing-new', ...(jobId ? { jobId } : {}) };
};

const checkAll = async (agencies: string[], now: Date, dueItems?: Map<string, MonitorRegistryItem>): Promise<AgencyCheck[]> => {
  const results: AgencyCheck[] = [];
  for (const agencyName of agencies) {
    try {
      results.push(await checkAgency(agencyName, now, dueItems?.get(agencyName)));
    } catch (error) {
      // One agency's failure (a Google outage for its mailbox) must not stop the others; it stays due.
      logger.error('monitor check failed', { agency: agencyName, error: errorMessage(error) });
    }
  }
  return results;
};

let lambda: LambdaClient | undefined;

export type TickEvent = { agencies?: string[] };

export const runMonitorTick = async (event: TickEvent = {}, now = new Date()): Promise<{ agenciesChecked: number; results: AgencyCheck[] }> => {
  if (Array.isArray(event.agencies)) {
    const results = await checkAll(event.agencies.slice(0, AGENCIES_PER_INVOCATION), now);
    return { agenciesChecked: results.length, results };
  }
  const dueItems = new Map((await dueAgencies(now, MAX_DUE_PER_TICK)).map((item) => [item.agencyName, item]));
  const due = [...dueItems.keys()];
  const chunks: string[][] = [];
  for (let i = 0; i < due.length; i += AGENCIES_PER_INVOCATION) chunks.push(due.slice(i, i + AGENCIES_PER_INVOCATION));
  const self = process.env.AWS_LAMBDA_FUNCTION_NAME;
  if (self && chunks.length > 1) {
    lambda ??= new LambdaClient({});
    await Promise.all(
      chunks.slice(1).map((agencies) =>
        lambda!.send(new InvokeCommand({ FunctionName: self, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify({ agencies })) })),
      ),
    );
    const results = await checkAll(chunks[0]!, now, dueItems);
    return { agenciesChecked: results.length, results };
  }
  const results = await checkAll(due, now, dueItems);
  return { agenciesChecked: results.length, results };
};
